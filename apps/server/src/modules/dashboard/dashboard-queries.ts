import type { EnergyPie } from '@pvstar/contract/dashboard';
import type { AlarmLevel, DeviceStatus, PlantStatus, StationType } from '@pvstar/contract/enums';
import type { Lang } from '@pvstar/contract/lang';
import type { DeviceKind } from '@pvstar/contract/metrics';
import { type SQL, sql } from 'drizzle-orm';
import { organizations, orgEnergyDaily } from '../../db/schema/index.ts';
import { localDaySql } from '../../domain/calendar.ts';
import { plantByPlant, plantScope } from '../../domain/plants.ts';
import { scopePredicate } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';

/** The dashboard's queries over the caller's scope, its row shapes and the yield pie's arithmetic. */

/**
 * The caller's plants under the same predicate as every plant query (domain/plants.ts: the managing
 * organisation's path, or for SELF the plants one owns), with only the columns the figures need.
 */
export const scopedPlants = (caller: Caller): SQL => sql`
  SELECT plants.id, plants.status, plants.name, plants.timezone
  FROM plants JOIN organizations ON organizations.id = plants.org_id
  WHERE ${plantScope(caller)}`;

/** Used for the trend when the caller has no plants: the default plant time zone. */
export const DEFAULT_TZ = 'Europe/Berlin';

export const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

export const emptyPie = (): EnergyPie => ({
  generation: 0,
  selfConsumption: 0,
  feedIn: 0,
  yieldSelfConsumed: 0,
  yieldFedIn: 0,
  batteryRetained: 0,
  purchase: 0,
  consumption: 0,
});

/**
 * The yield pie's parts, which sum to the generation: fed in (at most the generation: a battery may feed
 * in at night), kept by the battery (charged and not given back in the period, or lost), and self-consumed
 * (the rest; self-consumption beyond it came out of the battery from earlier days' yield).
 */
export function yieldParts(
  p: Pick<EnergyPie, 'generation' | 'selfConsumption' | 'feedIn'>,
): Pick<EnergyPie, 'yieldSelfConsumed' | 'yieldFedIn' | 'batteryRetained'> {
  const generation = Math.max(p.generation, 0);
  const yieldFedIn = Math.min(p.feedIn, generation);
  const batteryRetained = Math.max(generation - p.selfConsumption - p.feedIn, 0);
  const yieldSelfConsumed = Math.min(p.selfConsumption, generation - yieldFedIn - batteryRetained);
  return { yieldSelfConsumed, yieldFedIn, batteryRetained };
}

/** The power flow of the plants in scope, on every row; a top plant's figures, or none (no plant). */
export type PowerRow = {
  inverters: number;
  ts: string | null;
  pv: number;
  grid: number;
  load: number;
  battery: number;
} & (
  | {
      id: number;
      plant_no: string;
      name: string;
      type: StationType;
      status: PlantStatus;
      capacity: number;
      power: number;
      today: number;
    }
  | { id: null }
);

/** Devices of a plant of one kind in one status. */
export type DeviceRow = { plant_id: number; kind: DeviceKind; status: DeviceStatus; n: number };

export type AlertRow = {
  id: number;
  plant_id: number;
  name: string;
  timezone: string;
  source_sn: string;
  fault_code: string;
  alarm_level: AlarmLevel;
  started_at: string;
  ended_at: string | null;
  messages: Record<string, string> | null;
  /** The ongoing alarms in scope, the same on every row. */
  ongoing: number;
};

/**
 * The daily energy of the caller's plants, one row per organisation, currency, time zone and day: from
 * the organisations' roll-up (org_energy_daily, kept by trigger), so that a dealer's thousands of plants
 * cost a few rows per day; an owner's own plants (SELF), or a token's chosen ones, from their daily rows.
 * Self-consumption is
 * derived per plant and day (generation − feed-in − charge + discharge, never negative: domain/energy.ts,
 * selfConsumptionOf), as the organisation roll-up's triggers derive it (migration 0019).
 */
export const energyRows = (caller: Caller): SQL =>
  plantByPlant(caller)
    ? sql`
      SELECT plants.currency, plants.timezone, d.day, d.generation, d.consumption, d.feed_in, d.purchase,
        greatest(d.generation - d.feed_in - d.charge + d.discharge, 0) AS self_consumption, d.revenue
      FROM plant_energy_daily d JOIN plants ON plants.id = d.plant_id
        JOIN organizations ON organizations.id = plants.org_id
      WHERE ${plantScope(caller)}`
    : sql`
      SELECT org_energy_daily.currency, org_energy_daily.timezone, org_energy_daily.day,
        org_energy_daily.generation, org_energy_daily.consumption, org_energy_daily.feed_in,
        org_energy_daily.purchase, org_energy_daily.self_consumption, org_energy_daily.revenue
      FROM org_energy_daily JOIN organizations ON organizations.id = org_energy_daily.org_id
      WHERE ${scopePredicate(caller, { orgPath: organizations.path, orgId: orgEnergyDaily.orgId, ownerId: sql`NULL` })}`;

/**
 * The last part of the power queries: the flow (CTE `flow`) on every row, with each top plant (CTE `top`:
 * its id and PV power) and its figures and today's generation.
 */
export const topPlantsOf = (now: Date | SQL) => sql`
      SELECT flow.*, p.id, p.plant_no, p.name, p.type, p.status, p.installed_capacity::float8 AS capacity,
        top.pv::float8 AS power,
        coalesce((SELECT d.generation FROM plant_energy_daily d
          WHERE d.plant_id = p.id AND d.day = ${localDaySql(now, sql`p.timezone`)}), 0)::float8 AS today
      FROM flow LEFT JOIN (top JOIN plants p ON p.id = top.plant_id) ON TRUE
      ORDER BY top.pv DESC, p.id`;

/** Which callers see the same dashboard: the same plants (by scope) in the same language. */
export const scopeKey = (caller: Caller, lang: Lang) => {
  const where = { ALL: '', ORG_AND_SUB: caller.orgPath, ORG: caller.orgId, SELF: caller.userId };
  // A token limited to some plants sees its own dashboard, never its user's.
  const limit = caller.token?.plantIds ? `:plants=${caller.token.plantIds.join(',')}` : '';
  return `${caller.dataScope}:${where[caller.dataScope]}${limit}:${lang}`;
};
