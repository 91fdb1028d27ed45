import {
  DASHBOARD_RECENT_ALERTS,
  DASHBOARD_TOP_PLANTS,
  DASHBOARD_TREND_DAYS,
  type Dashboard,
  type DashboardPlant,
  type DeviceGroup,
  type EnergyPie,
  SOCIAL_FACTORS,
  socialContribution,
} from '@pvstar/contract/dashboard';
import {
  type AlarmLevel,
  type DeviceStatus,
  DeviceStatusSchema,
  type PlantStatus,
  PlantStatusSchema,
  type StationType,
} from '@pvstar/contract/enums';
import type { Lang } from '@pvstar/contract/lang';
import { type DeviceKind, DeviceKindSchema } from '@pvstar/contract/metrics';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../http/access.ts';
import { faultName } from '../alarm/alarm.service.ts';
import { plantScope } from '../station/station-access.ts';

/**
 * The caller's plants under the same predicate as every plant query (station-access.ts: the managing
 * organisation's path, or for SELF the plants one owns), with only the columns the figures need and
 * each plant's local day at `now` (its daily roll-ups are keyed by it), computed once per plant.
 */
export const scopedPlants = (caller: Caller, now: Date): SQL => sql`
  SELECT plants.id, plants.plant_no, plants.name, plants.type, plants.status, plants.currency,
    plants.installed_capacity, plants.storage_capacity, plants.timezone,
    (${now.toISOString()}::timestamptz AT TIME ZONE plants.timezone)::date AS today
  FROM plants JOIN organizations ON organizations.id = plants.org_id
  WHERE ${plantScope(caller)}`;

/** Inverters whose latest values still describe now (the sweeper marks silent ones OFFLINE). */
const REPORTING = sql`('ONLINE', 'ABNORMAL', 'FAULT')`;

/** Used for the trend when the caller has no plants: the default plant time zone. */
const DEFAULT_TZ = 'Europe/Berlin';

const round2 = (n: number) => Math.round(n * 100) / 100;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

const emptyPie = (): EnergyPie => ({
  generation: 0,
  selfConsumption: 0,
  feedIn: 0,
  purchase: 0,
  consumption: 0,
});

type Rows<T> = { rows: T[] };

/** Sums of the energy columns of `d` (self-consumption per plant and day, as ingest derives it). */
const energySums = sql`
  sum(d.generation)::float8 AS gen, sum(d.consumption)::float8 AS cons, sum(d.feed_in)::float8 AS fi,
  sum(d.purchase)::float8 AS pu, sum(greatest(d.generation - d.feed_in, 0))::float8 AS sc,
  sum(d.revenue)::float8 AS rev`;

/**
 * Six index-friendly queries over the roll-ups (plants, plant_energy_daily, devices, device_latest) and
 * the ongoing alarms; raw samples are never read. Run side by side on a pool.
 */
