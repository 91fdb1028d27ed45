import type { CommissioningItem, InvitationAddBody, TickBody } from '@pvstar/contract/commissioning';
import { commissioning, invitation } from '@pvstar/contract/endpoints/commissioning';
import { plant } from '@pvstar/contract/endpoints/plant';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKey } from '../../../api/call.ts';
import { saveBlob } from '../../../api/http.ts';

/** A plant's commissioning checklist (its information page). */
export function useChecklist(stationId: number) {
  return useQuery({
    queryKey: queryKey(commissioning.checklist, { stationId }),
    queryFn: ({ signal }) =>
      call(commissioning.checklist, { query: { stationId } }, { signal, silent: true }),
  });
}

/** After a change: the checklist answered by the server, and the plant's "commissioning" tag in list and detail. */
function useSetChecklist() {
  const client = useQueryClient();
  return (stationId: number, data: Awaited<ReturnType<typeof call<typeof commissioning.checklist>>>) => {
    client.setQueryData(queryKey(commissioning.checklist, { stationId }), data);
    void client.invalidateQueries({ queryKey: [plant.page.tag] });
  };
}

export function useTick() {
  const set = useSetChecklist();
  return useMutation({
    mutationFn: (body: TickBody) => call(commissioning.tick, { body }, { silent: true }),
    onSuccess: (data, body) => set(Number(body.stationId), data),
  });
}

export function useUntick() {
  const set = useSetChecklist();
  return useMutation({
    mutationFn: (body: { stationId: number; item: CommissioningItem }) =>
      call(commissioning.untick, { body }),
    onSuccess: (data, body) => set(body.stationId, data),
  });
}

export function useComplete() {
  const set = useSetChecklist();
  return useMutation({
    mutationFn: (stationId: number) => call(commissioning.complete, { body: { stationId } }),
    onSuccess: (data, stationId) => set(stationId, data),
  });
}

/** Saves the protocol (PDF) in the user's language. */
export async function downloadProtocol(stationId: number, stationNo: string) {
  saveBlob(await call(commissioning.protocol, { query: { stationId } }), `commissioning-${stationNo}.pdf`);
}

/** The plant's owner invitations (its managers). */
export function useInvitations(stationId: number, enabled = true) {
  return useQuery({
    queryKey: queryKey(invitation.page, { stationId }),
    queryFn: () => call(invitation.page, { body: { stationId } }, { silent: true }),
    enabled,
  });
}

const useInvalidateInvitations = () => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKey(invitation.page) }),
      client.invalidateQueries({ queryKey: queryKey(commissioning.checklist) }),
    ]);
};

export function useInvite() {
  const invalidate = useInvalidateInvitations();
  return useMutation({
    mutationFn: (body: InvitationAddBody) => call(invitation.add, { body }, { silent: true }),
    onSuccess: () => invalidate(),
  });
}

export function useRevokeInvitation() {
  const invalidate = useInvalidateInvitations();
  return useMutation({
    mutationFn: (id: number) => call(invitation.revoke, { body: { id } }),
    onSuccess: () => invalidate(),
  });
}
