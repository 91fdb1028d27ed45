import type { DeviceDetail, DeviceHistory, DeviceHistoryBody, DeviceType } from '@pvstar/contract/device';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get, post } from '../../../api/http.ts';

export const DEVICE_PAGE_KEY = 'devices';
/** Latest values refresh about as often as the fastest dongles report. */
const LIVE_MS = 15_000;

export function useDeviceDetail(deviceType: DeviceType, id: number | null) {
  return useQuery({
    queryKey: ['device', deviceType, id],
    queryFn: ({ signal }) => get<DeviceDetail>('/iot/device/detail', { query: { deviceType, id }, signal }),
    enabled: id !== null,
    refetchInterval: LIVE_MS,
    retry: false,
  });
}

export function useDeviceHistory(body: DeviceHistoryBody | null) {
  return useQuery({
    queryKey: ['device-history', body],
    queryFn: ({ signal }) => post<DeviceHistory>('/iot/device/history', body, { signal }),
    enabled: body !== null && body.metrics.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
