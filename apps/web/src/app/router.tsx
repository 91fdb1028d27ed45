import { auth } from '@pvstar/contract/endpoints/auth';
import { useSyncExternalStore } from 'react';
import { createHashRouter, type LoaderFunctionArgs, redirect } from 'react-router';
import { call } from '../api/call.ts';
import { ApiError, setUnauthorizedHandler } from '../api/http.ts';
import { loadAntd } from '../components/antd-scope.tsx';
import { toast } from '../components/toast.ts';
import i18n from '../i18n/index.ts';
import { tokenStore, useSession } from '../stores/session.ts';
import { preload } from './pages.ts';
import { queryClient } from './query-client.ts';
import { buildRoutes, preloadSignedIn, WHITELIST } from './routes.tsx';

type Router = ReturnType<typeof createHashRouter>;

/**
 * The one data router, rebuilt when the permissions become known (or are forgotten): its routes are
 * made from the user's permissions at run time (requirements §R2.4). `version` keys the RouterProvider.
 */
let current: { router: Router; version: number; withPerms: boolean } | null = null;
const listeners = new Set<() => void>();

export function installRouter(perms: readonly string[] | null, to?: string) {
  // Navigation is repeated with replace: the new router starts at the target instead of the old one.
  if (to !== undefined) window.history.replaceState(null, '', `#${to}`);
  const previous = current;
  const router = createHashRouter(
    buildRoutes(perms, guard),
    // The guard has just passed for this location; the new router need not run it again.
    perms ? { hydrationData: { loaderData: { root: null } } } : undefined,
  );
  current = { router, version: (previous?.version ?? 0) + 1, withPerms: perms !== null };
  previous?.router.dispose();
  for (const listener of listeners) listener();
}

export function useRouter() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current!,
  );
}

/** Forgets the session and shows /login, without the routes of the old permissions. */
function resetToLogin() {
  tokenStore.clear();
  useSession.getState().reset();
  // Nothing fetched for the old session may show in the next one.
  queryClient.clear();
  if (current?.withPerms) installRouter(null, '/login');
  else void current?.router.navigate('/login', { replace: true });
}

/**
 * The navigation guard (requirements §R2.4), run before every navigation. A redirect thrown here replaces the
 * navigation that was asked for.
 */
async function guard({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const path = url.pathname;
  const token = tokenStore.get();
  if (!token) {
    if (WHITELIST.includes(path)) {
      // The public pages but the sign-in form show antd: its providers load alongside the page's code.
      if (path !== '/login') preload(loadAntd);
      return null;
    }
    throw redirect('/login');
  }
  if (path === '/login') throw redirect('/');

  const session = useSession.getState();
  if (!session.userInfo) {
    const asked = call(auth.getUserInfo, {}, { silent: true, signal: request.signal });
    // The code of the shell and the page loads meanwhile (asked after the user, so as not to queue before it).
    preloadSignedIn(path);
    let perms: string[];
    try {
      const info = await asked;
      if (!info) throw new Error(i18n.t('common:auth.sessionExpired'));
      session.setUserInfo(info);
      perms = useSession.getState().perms;
    } catch (err) {
      if (request.signal.aborted) return null;
      // A 401 has already been handled (session cleared, /login shown); anything else ends the session here.
      if (!(err instanceof ApiError && err.code === 401)) {
        toast('error', (err as Error).message || i18n.t('common:auth.sessionExpired'));
        tokenStore.clear();
        useSession.getState().reset();
      }
      throw redirect('/login');
    }
    if (perms.length === 0) throw redirect('/401');
    try {
      installRouter(perms, path + url.search);
    } catch (err) {
      console.error(err);
      tokenStore.clear();
      useSession.getState().reset();
      throw redirect('/login');
    }
    return null;
  }
  if (session.perms.length === 0 && path !== '/401' && !WHITELIST.includes(path)) throw redirect('/401');
  return null;
}

setUnauthorizedHandler((hadToken) => {
  const signedIn = useSession.getState().userInfo !== null;
  const path = current?.router.state.location.pathname ?? '';
  // A public page's own call answered 401 (e.g. a failed sign-in): that page shows the message.
  if (!signedIn && WHITELIST.includes(path)) return;
  // The token was refused — mid-session or on opening the app with an old one: the sign-in page says why.
  if (hadToken) useSession.getState().setExpired();
  resetToLogin();
});
