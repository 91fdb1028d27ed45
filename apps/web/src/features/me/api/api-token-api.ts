import type { ApiTokenAddBody } from '@pvstar/contract/api-token';
import { apiToken } from '@pvstar/contract/endpoints/api-token';
import { plant } from '@pvstar/contract/endpoints/plant';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKey } from '../../../api/call.ts';

/** The personal centre's API tokens (issue 22): the user's own, from a session only. */
const pageInput = { query: { pageNum: 1, pageSize: 100 }, body: { all: true } };

export const useApiTokens = () =>
  useQuery({
    queryKey: queryKey(apiToken.page, pageInput),
    queryFn: ({ signal }) => call(apiToken.page, pageInput, { signal }),
  });

/** Reloads the list after a token was made or revoked. */
export const useRefreshApiTokens = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKey(apiToken.page) });
};

export const addApiToken = (body: ApiTokenAddBody) => call(apiToken.add, { body }, { silent: true });
export const revokeApiToken = (id: number) => call(apiToken.revoke, { body: { id } });

/** The user's plants to limit a token to, by part of the name (the plant list, in the user's scope). */
export const useTokenPlantOptions = (name: string, enabled: boolean) => {
  const input = { query: { pageNum: 1, pageSize: 100 }, body: { stationName: name || undefined } };
  return useQuery({
    queryKey: queryKey(plant.page, input),
    queryFn: ({ signal }) => call(plant.page, input, { signal }),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    select: (page) => page.list.map((p) => ({ value: p.id, label: p.stationName })),
  });
};
