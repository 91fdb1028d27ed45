import {
  CO2_KG_PER_TREE_YEAR,
  DASHBOARD_RECENT_ALERTS,
  DASHBOARD_TOP_PLANTS,
  DASHBOARD_TREND_DAYS,
  type Dashboard,
  type DashboardPlant,
  type DeviceGroup,
  type EnergyPie,
  socialContribution,
} from '@pvstar/contract/dashboard';
import {
  type DeviceStatus,
  DeviceStatusSchema,
  type PlantStatus,
  PlantStatusSchema,
} from '@pvstar/contract/enums';
import { exactFigure } from '@pvstar/contract/figures';
import type { Lang } from '@pvstar/contract/lang';
import { type DeviceKind, DeviceKindSchema } from '@pvstar/contract/metrics';
import { specificYield } from '@pvstar/contract/plant-data';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import { sqlRows } from '../../db/rows.ts';
import { localDay, localDaySql } from '../../domain/calendar.ts';
import { plantByPlant, plantScope } from '../../domain/plants.ts';
import { plantPowerNowSql } from '../../domain/power-now.ts';
import type { Caller } from '../../http/access.ts';
import { createSharedRuns } from '../../lib/shared-runs.ts';
import { faultName } from '../alarm/alarm.service.ts';
import {
  type AlertRow,
  DEFAULT_TZ,
  type DeviceRow,
  emptyPie,
  energyRows,
  num,
  type PowerRow,
  scopedPlants,
  scopeKey,
  topPlantsOf,
  yieldParts,
} from './dashboard-queries.ts';
import { type DashboardRows, dashboardFromRollup, powerFromRollup } from './dashboard-rollup.ts';
import { gridFactors, gridShares } from './grid-factors.ts';

/** A figure of the answer: exact, rounded once where it is shown (docs/energy.md "Rounding"). */
const exact = (v: unknown) => exactFigure(num(v));

/** Devices of the listed plants (an int[] literal), counted per kind and status. */
const devicesOfPlants = preparedRows<DeviceRow>(
  'dashboard_device_groups',
  sql`
  SELECT plant_id, kind, status, count(*)::int AS n FROM devices
  WHERE plant_id = ANY(${sql.placeholder('plantIds')}::int[])
  GROUP BY plant_id, kind, status ORDER BY plant_id, kind, status`,
);

