import { system } from '@pvstar/contract/endpoints/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call, queryKey } from '../api/call.ts';
import { useSession } from '../stores/session.ts';

/** The configured default title (requirements §R1.3), used until the server has answered. */
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

/** The maps' tile server and attribution (MAP_TILE_URL on the server); null url: a plain background. */
export type MapTiles = { url: string | null; attribution: string };

/**
 * The tile setting, once the public config has answered (undefined until then, so that no map asks the
 * default server for tiles the operator replaced). A config that cannot be read leaves the plain background.
 */
export function useMapTiles(): MapTiles | undefined {
  const config = useQuery(appConfigQuery);
  const url = config.isError ? null : config.data?.mapTileUrl;
  const attribution = config.data?.mapTileAttribution ?? '';
  // One object while the setting stays, so that a map is not built anew on every render.
  return useMemo(() => (url === undefined ? undefined : { url, attribution }), [url, attribution]);
}
