import type { PageQuery, PageResult } from '@pvstar/contract/api';
import type { PlantStatus, StationType } from '@pvstar/contract/enums';
import type { OwnerPageBody, OwnerPlant, OwnerRow } from '@pvstar/contract/owner';
import { maskContact } from '@pvstar/contract/validation';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import { contains, pageWindow } from '../../db/lists.ts';
import { sqlRows } from '../../db/rows.ts';
import { organizations, users } from '../../db/schema/index.ts';
import { plantScope } from '../../domain/plants.ts';
import { inSubtree, orgPathOf } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { normalizeContact } from '../auth/codes.ts';
import { userScope } from '../user/user.service.ts';

const parentOrg = alias(organizations, 'parent_org');

/**
 * Plants of an owner that the caller may see (the plants' own scope, domain/plants.ts). Used inside
 * sub-queries of the owner list too: its own `plants` and `organizations` shadow the outer ones.
 */
const ownerPlants = (caller: Caller, ownerId: SQL | number) => sql`
  FROM plants JOIN organizations ON organizations.id = plants.org_id
  WHERE plants.owner_user_id = ${ownerId} AND ${plantScope(caller)}`;

/** The stored (normalised) form of a phone number or e-mail address (the schema checked its format). */
const contactMatch = (text: string): SQL =>
  text.includes('@')
    ? eq(users.email, normalizeContact('EMAIL', text))
    : eq(users.phone, normalizeContact('MOBILE', text));

export function createOwnerService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;

  /** Owners are users of OWNER organisations; the caller's user scope applies. */
  const isOwner = (caller: Caller) => and(eq(organizations.type, 'OWNER'), userScope(caller));

  async function getScopedOwner(caller: Caller, userId: number) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.orgId))
      .where(and(eq(users.id, userId), isOwner(caller)));
    if (!row) throw notFound();
    return row;
  }

  return {
    async page(caller: Caller, q: PageQuery, f: OwnerPageBody): Promise<PageResult<OwnerRow>> {
      const where = and(
        isOwner(caller),
        f.name
          ? or(
              contains(users.username, f.name),
              contains(users.name, f.name),
              contains(users.nickname, f.name),
            )
          : undefined,
        f.contact ? contactMatch(f.contact) : undefined,
        // The owner's organisation or any above it (an installer's id lists all its owners).
        f.orgId ? inSubtree(organizations.path, orgPathOf(f.orgId)) : undefined,
        f.status ? eq(users.status, f.status) : undefined,
      );
      const [{ total }] = (await db
        .select({ total: sql<number>`count(*)::int` })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.orgId))
        .where(where)) as [{ total: number }];
      const rows = await db
        .select({
          user: users,
          orgName: organizations.name,
          parentOrgName: parentOrg.name,
          plantCount: sql<number>`(SELECT count(*)::int ${ownerPlants(caller, sql`${users.id}`)})`,
          capacity: sql<number>`(SELECT coalesce(sum(plants.installed_capacity), 0)::float8 ${ownerPlants(caller, sql`${users.id}`)})`,
        })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.orgId))
        .leftJoin(parentOrg, eq(parentOrg.id, organizations.parentId))
        .where(where)
        .orderBy(asc(users.id))
        .limit(pageWindow(q).limit)
        .offset(pageWindow(q).offset);
      return {
        total,
        list: rows.map(({ user: u, orgName, parentOrgName, plantCount, capacity }) => ({
          userId: u.id,
          username: u.username,
          name: u.name || u.nickname || null,
          orgId: u.orgId,
          orgName,
          parentOrgName: parentOrgName ?? null,
          phone: maskContact(u.phone),
          email: maskContact(u.email),
          plantCount: Number(plantCount),
          installedCapacity: Math.round(Number(capacity) * 1000) / 1000,
          registerDate: u.createdAt.toISOString(),
          status: u.status,
        })),
      };
    },

    /** The plants of one owner in scope; an owner outside the scope answers 404. */
    async plants(caller: Caller, userId: number): Promise<OwnerPlant[]> {
      await getScopedOwner(caller, userId);
      const rows = await sqlRows<{
        id: number;
        plant_no: string;
        name: string;
        type: StationType;
        status: PlantStatus;
        capacity: number;
      }>(
        db,
        sql`
        SELECT plants.id, plants.plant_no, plants.name, plants.type, plants.status,
          plants.installed_capacity::float8 AS capacity
        ${ownerPlants(caller, userId)}
        ORDER BY plants.id`,
      );
      return rows.map((r) => ({
        id: r.id,
        stationNo: r.plant_no,
        stationName: r.name,
        type: r.type,
        status: r.status,
        installedCapacity: r.capacity,
      }));
    },
  };
}
export type OwnerService = ReturnType<typeof createOwnerService>;
