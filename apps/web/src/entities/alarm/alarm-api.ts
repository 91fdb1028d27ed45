import type { AlarmAckBody, AlarmCloseBody, AlarmPageBody } from '@pvstar/contract/alarm';
import { alarm } from '@pvstar/contract/endpoints/alarm';
import { dashboard } from '@pvstar/contract/endpoints/dashboard';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKey } from '../../api/call.ts';
import { saveBlob } from '../../api/http.ts';

/** How often alarm lists are read again, so that a new alarm shows within seconds. */
export const ALARM_REFRESH_MS = 15_000;

/** Ongoing counts per group and the unacknowledged count, under the list's filter. */
export const useAlarmSummary = (filter: AlarmPageBody) =>
  useQuery({
    queryKey: queryKey(alarm.summary, filter),
    queryFn: ({ signal }) => call(alarm.summary, { body: filter }, { signal }),
    refetchInterval: ALARM_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

/**
 * How often the header's bell reads its count. No push channel reaches the browser, so it polls;
 * react-query holds the interval while the tab is hidden and reads again when it shows.
 */
export const BELL_REFRESH_MS = 30_000;

/** Ongoing alarms nobody acknowledged, in the caller's scope (only for holders of the alert center's code). */
export const useAlarmBell = (enabled: boolean) =>
  useQuery({
    queryKey: queryKey(alarm.bell),
    queryFn: ({ signal }) => call(alarm.bell, {}, { signal }),
    enabled,
    refetchInterval: BELL_REFRESH_MS,
  });

/** One alarm, fresh (the drawer): acknowledging elsewhere or its end shows while it is open. */
export const useAlarmDetail = (id: number | null) =>
  useQuery({
    queryKey: queryKey(alarm.detail, id),
    queryFn: ({ signal }) => call(alarm.detail, { body: { id: id! } }, { signal }),
    enabled: id !== null,
    refetchInterval: ALARM_REFRESH_MS,
  });

/** An acknowledged or closed alarm shows in the lists, the counts, the bell, the drawer and the dashboard. */
function useInvalidateAlarms() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [alarm.page, alarm.summary, alarm.bell, alarm.detail, dashboard.figures].map((endpoint) =>
        client.invalidateQueries({ queryKey: queryKey(endpoint) }),
      ),
    );
}

/** Silent: the comment dialog shows the server's field errors itself. */
export function useAcknowledgeAlarms() {
  const invalidate = useInvalidateAlarms();
  return useMutation({
    mutationFn: (body: AlarmAckBody) => call(alarm.acknowledge, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useCloseAlarms() {
  const invalidate = useInvalidateAlarms();
  return useMutation({
    mutationFn: (body: AlarmCloseBody) => call(alarm.close, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Downloads the alarms of the filter as xlsx. */
export async function exportAlarms(filter: AlarmPageBody) {
  const blob = await call(alarm.export, { body: filter });
  saveBlob(blob, `alarms-${new Date().toISOString().slice(0, 10)}.xlsx`);
}
