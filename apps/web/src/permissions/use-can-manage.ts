import type { OrgType } from '@pvstar/contract/enums';
import { useSession } from '../stores/session.ts';

const MANAGING: OrgType[] = ['PROVIDER', 'DEALER', 'INSTALLER'];
const NO_ROLES: { roleType: OrgType; permList: string[] }[] = [];

/**
 * Whether the user may change plants with one of these codes: like the server, only codes from a role
 * of a managing type count (guest and owner roles hold the add page's code, but only look).
 */
export function useCanManage(codes: readonly string[]): boolean {
  // One empty list, not a new one per read: a store selector must give the same value for the same state.
  const roles = useSession((s) => s.userInfo?.rolePermList ?? NO_ROLES);
  return roles.some((r) => MANAGING.includes(r.roleType) && codes.some((c) => r.permList.includes(c)));
}
