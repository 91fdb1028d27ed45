import { RouterProvider } from 'react-router';
import { useRouter } from './router.tsx';

/** Renders the current router; a rebuilt router (new permissions) mounts afresh. */
export function AppRouter() {
  const { router, version } = useRouter();
  return <RouterProvider key={version} router={router} />;
}