/** The dashboard's figures of the plants in scope, one by one: counts, energy, countries, the trend. */
function plantFigureQueries(db: Db) {
  /**
   * Counts, capacities and status of the plants in scope per currency and time zone, with the zone's
   * local day at `now` (worked out once per zone, not once per plant).
   */
  const plantFigures = (caller: Caller, now: Date) =>
    sqlRows(
      db,
      sql`
      SELECT plants.currency, count(*)::int AS plants,
        coalesce(sum(plants.installed_capacity), 0)::float8 AS capacity,
        coalesce(sum(plants.storage_capacity), 0)::float8 AS storage,
        count(*) FILTER (WHERE plants.status = 'OFFLINE')::int AS "OFFLINE",
        count(*) FILTER (WHERE plants.status = 'NORMAL')::int AS "NORMAL",
        count(*) FILTER (WHERE plants.status = 'WARNING')::int AS "WARNING",
        count(*) FILTER (WHERE plants.status = 'FAULT')::int AS "FAULT",
        to_char(${localDaySql(now, sql`plants.timezone`)}, 'YYYY-MM-DD') AS local_day
      FROM plants JOIN organizations ON organizations.id = plants.org_id
      WHERE ${plantScope(caller)}
      GROUP BY plants.currency, plants.timezone`,
    );

  /**
   * Energy and revenue per currency: in total (every day) and today (each row's own local day, the day
   * of its plants' time zone at `now`).
   */
  const energyByCurrency = (caller: Caller, now: Date) =>
    sqlRows(
      db,
      sql`
      SELECT e.currency,
        sum(e.generation)::float8 AS gen, sum(e.consumption)::float8 AS cons, sum(e.feed_in)::float8 AS fi,
        sum(e.purchase)::float8 AS pu, sum(e.self_consumption)::float8 AS sc, sum(e.revenue)::float8 AS rev,
        coalesce(sum(e.generation) FILTER (WHERE e.today), 0)::float8 AS t_gen,
        coalesce(sum(e.consumption) FILTER (WHERE e.today), 0)::float8 AS t_cons,
        coalesce(sum(e.feed_in) FILTER (WHERE e.today), 0)::float8 AS t_fi,
        coalesce(sum(e.purchase) FILTER (WHERE e.today), 0)::float8 AS t_pu,
        coalesce(sum(e.self_consumption) FILTER (WHERE e.today), 0)::float8 AS t_sc,
        coalesce(sum(e.revenue) FILTER (WHERE e.today), 0)::float8 AS t_rev,
        coalesce(sum(e.generation) FILTER (WHERE e.day >= date_trunc('month', e.local_today)::date
          AND e.day <= e.local_today), 0)::float8 AS m_gen,
        coalesce(sum(e.generation) FILTER (WHERE e.day >= date_trunc('year', e.local_today)::date
          AND e.day <= e.local_today), 0)::float8 AS y_gen
      FROM (
        SELECT r.*, r.day = l.local_today AS today, l.local_today
        FROM (${energyRows(caller)}) r
        CROSS JOIN LATERAL (SELECT ${localDaySql(now, sql`r.timezone`)} AS local_today) l) e
      GROUP BY e.currency`,
    );

  /**
   * Lifetime generation (the sum of stored days) of the plants in scope per country: one row per plant
   * from plant_energy_total (kept by trigger, migration 0022), for the CO₂ of each country's grid.
   */
  const generationByCountry = (caller: Caller) =>
    sqlRows<{ country: string | null; plants: number; generation: number }>(
      db,
      sql`
      SELECT plants.country_code AS country, count(*)::int AS plants,
        coalesce(sum(t.generation), 0)::float8 AS generation
      FROM plants JOIN organizations ON organizations.id = plants.org_id
      LEFT JOIN plant_energy_total t ON t.plant_id = plants.id
      WHERE ${plantScope(caller)}
      GROUP BY plants.country_code`,
    );

  /** Generation and consumption per day for the DASHBOARD_TREND_DAYS days up to `lastDay`, zero-filled. */
  const trend = (caller: Caller, lastDay: string) =>
    sqlRows<{ day: string; generation: number; consumption: number }>(
      db,
      sql`
      WITH agg AS (
        SELECT e.day, sum(e.generation) AS gen, sum(e.consumption) AS cons
        FROM (${energyRows(caller)}) e
        WHERE e.day > ${lastDay}::date - ${DASHBOARD_TREND_DAYS}::int AND e.day <= ${lastDay}::date
        GROUP BY e.day)
      SELECT to_char(g.day, 'YYYY-MM-DD') AS day,
        coalesce(agg.gen, 0)::float8 AS generation, coalesce(agg.cons, 0)::float8 AS consumption
      FROM generate_series((${lastDay}::date - ${DASHBOARD_TREND_DAYS - 1}::int)::timestamp,
        ${lastDay}::date::timestamp, interval '1 day') AS g(day)
      LEFT JOIN agg ON agg.day = g.day::date
      ORDER BY g.day`,
    );
  return { plantFigures, energyByCurrency, generationByCountry, trend };
}

