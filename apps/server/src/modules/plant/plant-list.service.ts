import type { PageResult, SortedPageQuery } from '@pvstar/contract/api';
import { PLANT_STATUSES } from '@pvstar/contract/enum-values';
import type { PlantStatus } from '@pvstar/contract/enums';
import { exactFigure } from '@pvstar/contract/figures';
import { specificYield } from '@pvstar/contract/plant-data';
import type {
  PlantMap,
  StationKpi,
  StationPageBody,
  StationRow,
  StationSort,
} from '@pvstar/contract/station';
import { type AnyColumn, and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { caseless, contains, pageOrder, pageWindow, rankOf } from '../../db/lists.ts';
import { organizations, plants, users } from '../../db/schema/index.ts';
import { localDaySql } from '../../domain/calendar.ts';
import { commissioningSql, plantScope } from '../../domain/plants.ts';
import { plantPvPowerSql } from '../../domain/power-now.ts';
import { inSubtree, orgPathOf } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import { dateText } from './plant-detail.service.ts';

/** W: the plant's PV power now (domain/power-now.ts: one definition for the list, overview and dashboard). */
const currentPowerSql = (now: Date) => sql<number>`${plantPvPowerSql(now, plants.id, plants.status)}`;
/** kWh generated on the plant's local today (daily counters reset at local midnight). */
const todayGenerationSql = sql<number>`coalesce((
  SELECT e.generation FROM plant_energy_daily e
  WHERE e.plant_id = ${plants.id} AND e.day = ${localDaySql(sql`now()`, plants.timezone)}), 0)::float8`;
/** The plant's local today; its roll-ups are keyed by its own calendar. */
const localTodaySql = localDaySql(sql`now()`, plants.timezone);
/** kWh of the plant's local month so far: one primary-key read of its monthly roll-up. */
const monthGenerationSql = sql<number>`coalesce((
  SELECT m.generation FROM plant_energy_monthly m
  WHERE m.plant_id = ${plants.id} AND m.month = date_trunc('month', ${localTodaySql})::date), 0)::float8`;
/** kWh of the plant's local year so far: at most 12 monthly rows, read by primary-key range. */
const yearGenerationSql = sql<number>`coalesce((
  SELECT sum(m.generation) FROM plant_energy_monthly m
  WHERE m.plant_id = ${plants.id} AND m.month BETWEEN date_trunc('year', ${localTodaySql})::date
    AND ${localTodaySql}), 0)::float8`;
/** kWh/kWp in SQL for sorting (null without capacity: sorted last); the answer's is specificYield's. */
const yieldSql = (generation: SQL) => sql`(${generation} / nullif(${plants.installedCapacity}, 0)::float8)`;
/**
 * The plant list's sortable columns. Each is a column of plants or a primary-key read per plant (the
 * roll-ups, the inverters' latest values), so a sorted page costs one such read per plant in scope.
 */
const sortSql = (now: Date): Record<StationSort, AnyColumn | SQL> => ({
  stationName: caseless(plants.name),
  // Offline, normal, warning, fault: descending puts the plants needing attention first.
  status: rankOf(plants.status, PLANT_STATUSES),
  installedCapacity: plants.installedCapacity,
  currentPower: currentPowerSql(now),
  todayGeneration: todayGenerationSql,
  todayYield: yieldSql(todayGenerationSql),
  monthYield: yieldSql(monthGenerationSql),
  yearYield: yieldSql(yearGenerationSql),
  gridConnectionTime: plants.gridConnectionDate,
  createTime: plants.createdAt,
});
const deviceCountSql = sql<number>`((SELECT count(*) FROM devices d WHERE d.plant_id = ${plants.id})
  + (SELECT count(*) FROM dongles g WHERE g.plant_id = ${plants.id}))::int`;

/**
 * Offline and no dongle of the plant has ever reported (plants.status has no room for a status of
 * its own): the list and detail say "not connected yet" instead of "offline".
 */
const neverConnectedSql = sql<boolean>`(${plants.status} = 'OFFLINE' AND NOT EXISTS (
  SELECT 1 FROM dongles g WHERE g.plant_id = ${plants.id} AND g.last_seen_at IS NOT NULL))`;

/** The list's scope and filters; the map and the KPIs read the same plants. */
function filterOf(db: Db, caller: Caller, f: StationPageBody): SQL | undefined {
  return and(
    plantScope(caller),
    contains(plants.name, f.stationName),
    contains(plants.plantNo, f.stationNo),
    f.stationType ? eq(plants.type, f.stationType) : undefined,
    f.status ? eq(plants.status, f.status) : undefined,
    f.orgId ? inSubtree(organizations.path, orgPathOf(f.orgId)) : undefined,
    f.ownerName
      ? or(
          contains(plants.ownerName, f.ownerName),
          inArray(
            plants.ownerUserId,
            db.select({ id: users.id }).from(users).where(contains(users.username, f.ownerName)),
          ),
        )
      : undefined,
  );
}

type ListRow = {
  plant: typeof plants.$inferSelect;
  orgName: string;
  currentPower: number;
  todayGeneration: number;
  monthGeneration: number;
  yearGeneration: number;
  deviceCount: number;
  neverConnected: boolean;
  commissioning: unknown;
};

/** One row of the plant list from its plant and figures. */
const toStationRow = ({
  plant: p,
  orgName,
  currentPower,
  deviceCount,
  neverConnected,
  commissioning,
  ...energy
}: ListRow): StationRow => ({
  id: p.id,
  stationNo: p.plantNo,
  stationName: p.name,
  stationType: p.type,
  status: p.status,
  neverConnected: Boolean(neverConnected),
  commissioning: Boolean(commissioning),
  installedCapacity: Number(p.installedCapacity),
  energyStorage: p.storageCapacity === null ? null : Number(p.storageCapacity),
  orgId: p.orgId,
  orgName,
  ownerName: p.ownerName,
  ownerUserId: p.ownerUserId,
  currentPower: exactFigure(Number(currentPower)),
  todayGeneration: exactFigure(Number(energy.todayGeneration)),
  specificYield: {
    today: specificYield(energy.todayGeneration, Number(p.installedCapacity)),
    month: specificYield(energy.monthGeneration, Number(p.installedCapacity)),
    year: specificYield(energy.yearGeneration, Number(p.installedCapacity)),
  },
  gridConnectionTime: dateText(p.gridConnectionDate),
  createTime: p.createdAt.toISOString(),
  deviceCount: Number(deviceCount),
});

export type PlantListDeps = Pick<AppContext, 'db'>;

/** The plant list, its KPIs and the fleet map: the same scope and filters, the list's figures per plant. */
export function createPlantListService(deps: PlantListDeps) {
  return { ...createPlantPage(deps), ...createPlantMap(deps), ...createPlantKpi(deps) };
}

/** A page of the plant list with each plant's figures. */
function createPlantPage({ db }: PlantListDeps) {
  return {
    async page(
      caller: Caller,
      q: SortedPageQuery<StationSort>,
      f: StationPageBody,
    ): Promise<PageResult<StationRow>> {
      const where = filterOf(db, caller, f);
      const now = new Date();
      const [{ total }] = (await db
        .select({ total: sql<number>`count(*)::int` })
        .from(plants)
        .innerJoin(organizations, eq(organizations.id, plants.orgId))
        .where(where)) as [{ total: number }];
      const rows = await db
        .select({
          plant: plants,
          orgName: organizations.name,
          currentPower: currentPowerSql(now),
          todayGeneration: todayGenerationSql,
          monthGeneration: monthGenerationSql,
          yearGeneration: yearGenerationSql,
          deviceCount: deviceCountSql,
          neverConnected: neverConnectedSql,
          commissioning: commissioningSql,
        })
        .from(plants)
        .innerJoin(organizations, eq(organizations.id, plants.orgId))
        .where(where)
        .orderBy(...pageOrder(q, sortSql(now), plants.id, [desc(plants.createdAt), desc(plants.id)]))
        .limit(pageWindow(q).limit)
        .offset(pageWindow(q).offset);
      return {
        total,
        list: rows.map(toStationRow),
      };
    },
  };
}

function createPlantMap({ db }: PlantListDeps) {
  return {
    /**
     * The fleet map: every plant of the scope and filters, not a page. One query over the plants the list
     * shows (the same scope and filter); those without coordinates are only counted.
     */
    async map(caller: Caller, f: StationPageBody): Promise<PlantMap> {
      const rows = await db
        .select({
          id: plants.id,
          name: plants.name,
          status: plants.status,
          latitude: plants.latitude,
          longitude: plants.longitude,
          capacity: plants.installedCapacity,
          currentPower: currentPowerSql(new Date()),
          neverConnected: neverConnectedSql,
        })
        .from(plants)
        .innerJoin(organizations, eq(organizations.id, plants.orgId))
        .where(filterOf(db, caller, f))
        .orderBy(asc(plants.id));
      const list: PlantMap['list'] = [];
      for (const r of rows) {
        if (r.latitude === null || r.longitude === null) continue;
        list.push({
          id: r.id,
          stationName: r.name,
          status: r.status,
          neverConnected: Boolean(r.neverConnected),
          latitude: r.latitude,
          longitude: r.longitude,
          installedCapacity: Number(r.capacity),
          currentPower: exactFigure(Number(r.currentPower)),
        });
      }
      return { list, withoutLocation: rows.length - list.length };
    },
  };
}

/** The list's KPIs: counts by status and the sums of capacity, storage, today's energy and power. */
function createPlantKpi({ db }: PlantListDeps) {
  return {
    async kpi(caller: Caller, f: StationPageBody): Promise<StationKpi> {
      const rows = db
        .select({
          status: plants.status,
          capacity: plants.installedCapacity,
          storage: plants.storageCapacity,
          today: todayGenerationSql.as('today'),
          power: currentPowerSql(new Date()).as('power'),
        })
        .from(plants)
        .innerJoin(organizations, eq(organizations.id, plants.orgId))
        .where(filterOf(db, caller, f))
        .as('r');
      const count = (status: PlantStatus) =>
        sql<number>`(count(*) FILTER (WHERE ${rows.status} = ${status}))::int`;
      const [k] = await db
        .select({
          total: sql<number>`count(*)::int`,
          OFFLINE: count('OFFLINE'),
          NORMAL: count('NORMAL'),
          WARNING: count('WARNING'),
          FAULT: count('FAULT'),
          installedCapacity: sql<number>`coalesce(sum(${rows.capacity}), 0)::float8`,
          energyStorage: sql<number>`coalesce(sum(${rows.storage}), 0)::float8`,
          todayGeneration: sql<number>`coalesce(sum(${rows.today}), 0)::float8`,
          currentPower: sql<number>`coalesce(sum(${rows.power}), 0)::float8`,
        })
        .from(rows);
      return {
        total: Number(k!.total),
        byStatus: {
          OFFLINE: Number(k!.OFFLINE),
          NORMAL: Number(k!.NORMAL),
          WARNING: Number(k!.WARNING),
          FAULT: Number(k!.FAULT),
        },
        installedCapacity: exactFigure(Number(k!.installedCapacity)),
        energyStorage: exactFigure(Number(k!.energyStorage)),
        todayGeneration: exactFigure(Number(k!.todayGeneration)),
        currentPower: exactFigure(Number(k!.currentPower)),
      };
    },
  };
}
