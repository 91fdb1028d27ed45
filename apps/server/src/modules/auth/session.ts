import type { DataScope, OrgType } from '@pvstar/contract/enums';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { menus, organizations, roleMenus, roles, sessions, userRoles, users } from '../../db/schema/index.ts';
import { widestScope } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';

export async function createSession(
  db: Db,
  userId: number,
  days: number,
  meta: { ip?: string; userAgent?: string | undefined },
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    ip: meta.ip?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 255) ?? null,
    expiresAt: new Date(Date.now() + days * 86_400_000),
    // Signing in proves presence (step-up), by the server's clock like the check that reads it.
    presenceAt: new Date(),
  });
  return token;
}

export async function revokeSession(db: Db, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or all but one (the session that changed its own password); how many ended. */
export async function revokeUserSessions(db: DbOrTx, userId: number, exceptSessionId?: number) {
  const ended = await db
    .delete(sessions)
    .where(
      exceptSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

export type RoleGrant = { roleType: OrgType; dataScope: DataScope; permList: string[] };

/** The union of the roles' codes and the widest of their scopes (SELF without a role). */
export function grantsOf(roleRows: RoleGrant[]) {
  const rolePermList = roleRows.map((r) => ({ roleType: r.roleType, permList: r.permList }));
  const perms = new Set(rolePermList.flatMap((r) => r.permList));
  const dataScope = roleRows.length ? widestScope(roleRows.map((r) => r.dataScope)) : 'SELF';
  return { rolePermList, perms, dataScope };
}

/**
 * Permissions and data scope of a user: the union of their enabled roles' codes, the widest scope. A menu
 * entry hidden for everyone (`menus.withdrawn`) grants nothing.
 */
export async function loadGrants(db: Db, userId: number) {
  const roleRows = await db
    .select({ id: roles.id, roleType: roles.roleType, dataScope: roles.dataScope })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.status, 'ENABLED')))
    .orderBy(roles.id);
  const codes = roleRows.length
    ? await db
        .select({ roleId: roleMenus.roleId, code: menus.permCode })
        .from(roleMenus)
        .innerJoin(menus, eq(menus.id, roleMenus.menuId))
        .where(
          and(
            inArray(
              roleMenus.roleId,
              roleRows.map((r) => r.id),
            ),
            eq(menus.withdrawn, false),
          ),
        )
    : [];
  return grantsOf(
    roleRows.map((r) => ({
      roleType: r.roleType,
      dataScope: r.dataScope,
      permList: codes.filter((c) => c.roleId === r.id).map((c) => c.code),
    })),
  );
}

/**
 * What every caller lookup reads of the account, from `users` joined with its `organizations` row: the user,
 * the organisation's standing and the grants of the user's enabled roles (one subquery, so the lookup stays
 * one statement). Sessions and API tokens share it: neither holds codes or a scope of its own.
 */
export const callerAccountColumns = {
  userId: users.id,
  username: users.username,
  status: users.status,
  readOnly: users.readOnly,
  orgId: organizations.id,
  orgPath: organizations.path,
  orgType: organizations.type,
  orgStatus: organizations.status,
  grants: sql<RoleGrant[] | string>`(
        SELECT coalesce(json_agg(json_build_object('roleType', r.role_type, 'dataScope', r.data_scope,
            'permList', (SELECT coalesce(json_agg(m.perm_code), '[]'::json)
              FROM ${roleMenus} rm JOIN ${menus} m ON m.id = rm.menu_id
              WHERE rm.role_id = r.id AND NOT m.withdrawn))
          ORDER BY r.id), '[]'::json)
        FROM ${userRoles} ur JOIN ${roles} r ON r.id = ur.role_id
        WHERE ur.user_id = ${users.id} AND r.status = 'ENABLED')`,
};

/** The codes and scope of a caller lookup's `grants` (PGlite answers the JSON as text). */
export const grantsOfRow = (grants: RoleGrant[] | string) =>
  grantsOf((typeof grants === 'string' ? JSON.parse(grants) : grants) as RoleGrant[]);

/**
 * The session, its account and the account's grants in one statement: it runs before every request that
 * needs a caller, where each round trip costs more than the lookups.
 */
const callerQuery = preparedPerDb((db: Db) =>
  db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      presenceAt: sessions.presenceAt,
      lastSeenAt: sessions.lastSeenAt,
      ...callerAccountColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('resolve_caller'),
);

/**
 * Turns a bearer token into the caller, or null when the token is unknown, expired, or its account or
 * organisation is no longer in good standing (whose sessions then end at once).
 */
export async function resolveCaller(db: Db, token: string): Promise<Caller | null> {
  if (!token || token.length > 200) return null;
  const [row] = await callerQuery(db).execute({ tokenHash: sha256(token) });
  if (!row) return null;
  if (row.expiresAt.getTime() < Date.now()) {
    await revokeSession(db, row.sessionId);
    return null;
  }
  if (row.status !== 'NORMAL' || row.orgStatus !== 'NORMAL') {
    await revokeUserSessions(db, row.userId);
    return null;
  }
  // Touch at most once a minute: a hot session must not write on every request.
  if (Date.now() - row.lastSeenAt.getTime() > 60_000)
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.sessionId));
  const { perms, dataScope } = grantsOfRow(row.grants);
  return {
    userId: row.userId,
    username: row.username,
    orgId: row.orgId,
    orgPath: row.orgPath,
    orgType: row.orgType,
    perms,
    dataScope,
    readOnly: row.readOnly,
    sessionId: row.sessionId,
    presenceAt: row.presenceAt.getTime(),
  };
}
