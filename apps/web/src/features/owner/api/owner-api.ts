import { owner } from '@pvstar/contract/endpoints/owner';
import { useQuery } from '@tanstack/react-query';
import { call, queryKey } from '../../../api/call.ts';

/** The plants of one owner within the caller's scope (loaded when the row is opened). */
export const useOwnerPlants = (userId: number) =>
  useQuery({
    queryKey: queryKey(owner.plants, { query: { userId } }),
    queryFn: ({ signal }) => call(owner.plants, { query: { userId } }, { signal }),
    staleTime: 30_000,
  });