/** The plants' power now, their devices, and the ongoing alarms, one plant at a time. */
function plantRowQueries(db: Db) {
  /**
   * Power now (domain/power-now.ts, the plant list's and the overview's rule): the sums make the fleet's
   * power flow, the top plants by PV power the plant list (with today's generation). An owner's few plants
   * (SELF) are computed live; an organisation's from the roll-ups (powerFromRollup).
   */
  const powerByPlant = (caller: Caller, now: Date) =>
    plantByPlant(caller)
      ? sqlRows<PowerRow>(
          db,
          sql`
      WITH sp AS MATERIALIZED (${scopedPlants(caller)}),
      pp AS (${plantPowerNowSql(now, sql`SELECT id, status FROM sp`)}),
      flow AS (
        SELECT coalesce(sum(inverters), 0)::int AS inverters, max(ts) AS ts, coalesce(sum(pv), 0)::float8 AS pv,
          coalesce(sum(grid), 0)::float8 AS grid, coalesce(sum(load), 0)::float8 AS load,
          coalesce(sum(battery), 0)::float8 AS battery
        FROM pp),
      top AS (
        SELECT pp.plant_id, pp.pv FROM pp ORDER BY pp.pv DESC, pp.plant_id LIMIT ${DASHBOARD_TOP_PLANTS})
      ${topPlantsOf(now)}`,
        )
      : powerFromRollup(db, caller, now);

  /** Devices of the listed plants, counted per kind and status. */
  const deviceRows = (plantIds: number[]) =>
    plantIds.length ? devicesOfPlants(db, { plantIds: `{${plantIds.join(',')}}` }) : Promise.resolve([]);

  /**
   * The latest alarms in scope: the newest ongoing ones first, then the newest ended ones (by start, as
   * the alert center orders them), at most DASHBOARD_RECENT_ALERTS; and how many are ongoing.
   */
  const latestAlarms = (caller: Caller) =>
    sqlRows<AlertRow>(
      db,
      sql`
      WITH sp AS MATERIALIZED (${scopedPlants(caller)}),
      ongoing AS (
        SELECT a.*, 0 AS rank FROM alarms a JOIN sp ON sp.id = a.plant_id
        WHERE a.status = 'ONGOING'
        ORDER BY a.started_at DESC, a.id DESC LIMIT ${DASHBOARD_RECENT_ALERTS}),
      ended AS (
        SELECT a.*, 1 AS rank FROM alarms a JOIN sp ON sp.id = a.plant_id
        WHERE a.status <> 'ONGOING'
        ORDER BY a.started_at DESC, a.id DESC LIMIT ${DASHBOARD_RECENT_ALERTS}),
      latest AS (
        SELECT * FROM ongoing UNION ALL SELECT * FROM ended
        ORDER BY rank, started_at DESC, id DESC LIMIT ${DASHBOARD_RECENT_ALERTS})
      SELECT a.id, a.plant_id, sp.name, sp.timezone, a.source_sn, a.fault_code, a.alarm_level, a.started_at,
        a.ended_at, f.messages,
        (SELECT count(*) FROM alarms o JOIN sp s2 ON s2.id = o.plant_id WHERE o.status = 'ONGOING')::int AS ongoing
      FROM latest a JOIN sp ON sp.id = a.plant_id
      LEFT JOIN fault_codes f ON f.fault_code = a.fault_code
      ORDER BY a.rank, a.started_at DESC, a.id DESC`,
    );
  return { powerByPlant, deviceRows, latestAlarms };
}

/** Device rows per plant, grouped by kind with their count per status. */
const deviceGroups = (rows: DeviceRow[]) => {
  const out = new Map<number, DeviceGroup[]>();
  for (const r of rows) {
    const groups = out.get(r.plant_id) ?? [];
    let g = groups.find((x) => x.kind === r.kind);
    if (!g) {
      g = {
        kind: r.kind,
        total: 0,
        byStatus: Object.fromEntries(DeviceStatusSchema.options.map((s) => [s, 0])) as Record<
          DeviceStatus,
          number
        >,
      };
      groups.push(g);
    }
    g.total += r.n;
    if (r.status in g.byStatus) g.byStatus[r.status] += r.n;
    out.set(r.plant_id, groups);
  }
  // The catalogue's order: inverter first, then battery, meter, EV charger, heat pump.
  const rank = (k: DeviceKind) => DeviceKindSchema.options.indexOf(k);
  for (const groups of out.values()) groups.sort((a, b) => rank(a.kind) - rank(b.kind));
  return out;
};

type Rows = DashboardRows;

/** The plants' counts, capacities and statuses over every zone, and the number of plants per currency. */
function zoneTotals(byZone: Rows['figures']) {
  const f: Record<string, number> = {};
  const plantsPer = new Map<string, number>();
  for (const r of byZone) {
    for (const k of ['plants', 'capacity', 'storage', ...PlantStatusSchema.options])
      f[k] = (f[k] ?? 0) + num(r[k]);
    plantsPer.set(String(r.currency), (plantsPer.get(String(r.currency)) ?? 0) + num(r.plants));
  }
  return { f, plantsPer };
}

