import { flattenMenu, PERM } from '@pvstar/contract/perm';
import {
  type LoaderFunction,
  type LoaderFunctionArgs,
  Navigate,
  type RouteObject,
  redirect,
  useParams,
} from 'react-router';
import { loadAntd } from '../components/antd-scope.tsx';
import { lazyRetrying } from '../components/lazy-retrying.ts';
import { prefetchDashboard } from '../features/dashboard/api/dashboard-api.ts';
import RouteErrorPage from '../features/errors/route-error-page.tsx';
import { withTexts } from '../i18n/index.ts';
import { hasPerm } from '../permissions/perm.tsx';
import { useSession } from '../stores/session.ts';
import { resolveAccess } from './nav.ts';
import { PAGES, preload, preloadPage } from './pages.ts';
import { PageLoading } from './progress.tsx';
import { queryClient } from './query-client.ts';
import { AntdOutlet, RootShell } from './root-shell.tsx';

const LoginPage = lazyRetrying(() => import('../features/auth/login-page.tsx'));
const RegisterPage = lazyRetrying(() => import('../features/auth/register-page.tsx'));
const RegPasswordPage = lazyRetrying(() => import('../features/auth/reg-password-page.tsx'));
const DownloadAppPage = lazyRetrying(() => import('../features/auth/download-app-page.tsx'));
// The owner's invitation (the link of the mail): its texts are a page namespace (commissioning).
const InvitationPage = lazyRetrying(
  withTexts(['commissioning'], () => import('../features/auth/invitation-page.tsx')),
);
const loadDashboard = () => import('../features/dashboard/dashboard-page.tsx');
const DashboardPage = lazyRetrying(loadDashboard);
// The personal centre uses namespaces outside the core catalogue (twoFactor); the dashboard does not.
const loadMe = withTexts(
  ['apiToken', 'commissioning', 'twoFactor'],
  () => import('../features/me/me-page.tsx'),
);
const MePage = lazyRetrying(loadMe);
const ForbiddenPage = lazyRetrying(() => import('../features/errors/forbidden-page.tsx'));
const NotFoundPage = lazyRetrying(() => import('../features/errors/not-found-page.tsx'));
// In the entry, not loaded lazily: it shows when a page's code fails to arrive, e.g. with the network down.
const routeError = <RouteErrorPage />;
// The signed-in shell loads with the first page inside it, so the sign-in page does without it.
const loadLayout = () => import('./layout/layout.tsx');
const Layout = lazyRetrying(loadLayout);

/** What a route tells the shell: its title (`ns:key`), breadcrumb (menu keys) and sidebar entry. */
export interface RouteHandle {
  title: string;
  crumbs?: string[];
  menuPath?: string;
}

/**
 * Starts loading the code of the signed-in shell and of the page at `path` (whichever the permissions turn
 * out to allow), so that it arrives while the guard still reads the user.
 */
export function preloadSignedIn(path: string) {
  preload(loadAntd);
  preload(loadLayout);
  if (path === '/' || path === '/dashboard') preload(loadDashboard);
  else if (path === '/me') preload(loadMe);
  else {
    const pages = flattenMenu().flatMap((n) => [n, ...(n.alsoPaths ?? [])]);
    const page = pages.find((n) => n.path === path)?.page;
    if (page) preloadPage(page);
  }
}

/** The dashboard's figures are asked for as soon as the route matches, alongside its code. */
function dashboardLoader() {
  if (hasPerm(useSession.getState().perms, [PERM.station])) void prefetchDashboard(queryClient);
  return null;
}

/** The paths open without a token (requirements §R2.2). */
export const WHITELIST = ['/login', '/regPassword', '/register', '/downloadApp', '/invitation'];

function PageHost({ page }: { page: string }) {
  const Page = PAGES[page]!;
  return <Page />;
}

/** /redirect/<path> leaves for /<path>, which mounts that page afresh (tags view "refresh"). */
function RedirectHelper() {
  const params = useParams();
  return <Navigate to={`/${params['*'] ?? ''}`} replace />;
}

/**
 * Where a path without a route of this user leads: a page of the app the permissions do not open is
 * 401 (no permission), anything else 404.
 */
function unmatched(request: Request) {
  const path = new URL(request.url).pathname;
  const known = flattenMenu()
    .flatMap((n) => [n, ...(n.alsoPaths ?? [])])
    .some((n) => n.path === path);
  return known ? '/401' : '/404';
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
      errorElement: routeError,
      // While the first guard runs (e.g. loading the user), the progress bar shows.
      HydrateFallback: PageLoading,
      children: [
        // The sign-in form is drawn without antd; every other view is inside antd's providers.
        { path: '/login', element: <LoginPage />, handle: handle({ title: 'app:login.title' }) },
        {
          id: 'antd',
          element: <AntdOutlet />,
          children: [
            { path: '/register', element: <RegisterPage />, handle: handle({ title: 'app:register.title' }) },
            {
              path: '/regPassword',
              element: <RegPasswordPage />,
              handle: handle({ title: 'app:forget.title' }),
            },
            {
              path: '/downloadApp',
              element: <DownloadAppPage />,
              handle: handle({ title: 'app:downloadApp.title' }),
            },
            {
              path: '/invitation',
              element: <InvitationPage />,
              handle: handle({ title: 'app:invitation.title' }),
            },
            {
              id: 'layout',
              element: <Layout nav={access.nav} />,
              children: [
                { index: true, loader: () => redirect('/dashboard'), Component: Blank },
                {
                  path: '/dashboard',
                  loader: dashboardLoader,
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
                    handle: handle({
                      title: `menu:${p.crumbs.at(-1)}`,
                      crumbs: p.crumbs,
                      menuPath: p.menuPath,
                    }),
                  }),
                ),
                ...access.redirects.map(
                  (r): RouteObject => ({ path: r.path, loader: () => redirect(r.to), Component: Blank }),
                ),
                {
                  path: '*',
                  loader: ({ request }: LoaderFunctionArgs) => redirect(unmatched(request)),
                  Component: Blank,
                },
              ].map((route) => ({ ...route, errorElement: routeError }) as RouteObject),
            },
          ],
        },
      ],
    },
  ];
}
