import { device } from '@pvstar/contract/endpoints/device';
import { readingQuality } from '@pvstar/contract/endpoints/reading-quality';
import type { SetAsideDecideBody } from '@pvstar/contract/reading-quality';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKey } from '../../../api/call.ts';

/** Milliseconds between looks at a recomputation under way. */
const POLL_MS = 2_000;

const recomputeKey = (deviceId: number) => queryKey(readingQuality.recompute, { deviceId });

/** The recomputation of the device's plant's days; polled while it waits or runs. */
export function useSetAsideRecompute(deviceId: number) {
  return useQuery({
    queryKey: recomputeKey(deviceId),
    queryFn: ({ signal }) =>
      call(readingQuality.recompute, { query: { deviceId } }, { signal, silent: true }),
    retry: false,
    refetchInterval: (q) => {
      const state = q.state.data?.state;
      return state === 'PENDING' || state === 'RUNNING' ? POLL_MS : false;
    },
  });
}

/**
 * Accepts or keeps out set-aside readings; the list, the chart and the recomputation's progress follow
 * (the progress from the answer at once, so that its polling starts).
 */
export function useDecideReadings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SetAsideDecideBody) => call(readingQuality.decide, { body }, { silent: true }),
    onSuccess: (result, body) => {
      client.setQueryData(recomputeKey(body.deviceId), result.recompute);
      return Promise.all(
        [readingQuality.page, device.history].map((ep) =>
          client.invalidateQueries({ queryKey: queryKey(ep) }),
        ),
      );
    },
  });
}
