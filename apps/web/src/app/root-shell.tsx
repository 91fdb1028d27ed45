import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, type UIMatch, useLocation, useMatches, useNavigation } from 'react-router';
import { AntdScope } from '../components/antd-scope.tsx';
import { useAppTitle } from '../components/app-config.ts';
import { StepUpHost } from '../features/auth/step-up-host.tsx';
import { PageLoading, progressDone, progressStart } from './progress.tsx';
import type { RouteHandle } from './routes.tsx';

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches() as UIMatch<unknown, RouteHandle | undefined>[];
  return matches.findLast((m) => m.handle)?.handle;
}

/**
 * Wraps every page: the progress bar while navigating (no spinner), scroll reset to the top after each
 * navigation, and the document title "<page> - <app title>".
 */
export function RootShell() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const appTitle = useAppTitle();
  const busy = navigation.state !== 'idle';

  useEffect(() => {
    if (!busy) return;
    progressStart();
    return progressDone;
  }, [busy]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    document.title = handle ? `${t(handle.title)} - ${appTitle}` : appTitle;
  }, [handle, appTitle, t]);

  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * Every view but the sign-in form: inside antd's providers (loaded with the first such view, the progress
 * bar showing meanwhile), with the step-up dialog a signed-in action may ask for.
 */
export function AntdOutlet() {
  return (
    <AntdScope fallback={<PageLoading />}>
      <Outlet />
      <StepUpHost />
    </AntdScope>
  );
}
