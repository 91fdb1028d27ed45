import { and, eq, type SQL, sql } from 'drizzle-orm';
import { intArray } from '../db/arrays.ts';
import type { Db } from '../db/client.ts';
import { devices, organizations, plants } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import { localDaySql } from './calendar.ts';
import type { Caller } from './caller.ts';
import { scopePredicate } from './scope.ts';

/**
 * Plants a caller can see: by the managing organisation's path, or (SELF) the plants they own. The query
 * joins `organizations` on `plants.org_id` (unaliased: the predicate names both tables).
 */
export const plantScope = (caller: Caller): SQL => {
  const scope = scopePredicate(caller, {
    orgPath: organizations.path,
    orgId: plants.orgId,
    ownerId: plants.ownerUserId,
  });
  // An API token limited to some plants sees those only, and only while they are in its user's scope.
  const limit = caller.token?.plantIds;
  return limit ? sql`(${scope} AND ${plants.id} = ANY(${intArray(limit)}))` : scope;
};

/**
 * A plant's first day with figures (`YYYY-MM-DD`): the local day it came into the portal, or its first
 * stored day where its history reaches back further. The days before it have no data, which is not 0 kWh:
 * statistics and reports leave them out. Names `plants` unaliased.
 */
export const plantSinceSql = sql`to_char(least(${localDaySql(sql`plants.created_at`, sql`plants.timezone`)},
  (SELECT min(d.day) FROM plant_energy_daily d WHERE d.plant_id = plants.id)), 'YYYY-MM-DD')`;

/**
 * Whether the caller's plants must be read one by one (an owner's own, a token's chosen ones) rather than
 * from the organisations' roll-ups, which sum every plant of an organisation.
 */
export const plantByPlant = (caller: Caller): boolean =>
  caller.dataScope === 'SELF' || Boolean(caller.token?.plantIds);

/**
 * The caller's plant by id; another tenant's plant answers 404, exactly like one that does not exist, so
 * ids cannot be probed.
 */
export async function scopedPlant(db: Db, caller: Caller, id: number): Promise<typeof plants.$inferSelect> {
  const [row] = await db
    .select({ plant: plants })
    .from(plants)
    .innerJoin(organizations, eq(organizations.id, plants.orgId))
    .where(and(eq(plants.id, id), plantScope(caller)));
  if (!row) throw notFound();
  return row.plant;
}

/**
 * The caller's device (an inverter, battery, meter, EV charger or heat pump; not a dongle) by id, reached
 * through its plant, with the plant's id and time zone; outside the scope 404, like a missing one.
 */
export async function scopedDevice(db: Db, caller: Caller, id: number) {
  const [row] = await db
    .select({
      id: devices.id,
      kind: devices.kind,
      sn: devices.sn,
      plantId: plants.id,
      timezone: plants.timezone,
    })
    .from(devices)
    .innerJoin(plants, eq(plants.id, devices.plantId))
    .innerJoin(organizations, eq(organizations.id, plants.orgId))
    .where(and(eq(devices.id, id), plantScope(caller)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * Whether a plant (of a query over `plants`) is being commissioned: added through the portal, its checklist
 * not completed (docs/commissioning.md). A flag beside its status, never a status (decision 025).
 */
export const commissioningSql = sql<boolean>`EXISTS (
  SELECT 1 FROM plant_commissioning c WHERE c.plant_id = ${plants.id} AND c.completed_at IS NULL)`;
