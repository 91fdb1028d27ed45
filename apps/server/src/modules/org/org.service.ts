import type { PageQuery, PageResult } from '@pvstar/contract/api';
import { CHILD_ORG_TYPES } from '@pvstar/contract/enum-values';
import type { OrgType, Status } from '@pvstar/contract/enums';
import type { OrgAddBody, OrgEditBody, OrgPageBody, OrgRow, OrgTreeNode } from '@pvstar/contract/org';
import { PERM } from '@pvstar/contract/perm';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import { contains, pageWindow } from '../../db/lists.ts';
import { apiTokens, organizations, roles, sessions, users } from '../../db/schema/index.ts';
import { createOrg } from '../../db/seed/seed.ts';
import { revokeTokensOf } from '../../domain/api-tokens.ts';
import { getScopedOrg } from '../../domain/orgs.ts';
import { inSubtree, pathInSubtree, scopePredicate } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, forbidden, invalidField } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';
import { endSessionsWithoutSecondFactor } from '../auth/two-factor.ts';

const parent = alias(organizations, 'parent');

/** Which button code manages organisations of a type (dealers on one page, installers on the other). */
export function orgPerm(type: OrgType, action: 'Add' | 'Edit' | 'Delete' | 'Status' | 'Employee'): string[] {
  const dealer = PERM[`orgDealer${action}`];
  const installer = PERM[`orgInstaller${action}`];
  if (type === 'DEALER') return [dealer];
  if (type === 'INSTALLER') return [installer];
  return [dealer, installer];
}
const requireOrgPerm = (caller: Caller, type: OrgType, action: Parameters<typeof orgPerm>[1]) => {
  if (!orgPerm(type, action).some((c) => caller.perms.has(c))) throw forbidden();
};

/** Organisations a caller can see: its scope on the org itself (SELF sees its own org). */
export function orgScope(caller: Caller): SQL {
  return caller.dataScope === 'SELF'
    ? eq(organizations.id, caller.orgId)
    : scopePredicate(caller, { orgPath: organizations.path, orgId: organizations.id, ownerId: sql`NULL` });
}

export type OrgDeps = Pick<AppContext, 'db'>;

export function createOrgService(deps: OrgDeps) {
  return {
    ...createOrgReads(deps),
    ...createOrgAdd(deps),
    ...createOrgEdit(deps),
    ...createOrgLifecycle(deps),
  };
}

/** The organisation rows as the pages show them, and the checks a change passes. */
function createOrgQueries(ctx: OrgDeps) {
  const { db } = ctx;
  const rowSelect = {
    id: organizations.id,
    name: organizations.name,
    type: organizations.type,
    parentId: organizations.parentId,
    parentName: parent.name,
    description: organizations.description,
    contactName: organizations.contactName,
    contactPhone: organizations.contactPhone,
    contactEmail: organizations.contactEmail,
    address: organizations.address,
    status: organizations.status,
    requireTwoFactor: organizations.requireTwoFactor,
    childCount: sql<number>`(SELECT count(*)::int FROM organizations c WHERE c.parent_id = ${organizations.id})`,
    userCount: sql<number>`(SELECT count(*)::int FROM users u WHERE u.org_id = ${organizations.id})`,
    createdAt: organizations.createdAt,
  };
  const toRow = (r: Awaited<ReturnType<typeof selectRows>>[number]): OrgRow => ({
    ...r,
    createTime: r.createdAt.toISOString(),
  });
  const selectRows = (where: SQL | undefined) =>
    db
      .select(rowSelect)
      .from(organizations)
      .leftJoin(parent, eq(parent.id, organizations.parentId))
      .where(where);

  function checkParentType(parentType: OrgType, type: OrgType) {
    if (!CHILD_ORG_TYPES[parentType].includes(type)) throw invalidField('type', 'org.typeNotAllowed');
  }

  function emptyToNull<T extends Record<string, unknown>>(body: T) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) out[k] = v === '' ? null : v;
    return out as T;
  }
  return { rowSelect, toRow, selectRows, checkParentType, emptyToNull };
}

