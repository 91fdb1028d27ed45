import type { Dashboard } from '@pvstar/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../api/http.ts';

/** How often the figures are read again while the page is open. */
export const DASHBOARD_REFRESH_MS = 30_000;

/** The caller's plant figures (GET /station/dashboard), refreshed every 30 s. */
export const useDashboard = () =>
  useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => get<Dashboard>('/station/dashboard', { signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
    // A failed refresh keeps the figures on screen; a toast says what went wrong.
    placeholderData: (previous) => previous,
  });
