import { tariff } from '@pvstar/contract/endpoints/tariff';
import type { TariffPeriodBody, TariffPeriodEditBody } from '@pvstar/contract/tariff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKey, upload } from '../../../api/call.ts';

/** Milliseconds between looks at a recomputation under way. */
const POLL_MS = 2_000;

/** A plant's tariff periods, flat prices and recomputation; polled while a recomputation runs. */
export function useTariffs(stationId: number) {
  return useQuery({
    queryKey: queryKey(tariff.list, { stationId }),
    queryFn: () => call(tariff.list, { body: { stationId } }, { silent: true }),
    refetchInterval: (q) => {
      const state = q.state.data?.recompute.state;
      return state === 'PENDING' || state === 'RUNNING' ? POLL_MS : false;
    },
  });
}

const useInvalidate = () => {
  const client = useQueryClient();
  // The plant's revenue figures change with its tariff: its statistics are asked for again as well.
  return () => client.invalidateQueries({ queryKey: [tariff.list.tag] });
};

export function useSavePeriod() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TariffPeriodBody | TariffPeriodEditBody) =>
      'id' in body
        ? call(tariff.edit, { body }, { silent: true }).then(() => body.id)
        : call(tariff.add, { body }, { silent: true }).then((r) => r.id),
    onSuccess: () => invalidate(),
  });
}

export function useDeletePeriod() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(tariff.delete, { body: { id } }),
    onSuccess: () => invalidate(),
  });
}

/** Sends a price file: a preview (`commit` false) or the import. */
export function useImportPrices() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (o: { periodId: number; file: File; unit: 'KWH' | 'MWH'; commit: boolean }) =>
      upload(tariff.import, o.file, {
        silent: true,
        fields: { periodId: String(o.periodId), unit: o.unit, commit: o.commit ? 'true' : 'false' },
      }),
    onSuccess: (result) => {
      if (result.saved) void invalidate();
    },
  });
}