/** The tree, the list and one organisation. */
function createOrgReads(ctx: OrgDeps) {
  const { db } = ctx;
  const { toRow, selectRows } = createOrgQueries(ctx);
  return {
    async tree(caller: Caller, types?: OrgType[]): Promise<OrgTreeNode[]> {
      const rows = await db
        .select({
          id: organizations.id,
          parentId: organizations.parentId,
          name: organizations.name,
          type: organizations.type,
          status: organizations.status,
        })
        .from(organizations)
        .where(and(orgScope(caller), types?.length ? inArray(organizations.type, types) : undefined))
        .orderBy(asc(organizations.path));
      const nodes = new Map<number, OrgTreeNode>(
        rows.map((r) => [r.id, { id: r.id, name: r.name, type: r.type, status: r.status, children: [] }]),
      );
      const roots: OrgTreeNode[] = [];
      for (const r of rows) {
        const p = r.parentId === null ? undefined : nodes.get(r.parentId);
        (p ? p.children : roots).push(nodes.get(r.id)!);
      }
      return roots;
    },

    async page(caller: Caller, q: PageQuery, f: OrgPageBody): Promise<PageResult<OrgRow>> {
      const where = and(
        orgScope(caller),
        contains(organizations.name, f.name),
        f.type ? eq(organizations.type, f.type) : undefined,
        f.status ? eq(organizations.status, f.status) : undefined,
        f.parentId ? eq(organizations.parentId, f.parentId) : undefined,
      );
      const [{ total }] = (await db
        .select({ total: sql<number>`count(*)::int` })
        .from(organizations)
        .where(where)) as [{ total: number }];
      const list = await selectRows(where)
        .orderBy(asc(organizations.name), asc(organizations.id))
        .limit(pageWindow(q).limit)
        .offset(pageWindow(q).offset);
      return { total, list: list.map(toRow) };
    },

    async detail(caller: Caller, id: number): Promise<OrgRow> {
      await getScopedOrg(db, caller, id);
      const [row] = await selectRows(eq(organizations.id, id));
      return toRow(row!);
    },
  };
}

function createOrgAdd(ctx: OrgDeps) {
  const { db } = ctx;
  const { checkParentType, emptyToNull } = createOrgQueries(ctx);
  return {
    async add(caller: Caller, body: OrgAddBody, ip: string) {
      requireOrgPerm(caller, body.type, 'Add');
      const parentOrg = await getScopedOrg(db, caller, body.parentId).catch(() => {
        throw invalidField('parentId', 'notFound', 404);
      });
      checkParentType(parentOrg.type, body.type);
      const clean = emptyToNull(body);
      const id = await db.transaction(async (tx) => {
        const newId = await createOrg(tx, {
          name: clean.name,
          type: clean.type,
          parentId: parentOrg.id,
        });
        await tx
          .update(organizations)
          .set({
            description: clean.description ?? null,
            contactName: clean.contactName ?? null,
            contactPhone: clean.contactPhone ?? null,
            contactEmail: clean.contactEmail ?? null,
            address: clean.address ?? null,
            status: clean.status,
            requireTwoFactor: clean.requireTwoFactor ?? false,
            createdBy: caller.userId,
          })
          .where(eq(organizations.id, newId));
        return newId;
      });
      await audit(db, caller, {
        action: 'org.add',
        targetType: 'org',
        targetId: id,
        detail: {
          name: body.name,
          type: body.type,
          ...(body.requireTwoFactor ? { requireTwoFactor: true } : {}),
        },
        ip,
      });
      return { id };
    },
  };
}

