import { org } from '@pvstar/contract/endpoints/org';
import { user } from '@pvstar/contract/endpoints/user';
import type { Status } from '@pvstar/contract/enums';
import type { OrgAddBody, OrgEditBody } from '@pvstar/contract/org';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, queryKey } from '../../../api/call.ts';

/** An organisation change shows in the list, in every organisation tree and in the user list's organisation names. */
function useInvalidateOrgs() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKey(org.page) }),
      client.invalidateQueries({ queryKey: queryKey(user.page) }),
      client.invalidateQueries({ queryKey: queryKey(org.tree) }),
    ]);
}

export function useSaveOrg() {
  const invalidate = useInvalidateOrgs();
  return useMutation({
    mutationFn: (body: OrgAddBody | OrgEditBody): Promise<{ id: number } | null> =>
      'id' in body ? call(org.edit, { body }, { silent: true }) : call(org.add, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteOrg() {
  const invalidate = useInvalidateOrgs();
  return useMutation({
    mutationFn: (body: { id: number; confirmName: string }) => call(org.delete, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useOrgStatus() {
  const invalidate = useInvalidateOrgs();
  return useMutation({
    mutationFn: (body: { id: number; status: Status }) => call(org.status, { body }),
    onSuccess: invalidate,
  });
}
