import { system } from '@pvstar/contract/endpoints/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKey } from '../api/call.ts';
import { useSession } from '../stores/session.ts';

/** The configured default title (SPEC §1), used until the server has answered. */
export const DEFAULT_APP_TITLE = 'PVSTAR';

export const appConfigQuery = queryOptions({
  queryKey: queryKey(system.publicConfig),
  queryFn: ({ signal }) => call(system.publicConfig, {}, { silent: true, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The title to show: the signed-in user's, else the public config's, else the default. */
export function useAppTitle(): string {
  const fromUser = useSession((s) => s.userInfo?.appTitle);
  const config = useQuery({ ...appConfigQuery, enabled: !fromUser });
  return fromUser || config.data?.appTitle || DEFAULT_APP_TITLE;
}
