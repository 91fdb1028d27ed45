import { role } from '@pvstar/contract/endpoints/role';
import type { RoleStatus } from '@pvstar/contract/enums';
import type { RoleAddBody, RoleEditBody } from '@pvstar/contract/role';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKey } from '../../../../api/call.ts';

export const roleDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKey(role.detail, { params: { id } }),
    queryFn: () => call(role.detail, { params: { id } }),
    staleTime: 0,
  });
export const useRoleDetail = (id: number | null) =>
  useQuery({ ...roleDetailQueryOptions(id ?? 0), enabled: id !== null });

/** A role change shows in the role list and in the role choices of the user form. */
function useInvalidateRoles() {
  const client = useQueryClient();
  return (id?: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKey(role.page) }),
      client.invalidateQueries({ queryKey: queryKey(role.options) }),
      id ? client.invalidateQueries({ queryKey: queryKey(role.detail, { params: { id } }) }) : undefined,
    ]);
}

export function useSaveRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (body: RoleAddBody | RoleEditBody): Promise<{ id: number } | null> =>
      'id' in body ? call(role.edit, { body }, { silent: true }) : call(role.add, { body }, { silent: true }),
    onSuccess: (_data, body) => invalidate('id' in body ? body.id : undefined),
  });
}

export function useRoleStatus() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (body: { id: number; status: RoleStatus }) => call(role.status, { body }),
    onSuccess: (_d, body) => invalidate(body.id),
  });
}

export function useDeleteRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (roleId: number) => call(role.delete, { query: { roleId } }),
    onSuccess: () => invalidate(),
  });
}
