import type { OwnerPlant } from '@pvstar/contract/owner';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../api/http.ts';

/** Query key of the owner list (PageTable prefixes it with 'page'). */
export const OWNER_PAGE_KEY = 'owners';

/** The plants of one owner within the caller's scope (loaded when the row is opened). */
export const useOwnerPlants = (userId: number) =>
  useQuery({
    queryKey: ['owner-plants', userId],
    queryFn: ({ signal }) => get<OwnerPlant[]>('/system/owner/plants', { query: { userId }, signal }),
    staleTime: 30_000,
  });
