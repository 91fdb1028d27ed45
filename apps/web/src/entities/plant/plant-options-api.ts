import { plant } from '@pvstar/contract/endpoints/plant';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, queryKey } from '../../api/call.ts';

/**
 * The plants of the caller's scope whose name holds `name` (every plant when empty), at most `limit`: the
 * plant list's own endpoint, for the pickers and the header's search.
 */
export const usePlantOptions = (name: string, { enabled, limit }: { enabled: boolean; limit: 10 | 100 }) => {
  const input = { query: { pageNum: 1, pageSize: limit }, body: { stationName: name || undefined } };
  return useQuery({
    queryKey: queryKey(plant.page, input),
    queryFn: ({ signal }) => call(plant.page, input, { signal }),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    select: (page) => page.list,
  });
};
