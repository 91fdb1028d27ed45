import type { Dashboard } from '@pvstar/contract/dashboard';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../api/http.ts';

/** How often the figures are read again while the page is open. */
export const DASHBOARD_REFRESH_MS = 30_000;

/** The caller's plant figures (GET /station/dashboard). */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: ({ signal }) => get<Dashboard>('/station/dashboard', { signal }),
});

/**
 * The figures asked for ahead, as soon as the route matches. Silent: should it fail, the page asks again
 * when it mounts and shows that failure itself, once.
 */
export const prefetchDashboard = (client: QueryClient) =>
  client.prefetchQuery({
    ...dashboardQuery,
    queryFn: ({ signal }) => get<Dashboard>('/station/dashboard', { signal, silent: true }),
  });

/** The caller's plant figures, refreshed every 30 s. */
export const useDashboard = () =>
  useQuery({
    ...dashboardQuery,
    refetchInterval: DASHBOARD_REFRESH_MS,
    // A failed refresh keeps the figures on screen; a toast says what went wrong.
    placeholderData: (previous) => previous,
  });
