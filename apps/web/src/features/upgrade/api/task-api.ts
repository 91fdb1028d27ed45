import type { PageResult } from '@pvstar/contract/api';
import type { Endpoint } from '@pvstar/contract/endpoint';
import { upgrade } from '@pvstar/contract/endpoints/upgrade';
import type { UpgradeTaskAddBody } from '@pvstar/contract/firmware';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { call, queryKey } from '../../../api/call.ts';
import { isDetailLive } from '../upgrade-logic.ts';

/** How often the list and the detail read again while a task moves. */
export const LIST_LIVE_MS = 5000;
export const DETAIL_LIVE_MS = 3000;

/** One task; read again every few seconds while its devices may still move. */
export function useTaskDetail(id: number | null) {
  return useQuery({
    queryKey: queryKey(upgrade.taskDetail, { body: { id } }),
    queryFn: ({ signal }) => call(upgrade.taskDetail, { body: { id: id! } }, { signal, silent: true }),
    enabled: id !== null,
    retry: false,
    refetchInterval: (query) => (isDetailLive(query.state.data) ? DETAIL_LIVE_MS : false),
  });
}

function useInvalidateTasks() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKey(upgrade.taskPage) }),
      client.invalidateQueries({ queryKey: queryKey(upgrade.taskDevices) }),
      client.invalidateQueries({ queryKey: queryKey(upgrade.taskDetail) }),
      client.invalidateQueries({ queryKey: queryKey(upgrade.taskHistory) }),
    ]);
}

export function useAddTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: (body: UpgradeTaskAddBody) => call(upgrade.taskAdd, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export type TaskControl = 'pause' | 'resume' | 'cancel';
const CONTROLS = { pause: upgrade.taskPause, resume: upgrade.taskResume, cancel: upgrade.taskCancel };

export function useTaskControl() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: ({ action, id }: { action: TaskControl; id: number }) =>
      call(CONTROLS[action], { body: { id } }),
    onSuccess: invalidate,
  });
}

/** Sends the image again to the failed and timed-out devices (or only those named). */
export function useRetryTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: (body: { id: number; deviceIds?: number[] }) => call(upgrade.taskRetry, { body }),
    onSuccess: invalidate,
  });
}

/** The steps one device of a task went through. */
export function useDeviceHistory(deviceRowId: number | null, live: boolean) {
  return useQuery({
    queryKey: queryKey(upgrade.taskHistory, { body: { id: deviceRowId } }),
    queryFn: ({ signal }) =>
      call(upgrade.taskHistory, { body: { id: deviceRowId! } }, { signal, silent: true }),
    enabled: deviceRowId !== null,
    retry: false,
    refetchInterval: live ? DETAIL_LIVE_MS : false,
  });
}

/**
 * Whether the page a PageTable of `endpoint` shows (its query with a mounted observer) holds a row that
 * may still change, so that the table is read again only then. The table owns its query; this watches
 * the cache instead of reaching into it.
 */
export function usePageLive<Row>(endpoint: Endpoint, isLive: (row: Row) => boolean): boolean {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const snapshot = useCallback(
    () =>
      cache
        .findAll({ queryKey: queryKey(endpoint), type: 'active' })
        .some((q) => (q.state.data as PageResult<Row> | undefined)?.list.some(isLive) ?? false),
    [cache, endpoint, isLive],
  );
  return useSyncExternalStore(subscribe, snapshot);
}
