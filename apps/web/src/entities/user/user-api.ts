import { org } from '@pvstar/contract/endpoints/org';
import { role } from '@pvstar/contract/endpoints/role';
import { user } from '@pvstar/contract/endpoints/user';
import type { Status } from '@pvstar/contract/enums';
import type { UserAddBody, UserEditBody } from '@pvstar/contract/user';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKey } from '../../api/call.ts';

export const roleOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKey(role.options),
    queryFn: () => call(role.options),
    staleTime: 30_000,
  });
export const useRoleOptions = () => useQuery(roleOptionsQueryOptions());

/**
 * A user change shows in the user list and the employee lists (one endpoint) and in the user counts of
 * organisations and roles.
 */
function useInvalidateUsers() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [user.page, org.page, role.page].map((endpoint) =>
        client.invalidateQueries({ queryKey: queryKey(endpoint) }),
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
    mutationFn: (body: UserAddBody | UserEditBody): Promise<{ id: number } | null> => {
      if ('id' in body) return call(employee ? org.editEmployee : user.edit, { body }, { silent: true });
      return call(employee ? org.createEmployee : user.add, { body }, { silent: true });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (userId: number) => call(user.delete, { query: { userId } }),
    onSuccess: invalidate,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (userId: number) => call(user.resetPassword, { query: { userId } }),
  });
}

/** Removes a user's second factor (the provider's staff only; issue 17). */
export function useResetTwoFactor() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (userId: number) => call(user.resetTwoFactor, { body: { userId } }),
    onSuccess: invalidate,
  });
}

export function useUserStatus() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: { userId: number; status: Status }) => call(user.status, { body }),
    onSuccess: invalidate,
  });
}
