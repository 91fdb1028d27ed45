import type { DataScope, OrgType, Status } from '@pvstar/contract/enums';
import type { UserAddBody, UserEditBody } from '@pvstar/contract/user';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../api/http.ts';

export const USER_PAGE_KEY = 'users';
/** The employees list of the organisation page shows the same rows. */
export const EMPLOYEE_PAGE_KEY = 'org-employees';

export interface RoleOption {
  id: number;
  roleName: string;
  roleType: OrgType;
  dataScope: DataScope;
}

export const roleOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['role-options'],
    queryFn: () => get<RoleOption[]>('/system/role/options'),
    staleTime: 30_000,
  });
export const useRoleOptions = () => useQuery(roleOptionsQueryOptions());

/** A user change shows in the user list, the employee lists and the user counts of organisations and roles. */
function useInvalidateUsers() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [USER_PAGE_KEY, EMPLOYEE_PAGE_KEY, 'orgs', 'roles'].map((key) =>
        client.invalidateQueries({ queryKey: ['page', key] }),
      ),
    );
}

/**
 * Adds or edits a user. `employee` goes through the organisation endpoints (createEmp/editEmp), which
 * take the same bodies but are guarded by the organisation page's employee permission.
 */
export function useSaveUser(employee: boolean) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: UserAddBody | UserEditBody) => {
      const isEdit = 'id' in body;
      const url = employee
        ? isEdit
          ? '/system/org/editEmp'
          : '/system/org/createEmp'
        : isEdit
          ? '/system/user/edit'
          : '/system/user/add';
      return post<{ id: number } | null>(url, body, { silent: true });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (userId: number) => get<null>('/system/user/delete', { query: { userId } }),
    onSuccess: invalidate,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (userId: number) => get<null>('/system/user/resetPassword', { query: { userId } }),
  });
}

/** Removes a user's second factor (the provider's staff only; issue 17). */
export function useResetTwoFactor() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (userId: number) => post<null>('/system/user/resetTwoFactor', { userId }),
    onSuccess: invalidate,
  });
}

export function useUserStatus() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: { userId: number; status: Status }) =>
      post<null>('/system/user/updateAccountStatus', body),
    onSuccess: invalidate,
  });
}
