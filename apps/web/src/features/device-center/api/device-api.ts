import type { DeviceHistoryBody, DeviceType } from '@pvstar/contract/device';
import { device } from '@pvstar/contract/endpoints/device';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, queryKey } from '../../../api/call.ts';

/** Latest values refresh about as often as the fastest dongles report. */
const LIVE_MS = 15_000;

export function useDeviceDetail(deviceType: DeviceType, id: number | null) {
  return useQuery({
    queryKey: queryKey(device.detail, { query: { deviceType, id } }),
    queryFn: ({ signal }) => call(device.detail, { query: { deviceType, id: id! } }, { signal }),
    enabled: id !== null,
    refetchInterval: LIVE_MS,
    retry: false,
  });
}

export function useDeviceHistory(body: DeviceHistoryBody | null) {
  return useQuery({
    queryKey: queryKey(device.history, body),
    queryFn: ({ signal }) => call(device.history, { body: body! }, { signal }),
    enabled: body !== null && body.metrics.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