export function createDashboardService(ctx: AppContext) {
  const { db } = ctx;
  const query = async <T>(q: SQL) => ((await db.execute(q)) as unknown as Rows<T>).rows;

  /** Counts, capacities and status of the plants in scope. */
  const plantFigures = (caller: Caller, now: Date) =>
    query<Record<string, unknown>>(sql`
      SELECT count(*)::int AS plants,
        coalesce(sum(sp.installed_capacity), 0)::float8 AS capacity,
        coalesce(sum(sp.storage_capacity), 0)::float8 AS storage,
        count(*) FILTER (WHERE sp.status = 'OFFLINE')::int AS "OFFLINE",
        count(*) FILTER (WHERE sp.status = 'NORMAL')::int AS "NORMAL",
        count(*) FILTER (WHERE sp.status = 'WARNING')::int AS "WARNING",
        count(*) FILTER (WHERE sp.status = 'FAULT')::int AS "FAULT"
      FROM (${scopedPlants(caller, now)}) sp`);

  /**
   * Energy and revenue per currency: in total (every daily row of the plants) and today (one row per
   * plant, its own local day, found by the primary key).
   */
  const energyByCurrency = (caller: Caller, now: Date) =>
    query<Record<string, unknown>>(sql`
      WITH sp AS MATERIALIZED (${scopedPlants(caller, now)}),
      tot AS (
        SELECT d.plant_id, ${energySums}
        FROM plant_energy_daily d WHERE d.plant_id IN (SELECT id FROM sp)
        GROUP BY d.plant_id)
      SELECT sp.currency, count(*)::int AS plants,
        coalesce(sum(tot.gen), 0)::float8 AS gen, coalesce(sum(tot.cons), 0)::float8 AS cons,
        coalesce(sum(tot.fi), 0)::float8 AS fi, coalesce(sum(tot.pu), 0)::float8 AS pu,
        coalesce(sum(tot.sc), 0)::float8 AS sc, coalesce(sum(tot.rev), 0)::float8 AS rev,
        coalesce(sum(d.generation), 0)::float8 AS t_gen, coalesce(sum(d.consumption), 0)::float8 AS t_cons,
        coalesce(sum(d.feed_in), 0)::float8 AS t_fi, coalesce(sum(d.purchase), 0)::float8 AS t_pu,
        coalesce(sum(greatest(d.generation - d.feed_in, 0)), 0)::float8 AS t_sc,
        coalesce(sum(d.revenue), 0)::float8 AS t_rev
      FROM sp LEFT JOIN tot ON tot.plant_id = sp.id
        LEFT JOIN plant_energy_daily d ON d.plant_id = sp.id AND d.day = sp.today
      GROUP BY sp.currency
      ORDER BY count(*) DESC, sp.currency`);

  /**
   * Generation and consumption per day for the last DASHBOARD_TREND_DAYS days, zero-filled. The window
   * ends at the newest local "today" among the plants, so every plant's today is in it.
   */
  const trend = (caller: Caller, now: Date) =>
    query<{ day: string; generation: number; consumption: number }>(sql`
      WITH sp AS MATERIALIZED (${scopedPlants(caller, now)}),
      bounds AS (
        SELECT coalesce(max(sp.today),
          (${now.toISOString()}::timestamptz AT TIME ZONE ${DEFAULT_TZ})::date) AS last_day
        FROM sp),
      agg AS (
        SELECT d.day, sum(d.generation) AS gen, sum(d.consumption) AS cons
        FROM plant_energy_daily d
        WHERE d.plant_id IN (SELECT id FROM sp)
          AND d.day > (SELECT last_day FROM bounds) - ${DASHBOARD_TREND_DAYS}::int
          AND d.day <= (SELECT last_day FROM bounds)
        GROUP BY d.day)
      SELECT to_char(g.day, 'YYYY-MM-DD') AS day,
        coalesce(agg.gen, 0)::float8 AS generation, coalesce(agg.cons, 0)::float8 AS consumption
      FROM bounds b
      CROSS JOIN generate_series((b.last_day - ${DASHBOARD_TREND_DAYS - 1}::int)::timestamp,
        b.last_day::timestamp, interval '1 day') AS g(day)
      LEFT JOIN agg ON agg.day = g.day::date
      ORDER BY g.day`);

  /**
   * Latest power per plant from its reporting inverters: the sums make the power flow, the top plants
   * by AC output the plant list (with today's generation).
   */
  const powerByPlant = (caller: Caller, now: Date) =>
    query<Record<string, unknown>>(sql`
      WITH sp AS MATERIALIZED (${scopedPlants(caller, now)}),
      pp AS (
        SELECT dv.plant_id, count(*)::int AS inverters,
          sum(coalesce((l.data->>'power')::float8, 0)) AS power,
          sum(coalesce((l.data->>'pvPower')::float8, 0)) AS pv,
          sum(coalesce((l.data->>'gridPower')::float8, 0)) AS grid,
          sum(coalesce((l.data->>'loadPower')::float8, 0)) AS load,
          sum(coalesce((l.data->>'batteryPower')::float8, 0)) AS battery
        FROM sp JOIN devices dv ON dv.plant_id = sp.id JOIN device_latest l ON l.device_id = dv.id
        WHERE dv.kind = 'INVERTER' AND dv.status IN ${REPORTING}
        GROUP BY dv.plant_id),
      flow AS (
        SELECT coalesce(sum(inverters), 0)::int AS inverters, coalesce(sum(pv), 0)::float8 AS pv,
          coalesce(sum(grid), 0)::float8 AS grid, coalesce(sum(load), 0)::float8 AS load,
          coalesce(sum(battery), 0)::float8 AS battery
        FROM pp),
      top AS (
        SELECT sp.id, sp.plant_no, sp.name, sp.type, sp.status, sp.installed_capacity::float8 AS capacity,
          coalesce(pp.power, 0)::float8 AS power, coalesce(d.generation, 0)::float8 AS today
        FROM sp LEFT JOIN pp ON pp.plant_id = sp.id
          LEFT JOIN plant_energy_daily d ON d.plant_id = sp.id AND d.day = sp.today
        ORDER BY coalesce(pp.power, 0) DESC, sp.id
        LIMIT ${DASHBOARD_TOP_PLANTS})
      SELECT flow.*, top.* FROM flow LEFT JOIN top ON TRUE
      ORDER BY top.power DESC, top.id`);

  /** Devices of the listed plants, counted per kind and status. */
  const deviceGroups = async (plantIds: number[]) => {
    if (!plantIds.length) return new Map<number, DeviceGroup[]>();
    const rows = await query<{ plant_id: number; kind: DeviceKind; status: DeviceStatus; n: number }>(sql`
      SELECT plant_id, kind, status, count(*)::int AS n FROM devices
      WHERE plant_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(plantIds)}::jsonb)::int)
      GROUP BY plant_id, kind, status ORDER BY plant_id, kind, status`);
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

  /** The ongoing alarms in scope: how many, and the newest few. */
  const ongoingAlarms = (caller: Caller, now: Date) =>
    query<Record<string, unknown>>(sql`
      SELECT a.id, a.plant_id, sp.name, sp.timezone, a.source_sn, a.fault_code, a.alarm_level, a.started_at, a.ended_at,
        f.messages, count(*) OVER ()::int AS total
      FROM alarms a
      JOIN (${scopedPlants(caller, now)}) sp ON sp.id = a.plant_id
      LEFT JOIN fault_codes f ON f.fault_code = a.fault_code
      WHERE a.status = 'ONGOING'
      ORDER BY a.started_at DESC, a.id DESC
      LIMIT ${DASHBOARD_RECENT_ALERTS}`);

  return {
    async get(caller: Caller, lang: Lang, now = new Date()): Promise<Dashboard> {
      const [[figures], currencies, days, power, alerts] = await Promise.all([
        plantFigures(caller, now),
        energyByCurrency(caller, now),
        trend(caller, now),
        powerByPlant(caller, now),
        ongoingAlarms(caller, now),
      ]);
      const f = figures ?? {};
      const today = emptyPie();
      const total = emptyPie();
      for (const c of currencies) {
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
      // Money is not converted: the figures are those of the currency most plants use (sorted first).
      const main = currencies[0];
      const flow = power[0] ?? {};
      const topRows = power.filter((r) => r.id !== null && r.id !== undefined);
      const groups = await deviceGroups(topRows.map((r) => Number(r.id)));
      const plants: DashboardPlant[] = topRows.map((r) => ({
        id: Number(r.id),
        stationNo: String(r.plant_no),
        stationName: String(r.name),
        type: r.type as StationType,
        status: r.status as PlantStatus,
        installedCapacity: round2(num(r.capacity)),
        power: round2(num(r.power)),
        todayGeneration: round2(num(r.today)),
        deviceGroups: groups.get(Number(r.id)) ?? [],
      }));
      const social = socialContribution(total.generation, SOCIAL_FACTORS);
      const roundPie = (p: EnergyPie): EnergyPie =>
        Object.fromEntries(Object.entries(p).map(([k, v]) => [k, round2(v)])) as EnergyPie;
      return {
        faultCount: num(f.FAULT),
        alarmCount: num(alerts[0]?.total),
        plantCount: num(f.plants),
        installedCapacity: round2(num(f.capacity)),
        energyStorage: round2(num(f.storage)),
        todayGeneration: round2(today.generation),
        totalGeneration: round2(total.generation),
        currency: main ? String(main.currency) : null,
        todayRevenue: round2(num(main?.t_rev)),
        totalRevenue: round2(num(main?.rev)),
        revenueByCurrency: currencies.map((c) => ({
          currency: String(c.currency),
          plantCount: num(c.plants),
          today: round2(num(c.t_rev)),
          total: round2(num(c.rev)),
        })),
        statusCounts: Object.fromEntries(PlantStatusSchema.options.map((s) => [s, num(f[s])])) as Record<
          PlantStatus,
          number
        >,
        trend: days.map((d) => ({
          day: d.day,
          generation: round2(num(d.generation)),
          consumption: round2(num(d.consumption)),
        })),
        recentAlerts: alerts.map((a) => {
          const messages = a.messages as Record<string, string> | null;
          return {
            id: Number(a.id),
            plantId: Number(a.plant_id),
            stationName: String(a.name),
            timezone: String(a.timezone),
            deviceSn: String(a.source_sn),
            faultCode: String(a.fault_code),
            faultName: faultName(messages, lang, String(a.fault_code)),
            level: a.alarm_level as AlarmLevel,
            raisedAt: new Date(a.started_at as string).toISOString(),
            clearedAt: a.ended_at ? new Date(a.ended_at as string).toISOString() : null,
          };
        }),
        social: {
          coalSavedT: round2(social.coalSavedT),
          co2ReducedT: round2(social.co2ReducedT),
          trees: round2(social.trees),
          factors: { ...SOCIAL_FACTORS },
        },
        powerFlow: {
          pvPower: round2(num(flow.pv)),
          gridPower: round2(num(flow.grid)),
          loadPower: round2(num(flow.load)),
          batteryPower: round2(num(flow.battery)),
          inverterCount: num(flow.inverters),
        },
        pie: { today: roundPie(today), total: roundPie(total) },
        plants,
        updatedAt: now.toISOString(),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