/** Today's and the total energy pies, and the month's and year's generation, over every currency. */
function energyPies(currencies: Record<string, unknown>[]) {
  const today = emptyPie();
  const total = emptyPie();
  let monthGeneration = 0;
  let yearGeneration = 0;
  for (const c of currencies) {
    monthGeneration += num(c.m_gen);
    yearGeneration += num(c.y_gen);
    today.generation += num(c.t_gen);
    today.consumption += num(c.t_cons);
    today.feedIn += num(c.t_fi);
    today.purchase += num(c.t_pu);
    today.selfConsumption += num(c.t_sc);
    total.generation += num(c.gen);
    total.consumption += num(c.cons);
    total.feedIn += num(c.fi);
    total.purchase += num(c.pu);
    total.selfConsumption += num(c.sc);
  }
  return { today, total, monthGeneration, yearGeneration };
}

function recentAlertsOf(alerts: Rows['alarms'], lang: Lang): Dashboard['recentAlerts'] {
  return alerts.map((a) => ({
    id: a.id,
    plantId: a.plant_id,
    stationName: a.name,
    timezone: a.timezone,
    deviceSn: a.source_sn,
    faultCode: a.fault_code,
    faultName: faultName(a.messages, lang, a.fault_code),
    level: a.alarm_level,
    raisedAt: new Date(a.started_at).toISOString(),
    clearedAt: a.ended_at ? new Date(a.ended_at).toISOString() : null,
  }));
}

function powerFlowOf(flow: Rows['power'][number] | undefined): Dashboard['powerFlow'] {
  return {
    ts: flow?.ts ? new Date(flow.ts).toISOString() : null,
    pvPower: exact(flow?.pv),
    gridPower: exact(flow?.grid),
    loadPower: exact(flow?.load),
    batteryPower: exact(flow?.battery),
    inverterCount: num(flow?.inverters),
  };
}

/** The dashboard from its rows: sums over zones and currencies, the main currency's money, the parts. */
function dashboardOf(rows: Rows, lang: Lang, now: Date, grids: ReturnType<typeof gridFactors>): Dashboard {
  const { figures: byZone, energy, trend: days, power, alarms: alerts, countries, devices } = rows;
  const { f, plantsPer } = zoneTotals(byZone);
  const energyOf = new Map(energy.map((e) => [String(e.currency), e]));
  // Money is not converted: per currency of the plants, most used first (a tie: alphabetically).
  const currencies = [...plantsPer]
    .sort(([a, n], [b, m]) => m - n || (a < b ? -1 : 1))
    .map(([currency, plants]) => ({ ...(energyOf.get(currency) ?? {}), currency, plants })) as Record<
    string,
    unknown
  >[];
  const { today, total, monthGeneration, yearGeneration } = energyPies(currencies);
  // The figures are those of the currency most plants use (sorted first).
  const main = currencies[0];
  const flow = power[0];
  const topRows = power.filter((r) => r.id !== null);
  const groups = deviceGroups(devices);
  const plants: DashboardPlant[] = topRows.map((r) => ({
    id: r.id,
    stationNo: r.plant_no,
    stationName: r.name,
    type: r.type,
    status: r.status,
    installedCapacity: exact(r.capacity),
    power: exact(r.power),
    todayGeneration: exact(r.today),
    todayYield: specificYield(r.today, r.capacity),
    deviceGroups: groups.get(r.id) ?? [],
  }));
  const shares = gridShares(
    grids,
    countries.map((r) => ({ country: r.country, plants: num(r.plants), generation: num(r.generation) })),
  );
  const social = socialContribution(shares);
  for (const p of [today, total]) Object.assign(p, yieldParts(p));
  const exactPie = (p: EnergyPie): EnergyPie =>
    Object.fromEntries(Object.entries(p).map(([k, v]) => [k, exact(v)])) as EnergyPie;
  return {
    faultCount: num(f.FAULT),
    alarmCount: num(alerts[0]?.ongoing),
    plantCount: num(f.plants),
    installedCapacity: exact(f.capacity),
    energyStorage: exact(f.storage),
    todayGeneration: exact(today.generation),
    totalGeneration: exact(total.generation),
    specificYield: {
      today: specificYield(today.generation, num(f.capacity)),
      month: specificYield(monthGeneration, num(f.capacity)),
      year: specificYield(yearGeneration, num(f.capacity)),
    },
    currency: main ? String(main.currency) : null,
    todayRevenue: exact(main?.t_rev),
    totalRevenue: exact(main?.rev),
    revenueByCurrency: currencies.map((c) => ({
      currency: String(c.currency),
      plantCount: num(c.plants),
      today: exact(c.t_rev),
      total: exact(c.rev),
    })),
    statusCounts: Object.fromEntries(PlantStatusSchema.options.map((s) => [s, num(f[s])])) as Record<
      PlantStatus,
      number
    >,
    trend: days.map((d) => ({
      day: d.day,
      generation: exact(d.generation),
      consumption: exact(d.consumption),
    })),
    recentAlerts: recentAlertsOf(alerts, lang),
    social: {
      co2ReducedT: exact(social.co2ReducedT),
      treeYears: exact(social.treeYears),
      co2KgPerTreeYear: CO2_KG_PER_TREE_YEAR,
      grids: shares.map((g) => ({ ...g, generation: exact(g.generation) })),
    },
    powerFlow: powerFlowOf(flow),
    pie: { today: exactPie(today), total: exactPie(total) },
    plants,
    updatedAt: now.toISOString(),
  };
}

