import type { ApiTokenAddBody } from '@pvstar/contract/api-token';
import { apiToken } from '@pvstar/contract/endpoints/api-token';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
