import type { Status } from '@pvstar/contract/enums';
import type { OrgAddBody, OrgEditBody } from '@pvstar/contract/org';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../api/http.ts';
import { ORG_TREE_KEY } from '../../../components/org-tree.ts';

export const ORG_PAGE_KEY = 'orgs';

/** An organisation change shows in the list, in every organisation tree and in the user list's organisation names. */
function useInvalidateOrgs() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['page', ORG_PAGE_KEY] }),
      client.invalidateQueries({ queryKey: ['page', 'users'] }),
      client.invalidateQueries({ queryKey: ORG_TREE_KEY }),
    ]);
}

export function useSaveOrg() {
  const invalidate = useInvalidateOrgs();
  return useMutation({
    mutationFn: (body: OrgAddBody | OrgEditBody) =>
      post<{ id: number } | null>('id' in body ? '/system/org/edit' : '/system/org/add', body, {
        silent: true,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteOrg() {
  const invalidate = useInvalidateOrgs();
  return useMutation({
    mutationFn: (body: { id: number; confirmName: string }) =>
      post<null>('/system/org/delete', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useOrgStatus() {
  const invalidate = useInvalidateOrgs();
  return useMutation({
    mutationFn: (body: { id: number; status: Status }) => post<null>('/system/org/updateStatus', body),
    onSuccess: invalidate,
  });
}
