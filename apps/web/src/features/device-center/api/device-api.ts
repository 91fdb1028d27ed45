import type { DeviceHistoryBody, DeviceType } from '@pvstar/contract/device';
import type { DeviceReplaceBody } from '@pvstar/contract/device-replacement';
import { device } from '@pvstar/contract/endpoints/device';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** A position's replacements, newest first. */
export function useDeviceReplacements(deviceType: DeviceType, id: number | null) {
  return useQuery({
    queryKey: queryKey(device.replacements, { query: { deviceType, id } }),
    queryFn: ({ signal }) => call(device.replacements, { query: { deviceType, id: id! } }, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

/** Replaces a device; the lists, the detail and the history show the new serial number. */
export function useReplaceDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceReplaceBody) => call(device.replace, { body }, { silent: true }),
    onSuccess: () =>
      Promise.all(
        [device.page, device.detail, device.replacements].map((ep) =>
          client.invalidateQueries({ queryKey: queryKey(ep) }),
        ),
      ),
  });
}
