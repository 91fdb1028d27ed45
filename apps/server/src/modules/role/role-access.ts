import type { DataScope, OrgType } from '@pvstar/contract/enums';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { menus, organizations, roleMenus, roles } from '../../db/schema/index.ts';
import { inSubtree, scopeRank } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import { forbidden } from '../../http/errors.ts';
import { loadGrants } from '../auth/session.ts';

/** Roles a caller can see: those owned by organisations in its reach, and the built-in ones. */
export function visibleRoles(caller: Caller) {
  if (caller.dataScope === 'ALL') return sql`TRUE`;
  const own =
    caller.dataScope === 'ORG_AND_SUB'
      ? sql`${roles.orgId} IN (SELECT id FROM ${organizations} WHERE ${inSubtree(sql`path`, caller.orgPath)})`
      : eq(roles.orgId, caller.orgId);
  return or(own, eq(roles.builtin, true))!;
}

/** Permission codes per role. */
export async function rolePerms(db: Db, roleIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>(roleIds.map((id) => [id, []]));
  if (!roleIds.length) return map;
  const rows = await db
    .select({ roleId: roleMenus.roleId, code: menus.permCode })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(inArray(roleMenus.roleId, roleIds));
  for (const r of rows) map.get(r.roleId)?.push(r.code);
  return map;
}

/** The codes of the menu entries hidden for everyone (`menus.withdrawn`). */
export async function withdrawnCodes(db: Db): Promise<Set<string>> {
  const rows = await db.select({ code: menus.permCode }).from(menus).where(eq(menus.withdrawn, true));
  return new Set(rows.map((r) => r.code));
}

/** No escalation: a caller hands out only codes it holds and a data scope no wider than its own. */
export function canGrant(caller: Caller, perms: string[], scope: DataScope): boolean {
  return perms.every((c) => caller.perms.has(c)) && scopeRank(scope) >= scopeRank(caller.dataScope);
}

/** Organisation types that manage plants; guests and owners only look. */
export const MANAGING_TYPES: OrgType[] = ['PROVIDER', 'DEALER', 'INSTALLER'];

/**
 * Changing plants (and uploading their pictures, their tariffs, their shares…) needs one of the codes from
 * a role of a managing type. The guest and owner roles are view-only by definition, yet they hold the add
 * page's code, because pages count among the "view" codes those roles are given.
 */
export async function requireManager(db: Db, caller: Caller, codes: readonly string[]) {
  const { rolePermList } = await loadGrants(db, caller.userId);
  const allowed = rolePermList.some(
    (r) => MANAGING_TYPES.includes(r.roleType) && codes.some((c) => r.permList.includes(c)),
  );
  if (!allowed) throw forbidden();
}
