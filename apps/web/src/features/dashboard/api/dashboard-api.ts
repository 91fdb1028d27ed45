import { dashboard } from '@pvstar/contract/endpoints/dashboard';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKey } from '../../../api/call.ts';

/**
 * How often the figures are read again while the page is open: as often as a plant's live figures, so
 * the fleet's power flow is as live as a plant's (callers of one scope share one computation, docs/dashboard.md).
 */
export const DASHBOARD_REFRESH_MS = 10_000;

/** The caller's plant figures. */
export const dashboardQuery = queryOptions({
  queryKey: queryKey(dashboard.figures),
  queryFn: ({ signal }) => call(dashboard.figures, {}, { signal }),
});

/**
 * The figures asked for ahead, as soon as the route matches. Silent: should it fail, the page asks again
 * when it mounts and shows that failure itself, once.
 */
export const prefetchDashboard = (client: QueryClient) =>
  client.prefetchQuery({
    ...dashboardQuery,
    queryFn: ({ signal }) => call(dashboard.figures, {}, { signal, silent: true }),
  });

/** The caller's plant figures, refreshed every 10 s. */
export const useDashboard = () =>
  useQuery({
    ...dashboardQuery,
    refetchInterval: DASHBOARD_REFRESH_MS,
    // A failed refresh keeps the figures on screen; a toast says what went wrong.
    placeholderData: (previous) => previous,
  });
