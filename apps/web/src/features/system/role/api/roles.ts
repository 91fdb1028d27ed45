import type { RoleStatus } from '@pvstar/contract/enums';
import type { RoleAddBody, RoleDetail, RoleEditBody } from '@pvstar/contract/role';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../../api/http.ts';

export const ROLE_PAGE_KEY = 'roles';

export const roleDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['role', id],
    queryFn: () => get<RoleDetail>(`/system/role/${id}`),
    staleTime: 0,
  });
export const useRoleDetail = (id: number | null) =>
  useQuery({ ...roleDetailQueryOptions(id ?? 0), enabled: id !== null });

/** A role change shows in the role list and in the role choices of the user form. */
function useInvalidateRoles() {
  const client = useQueryClient();
  return (id?: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['page', ROLE_PAGE_KEY] }),
      client.invalidateQueries({ queryKey: ['role-options'] }),
      id ? client.invalidateQueries({ queryKey: ['role', id] }) : undefined,
    ]);
}

export function useSaveRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (body: RoleAddBody | RoleEditBody) =>
      post<{ id: number } | null>('id' in body ? '/system/role/edit' : '/system/role/add', body, {
        silent: true,
      }),
    onSuccess: (_data, body) => invalidate('id' in body ? body.id : undefined),
  });
}

export function useRoleStatus() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (body: { id: number; status: RoleStatus }) => post<null>('/system/role/updateStatus', body),
    onSuccess: (_d, body) => invalidate(body.id),
  });
}

export function useDeleteRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (roleId: number) => get<null>('/system/role/delete', { query: { roleId } }),
    onSuccess: () => invalidate(),
  });
}
