import { plantShare } from '@pvstar/contract/endpoints/plant-share';
import type { ShareAddBody } from '@pvstar/contract/plant-share';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKey } from '../../../api/call.ts';

/** A plant's share links (its information tab, for its managers). */
export function useShareLinks(stationId: number, enabled = true) {
  return useQuery({
    queryKey: queryKey(plantShare.page, { stationId }),
    queryFn: () => call(plantShare.page, { body: { stationId } }, { silent: true }),
    enabled,
  });
}

const useInvalidateShares = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKey(plantShare.page) });
};

/** Makes a link; the answer carries its token, this once. */
export function useAddShare() {
  const invalidate = useInvalidateShares();
  return useMutation({
    mutationFn: (body: ShareAddBody) => call(plantShare.add, { body }, { silent: true }),
    onSuccess: () => invalidate(),
  });
}

export function useRevokeShare() {
  const invalidate = useInvalidateShares();
  return useMutation({
    mutationFn: (id: number) => call(plantShare.revoke, { body: { id } }),
    onSuccess: () => invalidate(),
  });
}
