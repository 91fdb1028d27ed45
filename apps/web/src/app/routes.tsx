import { lazy } from 'react';
import { type LoaderFunction, Navigate, type RouteObject, redirect, useParams } from 'react-router';
import NotFoundPage from '../features/errors/not-found-page.tsx';
import RouteErrorPage from '../features/errors/route-error-page.tsx';
import { Layout } from './layout/layout.tsx';
import { resolveAccess } from './nav.ts';
import { PAGES } from './pages.ts';
import { PageLoading } from './progress.tsx';
import { RootShell } from './root-shell.tsx';

const LoginPage = lazy(() => import('../features/auth/login-page.tsx'));
const RegisterPage = lazy(() => import('../features/auth/register-page.tsx'));
const RegPasswordPage = lazy(() => import('../features/auth/reg-password-page.tsx'));
const DownloadAppPage = lazy(() => import('../features/auth/download-app-page.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page.tsx'));
const MePage = lazy(() => import('../features/me/me-page.tsx'));
const ForbiddenPage = lazy(() => import('../features/errors/forbidden-page.tsx'));

/** What a route tells the shell: its title (`ns:key`), breadcrumb (menu keys) and sidebar entry. */
export interface RouteHandle {
  title: string;
  crumbs?: string[];
  menuPath?: string;
}

/** The paths open without a token (SPEC §2). */
export const WHITELIST = ['/login', '/regPassword', '/register', '/downloadApp'];

function PageHost({ page }: { page: string }) {
  const Page = PAGES[page]!;
  return <Page />;
}

/** /redirect/<path> leaves for /<path>, which mounts that page afresh (tags view "refresh"). */
function RedirectHelper() {
  const params = useParams();
  return <Navigate to={`/${params['*'] ?? ''}`} replace />;
}

/** What a redirecting route shows for the moment before its loader has sent the user on. */
const Blank = () => null;

/**
 * The route table: public pages, the layout's fixed pages and — once the permissions are known — the
 * permission-gated pages read from MENU_TREE. `perms` null means "not known yet".
 */
export function buildRoutes(perms: readonly string[] | null, guard: LoaderFunction): RouteObject[] {
  const access = perms ? resolveAccess(perms) : { pages: [], redirects: [], nav: [] };
  const handle = (h: RouteHandle) => h;
  return [
    {
      id: 'root',
      loader: guard,
      shouldRevalidate: () => true,
      element: <RootShell />,
      errorElement: <RouteErrorPage />,
      // While the first guard runs (e.g. loading the user), the progress bar shows.
      HydrateFallback: PageLoading,
      children: [
        { path: '/login', element: <LoginPage />, handle: handle({ title: 'app:login.title' }) },
        { path: '/register', element: <RegisterPage />, handle: handle({ title: 'app:register.title' }) },
        { path: '/regPassword', element: <RegPasswordPage />, handle: handle({ title: 'app:forget.title' }) },
        {
          path: '/downloadApp',
          element: <DownloadAppPage />,
          handle: handle({ title: 'app:downloadApp.title' }),
        },
        {
          id: 'layout',
          element: <Layout nav={access.nav} />,
          children: [
            { index: true, loader: () => redirect('/dashboard'), Component: Blank },
            {
              path: '/dashboard',
              element: <DashboardPage />,
              handle: handle({ title: 'menu:dashboard', crumbs: ['dashboard'], menuPath: '/dashboard' }),
            },
            { path: '/me', element: <MePage />, handle: handle({ title: 'menu:me', crumbs: ['me'] }) },
            { path: '/redirect/*', element: <RedirectHelper /> },
            {
              path: '/401',
              element: <ForbiddenPage />,
              handle: handle({ title: 'app:errors.forbiddenTitle' }),
            },
            {
              path: '/404',
              element: <NotFoundPage />,
              handle: handle({ title: 'app:errors.notFoundTitle' }),
            },
            ...access.pages.map(
              (p): RouteObject => ({
                path: p.path,
                element: <PageHost key={p.path} page={p.page} />,
                handle: handle({ title: `menu:${p.crumbs.at(-1)}`, crumbs: p.crumbs, menuPath: p.menuPath }),
              }),
            ),
            ...access.redirects.map(
              (r): RouteObject => ({ path: r.path, loader: () => redirect(r.to), Component: Blank }),
            ),
            { path: '*', loader: () => redirect('/404'), Component: Blank },
          ].map((route) => ({ ...route, errorElement: <RouteErrorPage /> }) as RouteObject),
        },
      ],
    },
  ];
}
