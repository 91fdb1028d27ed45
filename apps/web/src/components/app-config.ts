import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../api/http.ts';
import { useSession } from '../stores/session.ts';

/** GET /system/config: the configured title and whether the demo account is offered. */
export interface AppConfig {
  appTitle: string;
  demo: boolean;
}

/** The configured default title (SPEC §1), used until the server has answered. */
export const DEFAULT_APP_TITLE = 'PVSTAR';

export const appConfigQuery = queryOptions({
  queryKey: ['system', 'config'],
  queryFn: ({ signal }) => get<AppConfig>('/system/config', { silent: true, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The title to show: the signed-in user's, else the public config's, else the default. */
export function useAppTitle(): string {
  const fromUser = useSession((s) => s.userInfo?.appTitle);
  const config = useQuery({ ...appConfigQuery, enabled: !fromUser });
  return fromUser || config.data?.appTitle || DEFAULT_APP_TITLE;
}
