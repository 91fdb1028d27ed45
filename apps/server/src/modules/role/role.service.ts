import type { PageQuery, PageResult } from '@pvstar/contract/api';
import { ORG_TYPES } from '@pvstar/contract/enum-values';
import type { DataScope, OrgType, RoleStatus } from '@pvstar/contract/enums';
import type { RoleAddBody, RoleDetail, RoleEditBody, RolePageBody, RoleRow } from '@pvstar/contract/role';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { contains, pageWindow } from '../../db/lists.ts';
import { menus, organizations, roleMenus, roles, userRoles } from '../../db/schema/index.ts';
import { orgInScope } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, conflict, invalidField, notFound } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';
import { canGrant, rolePerms, visibleRoles, withdrawnCodes } from './role-access.ts';

export type RoleDeps = Pick<AppContext, 'db'>;

export function createRoleService(deps: RoleDeps) {
  return { ...createRoleReads(deps), ...createRoleWrites(deps), ...createRoleLifecycle(deps) };
}

/** The role rows the caller sees or manages, and the checks a change passes. */
function createRoleQueries(ctx: RoleDeps) {
  const { db } = ctx;
  const select = {
    role: roles,
    orgName: organizations.name,
    userCount: sql<number>`(SELECT count(*)::int FROM user_roles ur WHERE ur.role_id = ${roles.id})`,
  };
  const toRow = (r: { role: typeof roles.$inferSelect; orgName: string; userCount: number }): RoleRow => ({
    id: r.role.id,
    roleName: r.role.roleName,
    roleCode: r.role.roleCode,
    roleType: r.role.roleType,
    roleDesc: r.role.roleDesc,
    status: r.role.status,
    dataScope: r.role.dataScope,
    builtin: r.role.builtin,
    orgId: r.role.orgId,
    orgName: r.orgName,
    userCount: r.userCount,
    createTime: r.role.createdAt.toISOString(),
  });

  async function getVisible(caller: Caller, id: number) {
    const [row] = await db
      .select(select)
      .from(roles)
      .innerJoin(organizations, eq(organizations.id, roles.orgId))
      .where(and(eq(roles.id, id), visibleRoles(caller)));
    if (!row) throw notFound();
    return row;
  }

  /** Managing (not just seeing) a role: its organisation must be in reach; built-in roles only with the widest scope. */
  async function getManageable(caller: Caller, id: number) {
    const row = await getVisible(caller, id);
    const [org] = await db.select().from(organizations).where(eq(organizations.id, row.role.orgId));
    if (row.role.builtin ? caller.dataScope !== 'ALL' : !org || !orgInScope(caller, org))
      throw new AppError(403, 'auth.forbidden');
    return row.role;
  }

  async function menuIds(codes: string[]) {
    const unique = [...new Set(codes)];
    const rows = await db
      .select({ id: menus.id, code: menus.permCode })
      .from(menus)
      .where(inArray(menus.permCode, unique));
    if (rows.length !== unique.length) throw invalidField('permCodes', 'role.unknownPerm');
    return rows.map((r) => r.id);
  }

  function checkGrant(
    caller: Caller,
    body: { permCodes: string[]; dataScope: DataScope; roleType: OrgType },
  ) {
    // A role is of a kind of organisation: none above the caller's own (a dealer makes no provider role).
    if (ORG_TYPES.indexOf(body.roleType) < ORG_TYPES.indexOf(caller.orgType))
      throw invalidField('roleType', 'role.typeAboveOwn', 403);
    if (!body.permCodes.every((c) => caller.perms.has(c)))
      throw invalidField('permCodes', 'role.permNotHeld', 403);
    if (!canGrant(caller, [], body.dataScope)) throw invalidField('dataScope', 'role.scopeTooWide', 403);
  }

  async function checkCode(code: string, exceptId?: number) {
    const [t] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.roleCode, code), exceptId ? sql`${roles.id} <> ${exceptId}` : undefined));
    if (t) throw conflict('role.codeTaken', 'roleCode');
  }
  return { select, toRow, getVisible, getManageable, menuIds, checkGrant, checkCode };
}