export type DashboardDeps = Pick<AppContext, 'db' | 'config'>;

/**
 * Index-friendly queries over the roll-ups and the ongoing alarms; raw samples are never read. An
 * organisation's scope is one prepared statement over the per-organisation roll-ups (dashboard-rollup.ts);
 * an owner's plants, a token's chosen ones (and the live computation) are the per-plant queries below:
 * after the plant figures (which give the trend's last day) the rest run side by side on a pool.
 */
export function createDashboardService(
  ctx: DashboardDeps,
  /**
   * `live: true` computes an organisation's figures as before migration 0034 (from its plants and
   * organisation days, not the per-organisation roll-ups): for the tests that compare the two and the bench.
   */
  opts: { live?: boolean } = {},
) {
  const { db } = ctx;
  /** Whether this caller's figures come from the per-organisation roll-ups (dashboard-rollup.ts). */
  const rolledUp = (caller: Caller) => !opts.live && !plantByPlant(caller);
  const grids = gridFactors(ctx.config);

  const { plantFigures, energyByCurrency, generationByCountry, trend } = plantFigureQueries(db);
  const { powerByPlant, deviceRows, latestAlarms } = plantRowQueries(db);

  /** The rows of every part for a caller's plants one by one, or an organisation's scope as before 0034. */
  async function fromPlants(caller: Caller, now: Date): Promise<DashboardRows> {
    const figures = await plantFigures(caller, now);
    // The trend ends at the newest local "today" among the plants, so every plant's today is in it.
    const lastDay =
      figures
        .map((r) => String(r.local_day))
        .sort()
        .at(-1) ?? localDay(now.getTime(), DEFAULT_TZ);
    const [energy, days, power, alarms, countries] = await Promise.all([
      energyByCurrency(caller, now),
      trend(caller, lastDay),
      powerByPlant(caller, now),
      latestAlarms(caller),
      generationByCountry(caller),
    ]);
    const devices = await deviceRows(power.filter((r) => r.id !== null).map((r) => r.id));
    return { figures, energy, trend: days, power, alarms, countries, devices };
  }

  async function compute(caller: Caller, lang: Lang, now: Date): Promise<Dashboard> {
    const rows = rolledUp(caller)
      ? await dashboardFromRollup(db, caller, now)
      : await fromPlants(caller, now);
    return dashboardOf(rows, lang, now, grids);
  }

  // Callers of one scope asking at once (a dealer's staff, a wall of screens) share one computation;
  // none gets figures worked out before they asked.
  const shared = createSharedRuns<Dashboard>();
  return {
    get: (caller: Caller, lang: Lang): Promise<Dashboard> =>
      shared(scopeKey(caller, lang), () => compute(caller, lang, new Date())),
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
