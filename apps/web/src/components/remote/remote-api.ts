import type {
  RemoteAuditPageBody,
  RemoteCommand,
  RemoteState,
  RemoteWriteBody,
} from '@pvstar/contract/remote';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post, saveBlob } from '../../api/http.ts';
import { openCommand } from './params.ts';

/** Query key of the audit lists (PageTable prefixes it with 'page'): device and plant. */
export const REMOTE_AUDIT_KEY = 'remote-audit';
export const REMOTE_AUDIT_URL = '/iot/remote/audit/page';
/** While a command is under way its state is read this often; otherwise not at all. */
export const REMOTE_POLL_MS = 2000;

const stateKey = (deviceId: number) => ['remote-state', deviceId];

/**
 * The device's values as last read, its recent commands and what the caller may do. Silent: a failed
 * read shows in place, and a poll every 2 s must not stack up toasts.
 */
export const useRemoteState = (deviceId: number) =>
  useQuery({
    queryKey: stateKey(deviceId),
    queryFn: ({ signal }) =>
      post<RemoteState>('/iot/remote/params/state', { deviceId }, { signal, silent: true }),
    refetchInterval: (query) =>
      query.state.data && openCommand(query.state.data.commands) ? REMOTE_POLL_MS : false,
    retry: false,
  });

/**
 * A new command shows at once (and starts the polling). Sent or refused, the attempt is in the audit
 * log, so the audit lists are read again either way.
 */
function useCommandCallbacks(deviceId: number) {
  const client = useQueryClient();
  return {
    onSuccess: (command: RemoteCommand) => {
      client.setQueryData<RemoteState>(stateKey(deviceId), (state) =>
        state
          ? { ...state, commands: [command, ...state.commands.filter((c) => c.id !== command.id)] }
          : state,
      );
      return client.invalidateQueries({ queryKey: stateKey(deviceId) });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['page', REMOTE_AUDIT_KEY] }),
  };
}

export function useReadParams(deviceId: number) {
  const callbacks = useCommandCallbacks(deviceId);
  return useMutation({
    mutationFn: () => post<RemoteCommand>('/iot/remote/params/read', { deviceId }),
    ...callbacks,
  });
}

/** Silent: the dialog and the form show the server's field errors themselves. */
export function useWriteParams(deviceId: number) {
  const callbacks = useCommandCallbacks(deviceId);
  return useMutation({
    mutationFn: (body: Omit<RemoteWriteBody, 'deviceId'>) =>
      post<RemoteCommand>('/iot/remote/params/write', { ...body, deviceId }, { silent: true }),
    ...callbacks,
  });
}

/** Downloads the audit rows of the filter as xlsx. */
export async function exportRemoteAudit(filter: RemoteAuditPageBody) {
  const blob = await post<Blob>('/iot/remote/audit/export', filter, { blob: true });
  saveBlob(blob, `remote-audit-${new Date().toISOString().slice(0, 10)}.xlsx`);
}
