import type { PageResult } from '@pvstar/contract/api';
import type { UpgradeHistoryRow, UpgradeTaskAddBody, UpgradeTaskRow } from '@pvstar/contract/firmware';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { post } from '../../../api/http.ts';
import { isDetailLive } from '../upgrade-logic.ts';

export const TASK_PAGE_KEY = 'upgrade-tasks';
export const TASK_DEVICES_KEY = 'upgrade-task-devices';
export const CANDIDATES_KEY = 'upgrade-candidates';
/** How often the list and the detail read again while a task moves. */
export const LIST_LIVE_MS = 5000;
export const DETAIL_LIVE_MS = 3000;

const taskKey = (id: number | null) => ['upgrade-task', id];

/** One task; read again every few seconds while its devices may still move. */
export function useTaskDetail(id: number | null) {
  return useQuery({
    queryKey: taskKey(id),
    queryFn: ({ signal }) =>
      post<UpgradeTaskRow>('/iot/upgrade/task/detail', { id }, { signal, silent: true }),
    enabled: id !== null,
    retry: false,
    refetchInterval: (query) => (isDetailLive(query.state.data) ? DETAIL_LIVE_MS : false),
  });
}

function useInvalidateTasks() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['page', TASK_PAGE_KEY] }),
      client.invalidateQueries({ queryKey: ['page', TASK_DEVICES_KEY] }),
      client.invalidateQueries({ queryKey: ['upgrade-task'] }),
      client.invalidateQueries({ queryKey: ['upgrade-history'] }),
    ]);
}

export function useAddTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: (body: UpgradeTaskAddBody) =>
      post<{ id: number }>('/iot/upgrade/task/add', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export type TaskControl = 'pause' | 'resume' | 'cancel';

export function useTaskControl() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: ({ action, id }: { action: TaskControl; id: number }) =>
      post<null>(`/iot/upgrade/task/${action}`, { id }),
    onSuccess: invalidate,
  });
}

/** Sends the image again to the failed and timed-out devices (or only those named). */
export function useRetryTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: (body: { id: number; deviceIds?: number[] }) => post<null>('/iot/upgrade/task/retry', body),
    onSuccess: invalidate,
  });
}

/** The steps one device of a task went through. */
export function useDeviceHistory(deviceRowId: number | null, live: boolean) {
  return useQuery({
    queryKey: ['upgrade-history', deviceRowId],
    queryFn: ({ signal }) =>
      post<UpgradeHistoryRow[]>('/iot/upgrade/task/history', { id: deviceRowId }, { signal, silent: true }),
    enabled: deviceRowId !== null,
    retry: false,
    refetchInterval: live ? DETAIL_LIVE_MS : false,
  });
}

/**
 * Whether the page a PageTable shows (the query of `['page', key]` with a mounted observer) holds a
 * row that may still change, so that the table is read again only then. The table owns its query;
 * this watches the cache instead of reaching into it.
 */
export function usePageLive<Row>(key: string, isLive: (row: Row) => boolean): boolean {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const snapshot = useCallback(
    () =>
      cache
        .findAll({ queryKey: ['page', key], type: 'active' })
        .some((q) => (q.state.data as PageResult<Row> | undefined)?.list.some(isLive) ?? false),
    [cache, key, isLive],
  );
  return useSyncExternalStore(subscribe, snapshot);
}
