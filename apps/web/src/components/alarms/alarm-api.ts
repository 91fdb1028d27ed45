import type {
  AlarmAckBody,
  AlarmActionResult,
  AlarmCloseBody,
  AlarmPageBody,
  AlarmRow,
  AlarmSummary,
} from '@pvstar/contract/alarm';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post, saveBlob } from '../../api/http.ts';

/** Query key of the alarm lists (PageTable prefixes it with 'page'): the alert center and the plant tab. */
export const ALARM_PAGE_KEY = 'alarms';
export const ALARM_PAGE_URL = '/iot/alarm/page';
/** How often alarm lists are read again, so that a new alarm shows within seconds. */
export const ALARM_REFRESH_MS = 15_000;

/** Ongoing counts per group and the unacknowledged count, under the list's filter. */
export const useAlarmSummary = (filter: AlarmPageBody) =>
  useQuery({
    queryKey: ['alarm-summary', filter],
    queryFn: ({ signal }) => post<AlarmSummary>('/iot/alarm/summary', filter, { signal }),
    refetchInterval: ALARM_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

/** One alarm, fresh (the drawer): acknowledging elsewhere or its end shows while it is open. */
export const useAlarmDetail = (id: number | null) =>
  useQuery({
    queryKey: ['alarm', id],
    queryFn: ({ signal }) => post<AlarmRow>('/iot/alarm/detail', { id }, { signal }),
    enabled: id !== null,
    refetchInterval: ALARM_REFRESH_MS,
  });

/** An acknowledged or closed alarm shows in the lists, the counts, the drawer and the dashboard. */
function useInvalidateAlarms() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [['page', ALARM_PAGE_KEY], ['alarm-summary'], ['alarm'], ['dashboard']].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
}

/** Silent: the comment dialog shows the server's field errors itself. */
export function useAcknowledgeAlarms() {
  const invalidate = useInvalidateAlarms();
  return useMutation({
    mutationFn: (body: AlarmAckBody) =>
      post<AlarmActionResult>('/iot/alarm/acknowledge', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useCloseAlarms() {
  const invalidate = useInvalidateAlarms();
  return useMutation({
    mutationFn: (body: AlarmCloseBody) => post<AlarmActionResult>('/iot/alarm/close', body, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Downloads the alarms of the filter as xlsx. */
export async function exportAlarms(filter: AlarmPageBody) {
  const blob = await post<Blob>('/iot/alarm/export', filter, { blob: true });
  saveBlob(blob, `alarms-${new Date().toISOString().slice(0, 10)}.xlsx`);
}
