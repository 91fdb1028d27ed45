import { remote } from '@pvstar/contract/endpoints/remote';
import type {
  RemoteAuditPageBody,
  RemoteCommand,
  RemoteState,
  RemoteWriteBody,
} from '@pvstar/contract/remote';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKey } from '../../api/call.ts';
import { saveBlob } from '../../api/http.ts';
import { openCommand } from './params.ts';

/** While a command is under way its state is read this often; otherwise not at all. */
export const REMOTE_POLL_MS = 2000;

const stateKey = (deviceId: number) => queryKey(remote.paramsState, deviceId);

/**
 * The device's values as last read, its recent commands and what the caller may do. Silent: a failed
 * read shows in place, and a poll every 2 s must not stack up toasts.
 */
export const useRemoteState = (deviceId: number) =>
  useQuery({
    queryKey: stateKey(deviceId),
    queryFn: ({ signal }) => call(remote.paramsState, { body: { deviceId } }, { signal, silent: true }),
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
    onSettled: () => client.invalidateQueries({ queryKey: queryKey(remote.auditPage) }),
  };
}

export function useReadParams(deviceId: number) {
  const callbacks = useCommandCallbacks(deviceId);
  return useMutation({
    mutationFn: () => call(remote.paramsRead, { body: { deviceId } }),
    ...callbacks,
  });
}

/** Silent: the dialog and the form show the server's field errors themselves. */
export function useWriteParams(deviceId: number) {
  const callbacks = useCommandCallbacks(deviceId);
  return useMutation({
    mutationFn: (body: Omit<RemoteWriteBody, 'deviceId'>) =>
      call(remote.paramsWrite, { body: { ...body, deviceId } }, { silent: true }),
    ...callbacks,
  });
}

/** Downloads the audit rows of the filter as xlsx. */
export async function exportRemoteAudit(filter: RemoteAuditPageBody) {
  const blob = await call(remote.auditExport, { body: filter });
  saveBlob(blob, `remote-audit-${new Date().toISOString().slice(0, 10)}.xlsx`);
}