/** The list, one role, and the roles a caller may assign. */
function createRoleReads(ctx: RoleDeps) {
  const { db } = ctx;
  const { select, toRow, getVisible } = createRoleQueries(ctx);
  return {
    async page(caller: Caller, q: PageQuery, f: RolePageBody): Promise<PageResult<RoleRow>> {
      const where: SQL | undefined = and(
        visibleRoles(caller),
        contains(roles.roleName, f.roleName),
        f.roleType ? eq(roles.roleType, f.roleType) : undefined,
        f.status ? eq(roles.status, f.status) : undefined,
      );
      const [{ total }] = (await db
        .select({ total: sql<number>`count(*)::int` })
        .from(roles)
        .where(where)) as [{ total: number }];
      const rows = await db
        .select(select)
        .from(roles)
        .innerJoin(organizations, eq(organizations.id, roles.orgId))
        .where(where)
        .orderBy(asc(roles.id))
        .limit(pageWindow(q).limit)
        .offset(pageWindow(q).offset);
      return { total, list: rows.map(toRow) };
    },

    async detail(caller: Caller, id: number): Promise<RoleDetail> {
      const row = await getVisible(caller, id);
      const perms = await rolePerms(db, [id]);
      return { ...toRow(row), permCodes: perms.get(id) ?? [] };
    },

    /** Roles the caller may hand to users. */
    async options(caller: Caller) {
      const rows = await db
        .select()
        .from(roles)
        .where(and(visibleRoles(caller), eq(roles.status, 'ENABLED')))
        .orderBy(asc(roles.id));
      const perms = await rolePerms(
        db,
        rows.map((r) => r.id),
      );
      return rows
        .filter((r) => canGrant(caller, perms.get(r.id) ?? [], r.dataScope))
        .map((r) => ({
          id: r.id,
          roleName: r.roleName,
          roleCode: r.roleCode,
          builtin: r.builtin,
          roleType: r.roleType,
          dataScope: r.dataScope,
        }));
    },
  };
}

/** Adding and editing a role with its grants. */
function createRoleWrites(ctx: RoleDeps) {
  const { db } = ctx;
  const { getManageable, menuIds, checkGrant, checkCode } = createRoleQueries(ctx);
  return {
    async add(caller: Caller, body: RoleAddBody, ip: string) {
      const ids = await menuIds(body.permCodes);
      checkGrant(caller, body);
      await checkCode(body.roleCode);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(roles)
          .values({
            orgId: caller.orgId,
            roleName: body.roleName,
            roleCode: body.roleCode,
            roleType: body.roleType,
            roleDesc: body.roleDesc ?? null,
            status: body.status,
            dataScope: body.dataScope,
            createdBy: caller.userId,
          })
          .returning({ id: roles.id });
        await tx.insert(roleMenus).values(ids.map((menuId) => ({ roleId: row!.id, menuId })));
        return row!.id;
      });
      await audit(db, caller, {
        action: 'role.add',
        targetType: 'role',
        targetId: id,
        detail: { permCodes: body.permCodes, dataScope: body.dataScope },
        ip,
      });
      return { id };
    },

    async edit(caller: Caller, body: RoleEditBody, ip: string) {
      const role = await getManageable(caller, body.id);
      const before = (await rolePerms(db, [role.id])).get(role.id) ?? [];
      // Codes of a menu entry hidden for everyone stay with the role (nobody holds them to hand out), so
      // that showing the entry again gives back what the role had.
      const hidden = await withdrawnCodes(db);
      const asked = body.permCodes.filter((c) => !hidden.has(c));
      const ids = await menuIds([...asked, ...before.filter((c) => hidden.has(c))]);
      checkGrant(caller, { ...body, permCodes: asked });
      await checkCode(body.roleCode, role.id);
      await db.transaction(async (tx) => {
        await tx
          .update(roles)
          .set({
            // A built-in role is named by its code in each language (the web), so its name stays as seeded.
            roleName: role.builtin ? role.roleName : body.roleName,
            roleCode: role.builtin ? role.roleCode : body.roleCode,
            roleType: role.builtin ? role.roleType : body.roleType,
            roleDesc: body.roleDesc ?? null,
            status: body.status,
            dataScope: body.dataScope,
            updatedAt: new Date(),
          })
          .where(eq(roles.id, role.id));
        await tx.delete(roleMenus).where(eq(roleMenus.roleId, role.id));
        await tx.insert(roleMenus).values(ids.map((menuId) => ({ roleId: role.id, menuId })));
      });
      await audit(db, caller, {
        action: 'role.edit',
        targetType: 'role',
        targetId: role.id,
        detail: {
          before: { permCodes: before, dataScope: role.dataScope },
          after: { permCodes: body.permCodes, dataScope: body.dataScope },
        },
        ip,
      });
    },
  };
}

/** Enabling, disabling and removing a role. */
function createRoleLifecycle(ctx: RoleDeps) {
  const { db } = ctx;
  const { getManageable } = createRoleQueries(ctx);
  return {
    async setStatus(caller: Caller, id: number, status: RoleStatus, ip: string) {
      const role = await getManageable(caller, id);
      await db.update(roles).set({ status, updatedAt: new Date() }).where(eq(roles.id, id));
      await audit(db, caller, {
        action: 'role.status',
        targetType: 'role',
        targetId: id,
        detail: { from: role.status, to: status },
        ip,
      });
    },

    async remove(caller: Caller, id: number, ip: string) {
      const role = await getManageable(caller, id);
      if (role.builtin) throw new AppError(400, 'role.builtin');
      await db.delete(userRoles).where(eq(userRoles.roleId, id));
      await db.delete(roles).where(eq(roles.id, id));
      await audit(db, caller, {
        action: 'role.delete',
        targetType: 'role',
        targetId: id,
        detail: { roleCode: role.roleCode },
        ip,
      });
    },
  };
}