function createOrgEdit(ctx: OrgDeps) {
  const { db } = ctx;
  const { checkParentType, emptyToNull } = createOrgQueries(ctx);
  return {
    async edit(caller: Caller, body: OrgEditBody, ip: string) {
      const org = await getScopedOrg(db, caller, body.id);
      requireOrgPerm(caller, org.type, 'Edit');
      const clean = emptyToNull(body);
      const isRoot = org.parentId === null;
      if (isRoot && (body.type !== org.type || body.status !== 'NORMAL')) throw new AppError(400, 'org.root');
      if (!isRoot && body.type !== org.type) requireOrgPerm(caller, body.type, 'Edit');
      await db.transaction(async (tx) => {
        if (!isRoot && body.parentId !== org.parentId) {
          const target = await getScopedOrg(tx, caller, body.parentId).catch(() => {
            throw invalidField('parentId', 'notFound', 404);
          });
          if (pathInSubtree(target.path, org.path)) throw invalidField('parentId', 'org.cannotMoveIntoSelf');
          checkParentType(target.type, body.type);
          const newPath = `${target.path}${org.id}/`;
          await tx.execute(sql`
            UPDATE organizations SET path = ${newPath} || substr(path, ${org.path.length + 1})
            WHERE ${inSubtree(sql`path`, org.path)}`);
          await tx.update(organizations).set({ parentId: target.id }).where(eq(organizations.id, org.id));
        } else if (!isRoot) {
          const p = await tx
            .select({ type: organizations.type })
            .from(organizations)
            .where(eq(organizations.id, org.parentId!));
          checkParentType(p[0]!.type, body.type);
        }
        await tx
          .update(organizations)
          .set({
            name: clean.name,
            type: isRoot ? org.type : clean.type,
            description: clean.description ?? null,
            contactName: clean.contactName ?? null,
            contactPhone: clean.contactPhone ?? null,
            contactEmail: clean.contactEmail ?? null,
            address: clean.address ?? null,
            ...(body.requireTwoFactor === undefined ? {} : { requireTwoFactor: body.requireTwoFactor }),
            updatedAt: new Date(),
          })
          .where(eq(organizations.id, org.id));
      });
      const requireTwoFactor =
        body.requireTwoFactor !== undefined && body.requireTwoFactor !== org.requireTwoFactor;
      if (requireTwoFactor && body.requireTwoFactor)
        await endSessionsWithoutSecondFactor(db, org.path, caller.sessionId);
      if (!isRoot && body.status !== org.status) await this.setStatus(caller, org.id, body.status, ip, false);
      await audit(db, caller, {
        action: 'org.edit',
        targetType: 'org',
        targetId: org.id,
        detail: { name: body.name, ...(requireTwoFactor ? { requireTwoFactor: body.requireTwoFactor } : {}) },
        ip,
      });
    },

    /** Freezing or stopping an organisation ends the sessions of everyone in its subtree at once. */
    async setStatus(caller: Caller, id: number, status: Status, ip: string, check = true) {
      const org = await getScopedOrg(db, caller, id);
      if (check) requireOrgPerm(caller, org.type, 'Status');
      if (org.parentId === null || org.id === caller.orgId) throw new AppError(400, 'org.root');
      await db.update(organizations).set({ status, updatedAt: new Date() }).where(eq(organizations.id, id));
      if (status !== 'NORMAL') {
        const below = sql`SELECT u.id FROM users u JOIN organizations o ON o.id = u.org_id WHERE ${inSubtree(sql`o.path`, org.path)}`;
        await db.execute(sql`DELETE FROM ${sessions} WHERE user_id IN (${below})`);
        // Their API tokens end too, as a frozen account's do (derived-credentials.ts): the organisations
        // below a frozen one keep their own status, which the token lookup reads.
        await revokeTokensOf(db, sql`${apiTokens.userId} IN (${below})`);
      }
      await audit(db, caller, {
        action: 'org.status',
        targetType: 'org',
        targetId: id,
        detail: { from: org.status, to: status },
        ip,
      });
    },
  };
}

/** Removing an organisation. */
function createOrgLifecycle(ctx: OrgDeps) {
  const { db } = ctx;
  return {
    async remove(caller: Caller, id: number, confirmName: string, ip: string) {
      const org = await getScopedOrg(db, caller, id);
      requireOrgPerm(caller, org.type, 'Delete');
      if (org.parentId === null || org.id === caller.orgId) throw new AppError(400, 'org.root');
      const [{ children }] = (await db
        .select({ children: sql<number>`count(*)::int` })
        .from(organizations)
        .where(eq(organizations.parentId, id))) as [{ children: number }];
      if (children > 0) throw new AppError(409, 'org.hasChildren');
      if (confirmName.trim() !== org.name) throw invalidField('confirmName', 'org.nameMismatch');
      const [{ members }] = (await db
        .select({ members: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.orgId, id))) as [{ members: number }];
      if (members > 0) throw new AppError(409, 'org.hasUsers');
      // The organisation's own roles go with it (they reference it; without this the delete fails).
      const removedRoles = await db.transaction(async (tx) => {
        const gone = await tx
          .delete(roles)
          .where(eq(roles.orgId, id))
          .returning({ roleCode: roles.roleCode });
        await tx.delete(organizations).where(eq(organizations.id, id));
        return gone.map((r) => r.roleCode);
      });
      await audit(db, caller, {
        action: 'org.delete',
        targetType: 'org',
        targetId: id,
        detail: { name: org.name, ...(removedRoles.length ? { roles: removedRoles } : {}) },
        ip,
      });
    },
  };
}
