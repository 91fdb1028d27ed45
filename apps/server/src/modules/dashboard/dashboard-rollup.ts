import { DAY_MS } from '@pvstar/contract/calendar';
import {
  DASHBOARD_RECENT_ALERTS,
  DASHBOARD_TOP_PLANTS,
  DASHBOARD_TREND_DAYS,
} from '@pvstar/contract/dashboard';
import type { DataScope } from '@pvstar/contract/enums';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import { organizations } from '../../db/schema/index.ts';
import { instantSql, localDaySql } from '../../domain/calendar.ts';
import { plantPowerNowSql } from '../../domain/power-now.ts';
import { scopePlaceholders, scopeValues } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import {
  type AlertRow,
  DEFAULT_TZ,
  type DeviceRow,
  type PowerRow,
  topPlantsOf,
} from './dashboard-queries.ts';

/**
 * The dashboard's figures of an organisation's scope (a dealer's subtree, an installer's organisation)
 * from the per-organisation roll-ups of migrations 0034 and 0035 (decisions 026 and 028, docs/dashboard.md):
 * a few rows per organisation in scope, whatever its number of plants, and the trend from one row per shard
 * and day. Each gives the rows the per-plant queries of dashboard.service.ts give (an owner's plants, a
 * token's chosen ones), with the same figures, all in one statement prepared once per data scope
 * (db/prepared.ts): planning the parts cost more than running them, and each round trip more than its rows.
 */

/** The data scopes read from the roll-ups (an owner's own plants are read plant by plant). */
type OrgScope = Exclude<DataScope, 'SELF'>;

const p = (name: string) => sql.placeholder(name);
const now = sql`${p('now')}`;

const orgScope = (caller: Caller): OrgScope => {
  if (caller.dataScope === 'SELF') throw new Error('an owner’s dashboard is read plant by plant');
  return caller.dataScope;
};

/** The organisations in the caller's scope (CTE `orgs`, materialised once). */
const orgsInScope = (scope: OrgScope): SQL => sql`
  SELECT organizations.id FROM organizations
  WHERE ${scopePlaceholders(scope, { orgPath: organizations.path, orgId: organizations.id, ownerId: sql`NULL` })}`;

/** A day no time zone's local today is before at `now` (UTC offsets reach −12 h). */
const earliestToday = (at: Date) => new Date(at.getTime() - 86_400_000).toISOString().slice(0, 10);

/** Counts, capacities and status per currency and time zone (org_plant_counts), as plantFigures. */
const plantFigures = sql`
  SELECT c.currency, sum(c.plants)::int AS plants, sum(c.capacity)::float8 AS capacity,
    sum(c.storage)::float8 AS storage, sum(c.offline)::int AS "OFFLINE", sum(c.normal)::int AS "NORMAL",
    sum(c.warning)::int AS "WARNING", sum(c.fault)::int AS "FAULT",
    to_char(${localDaySql(now, sql`c.timezone`)}, 'YYYY-MM-DD') AS local_day
  FROM org_plant_counts c JOIN orgs ON orgs.id = c.org_id
  GROUP BY c.currency, c.timezone
  HAVING sum(c.plants) > 0`;

/**
 * Energy and revenue per currency, as energyByCurrency: the lifetime from the 'T' rows, the month and year
 * of each time zone's local today from its 'M' and 'Y' rows less any stored day after that today, and
 * today from the organisation days themselves (only days from earliestToday on are read).
 */
const from = sql`${p('from')}::date`;
const energy = sql`
  WITH p AS (
    SELECT r.*, ${localDaySql(now, sql`r.timezone`)} AS local_today
    FROM org_energy_period r JOIN orgs ON orgs.id = r.org_id
    WHERE r.period = 'T' OR (r.period = 'Y' AND r.start >= date_trunc('year', ${from})::date)
      OR (r.period = 'M' AND r.start >= date_trunc('month', ${from})::date)),
  d AS (
    SELECT r.*, ${localDaySql(now, sql`r.timezone`)} AS local_today
    FROM org_energy_daily r JOIN orgs ON orgs.id = r.org_id
    WHERE r.day >= ${from}),
  e AS (
    SELECT currency, sum(generation) AS gen, sum(consumption) AS cons, sum(feed_in) AS fi,
      sum(purchase) AS pu, sum(self_consumption) AS sc, sum(revenue) AS rev, 0 AS t_gen, 0 AS t_cons,
      0 AS t_fi, 0 AS t_pu, 0 AS t_sc, 0 AS t_rev, 0 AS m_gen, 0 AS y_gen
    FROM p WHERE period = 'T' GROUP BY currency
    UNION ALL
    SELECT currency, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      coalesce(sum(generation) FILTER (WHERE period = 'M' AND start = date_trunc('month', local_today)::date), 0),
      coalesce(sum(generation) FILTER (WHERE period = 'Y' AND start = date_trunc('year', local_today)::date), 0)
    FROM p WHERE period <> 'T' GROUP BY currency
    UNION ALL
    SELECT currency, 0, 0, 0, 0, 0, 0,
      coalesce(sum(generation) FILTER (WHERE day = local_today), 0),
      coalesce(sum(consumption) FILTER (WHERE day = local_today), 0),
      coalesce(sum(feed_in) FILTER (WHERE day = local_today), 0),
      coalesce(sum(purchase) FILTER (WHERE day = local_today), 0),
      coalesce(sum(self_consumption) FILTER (WHERE day = local_today), 0),
      coalesce(sum(revenue) FILTER (WHERE day = local_today), 0),
      -coalesce(sum(generation) FILTER (WHERE day > local_today
        AND date_trunc('month', day) = date_trunc('month', local_today)), 0),
      -coalesce(sum(generation) FILTER (WHERE day > local_today
        AND date_trunc('year', day) = date_trunc('year', local_today)), 0)
    FROM d GROUP BY currency)
  SELECT currency, sum(gen)::float8 AS gen, sum(cons)::float8 AS cons, sum(fi)::float8 AS fi,
    sum(pu)::float8 AS pu, sum(sc)::float8 AS sc, sum(rev)::float8 AS rev, sum(t_gen)::float8 AS t_gen,
    sum(t_cons)::float8 AS t_cons, sum(t_fi)::float8 AS t_fi, sum(t_pu)::float8 AS t_pu,
    sum(t_sc)::float8 AS t_sc, sum(t_rev)::float8 AS t_rev, sum(m_gen)::float8 AS m_gen,
    sum(y_gen)::float8 AS y_gen
  FROM e GROUP BY currency`;

/**
 * The trend's last day: the newest local today of the plants (of CTE `figures`), so that every plant's today
 * is in it; the default zone's without plants.
 */
const lastDay = sql`SELECT coalesce(max(local_day)::date, ${localDaySql(now, sql`${DEFAULT_TZ}`)}) AS day FROM figures`;

/**
 * Generation and consumption of the days of the trend (up to CTE `last`) that have any, as the trend of
 * dashboard.service.ts before its zero-filling. An organisation and its subtree (the scope predicate's path
 * prefix) is its own org_subtree_daily row, everything the subtree of every root: one row per shard and day
 * (migration 0035). One organisation alone (ORG) is its own organisation days, as few rows.
 */
const trend = (scope: OrgScope) => {
  const rows = {
    ALL: sql`org_subtree_daily t WHERE t.org_id IN (SELECT id FROM organizations WHERE parent_id IS NULL)`,
    ORG_AND_SUB: sql`org_subtree_daily t WHERE t.org_id = ${p('scopeOrgId')}`,
    ORG: sql`org_energy_daily t WHERE t.org_id = ${p('scopeOrgId')}`,
  }[scope];
  return sql`
  SELECT t.day, sum(t.generation) AS generation, sum(t.consumption) AS consumption FROM ${rows}
    AND t.day > (SELECT day FROM last) - ${DASHBOARD_TREND_DAYS}::int AND t.day <= (SELECT day FROM last)
  GROUP BY t.day`;
};

/** Plants and lifetime generation per country (org_plant_counts, org_country_generation), as generationByCountry. */
const countries = sql`
  WITH n AS (
    SELECT c.country, sum(c.plants) AS plants FROM org_plant_counts c JOIN orgs ON orgs.id = c.org_id
    GROUP BY c.country HAVING sum(c.plants) > 0),
  g AS (
    SELECT g.country, sum(g.generation) AS generation
    FROM org_country_generation g JOIN orgs ON orgs.id = g.org_id GROUP BY g.country)
  SELECT nullif(n.country, '') AS country, n.plants::int AS plants, coalesce(g.generation, 0)::float8 AS generation
  FROM n LEFT JOIN g ON g.country = n.country`;

/**
 * The latest alarms of the organisations in scope, as latestAlarms: each organisation's newest ongoing and
 * newest ended ones by index (alarms.org_id), at most DASHBOARD_RECENT_ALERTS of each per organisation,
 * then the newest of those; and how many are ongoing (the partial index of ongoing alarms per organisation).
 * A fault's texts are looked up for the listed alarms only (a join hashed every fault's texts).
 */
const alarms = sql`
  WITH ongoing AS (
    SELECT c.*, 0 AS rank FROM orgs CROSS JOIN LATERAL (
      SELECT a.id, a.plant_id, a.source_sn, a.fault_code, a.alarm_level, a.started_at, a.ended_at
      FROM alarms a WHERE a.org_id = orgs.id AND a.status = 'ONGOING'
      ORDER BY a.started_at DESC, a.id DESC LIMIT ${DASHBOARD_RECENT_ALERTS}) c
    ORDER BY c.started_at DESC, c.id DESC LIMIT ${DASHBOARD_RECENT_ALERTS}),
  ended AS (
    SELECT c.*, 1 AS rank FROM orgs CROSS JOIN LATERAL (
      SELECT a.id, a.plant_id, a.source_sn, a.fault_code, a.alarm_level, a.started_at, a.ended_at
      FROM alarms a WHERE a.org_id = orgs.id AND a.status <> 'ONGOING'
      ORDER BY a.started_at DESC, a.id DESC LIMIT ${DASHBOARD_RECENT_ALERTS}) c
    ORDER BY c.started_at DESC, c.id DESC LIMIT ${DASHBOARD_RECENT_ALERTS}),
  latest AS (
    SELECT * FROM ongoing UNION ALL SELECT * FROM ended
    ORDER BY rank, started_at DESC, id DESC LIMIT ${DASHBOARD_RECENT_ALERTS})
  SELECT a.rank, a.id, a.plant_id, p.name, p.timezone, a.source_sn, a.fault_code, a.alarm_level, a.started_at,
    a.ended_at, (SELECT f.messages FROM fault_codes f WHERE f.fault_code = a.fault_code) AS messages,
    (SELECT count(*) FROM orgs CROSS JOIN LATERAL (
      SELECT 1 FROM alarms o WHERE o.org_id = orgs.id AND o.status = 'ONGOING') x)::int AS ongoing
  FROM latest a JOIN plants p ON p.id = a.plant_id`;

/**
 * The power flow of an organisation's plants from plant_power_now and its per-organisation sums
 * (domain/power-now-rollup.ts): a few rows per organisation in scope. A plant row past its `fresh_until`
 * is computed live instead (the sweeper refreshes such rows on its next round): its stored figures are
 * taken out of the sums and its live ones put in, and the top plants are drawn from enough rows per
 * organisation that the live figures cannot change which others make the list. The newest time is read
 * per organisation from plant_power_now_org_ts_idx in its order (DESC NULLS LAST): the first fresh row ends
 * the scan. The stale plants are looked up by an array of ids: as `IN (…)` the kept plan would reckon with
 * a third of all plants stale and be dropped for a new plan on every run.
 */
const power = sql`
  WITH stale AS MATERIALIZED (
    SELECT r.plant_id, r.inverters, r.pv, r.grid, r.load, r.battery
    FROM plant_power_now r JOIN orgs ON orgs.id = r.org_id
    WHERE r.fresh_until < ${instantSql(now)}),
  live AS MATERIALIZED (${plantPowerNowSql(now, sql`SELECT id, status FROM plants WHERE id = ANY(ARRAY(SELECT plant_id FROM stale))`)}),
  flow AS (
    SELECT coalesce(sum(x.inverters), 0)::int AS inverters, coalesce(sum(x.pv), 0)::float8 AS pv,
      coalesce(sum(x.grid), 0)::float8 AS grid, coalesce(sum(x.load), 0)::float8 AS load,
      coalesce(sum(x.battery), 0)::float8 AS battery,
      (SELECT max(t.ts) FROM (
        SELECT (SELECT r.ts FROM plant_power_now r
          WHERE r.org_id = orgs.id AND r.ts IS NOT NULL
            AND (r.fresh_until IS NULL OR r.fresh_until >= ${instantSql(now)})
          ORDER BY r.ts DESC NULLS LAST LIMIT 1) AS ts FROM orgs
        UNION ALL SELECT ts FROM live) t) AS ts
    FROM (
      SELECT o.inverters, o.pv, o.grid, o.load, o.battery FROM org_power_now o JOIN orgs ON orgs.id = o.org_id
      UNION ALL SELECT -inverters, -pv, -grid, -load, -battery FROM stale
      UNION ALL SELECT inverters, pv, grid, load, battery FROM live) x),
  top AS (
    SELECT c.plant_id, coalesce(live.pv, c.pv) AS pv
    FROM orgs CROSS JOIN LATERAL (
      SELECT r.plant_id, r.pv FROM plant_power_now r WHERE r.org_id = orgs.id
      ORDER BY r.pv DESC, r.plant_id LIMIT ${DASHBOARD_TOP_PLANTS} + (SELECT count(*) FROM stale)) c
    LEFT JOIN live ON live.plant_id = c.plant_id
    ORDER BY 2 DESC, 1 LIMIT ${DASHBOARD_TOP_PLANTS})
  ${topPlantsOf(now)}`;

/** Devices of the top plants, counted per kind and status, as deviceGroups. */
const deviceCounts = sql`
  SELECT plant_id, kind, status, count(*)::int AS n FROM devices
  WHERE plant_id IN (SELECT id FROM power_now)
  GROUP BY plant_id, kind, status`;

/**
 * Every part as a JSON list, in the order the per-plant queries answer their rows; the trend's days that
 * have any as [days before the last, generation, consumption] (dashboardFromRollup fills in the rest: JSON
 * for 365 dated rows cost more than reading their days).
 */
const statement = (scope: OrgScope) =>
  preparedRows<Record<keyof DashboardRows | 'last_day', unknown>>(
    `dashboard_${scope.toLowerCase()}`,
    sql`
    WITH orgs AS MATERIALIZED (${orgsInScope(scope)}),
    figures AS MATERIALIZED (${plantFigures}),
    last AS MATERIALIZED (${lastDay}),
    energy AS (${energy}),
    trend AS (${trend(scope)}),
    countries AS (${countries}),
    alerts AS (${alarms}),
    power_now AS MATERIALIZED (${power}),
    device_counts AS (${deviceCounts})
    SELECT
      (SELECT coalesce(json_agg(f), '[]') FROM figures f) AS figures,
      (SELECT coalesce(json_agg(e), '[]') FROM energy e) AS energy,
      (SELECT to_char(day, 'YYYY-MM-DD') FROM last) AS last_day,
      (SELECT coalesce(json_agg(json_build_array(t.day - last.day, t.generation, t.consumption)), '[]')
        FROM trend t, last) AS trend,
      (SELECT coalesce(json_agg(c), '[]') FROM countries c) AS countries,
      (SELECT coalesce(json_agg(a ORDER BY a.rank, a.started_at DESC, a.id DESC), '[]') FROM alerts a) AS alarms,
      (SELECT json_agg(n ORDER BY n.power DESC, n.id) FROM power_now n) AS power,
      (SELECT coalesce(json_agg(d ORDER BY d.plant_id, d.kind, d.status), '[]') FROM device_counts d) AS devices`,
    // One organisation's custom plans look cheaper than the generic one, which runs as fast: 2.4 ms of
    // planning for 1.1 ms of execution (docs/benchmarks.md "Dashboard CPU per computation").
    { genericPlan: true },
  );

const statements = new Map<OrgScope, ReturnType<typeof statement>>();
const powerStatements = new Map<OrgScope, ReturnType<typeof preparedRows<PowerRow>>>();

/** The rows of every part of the dashboard, as the per-plant queries of dashboard.service.ts answer them. */
export interface DashboardRows {
  figures: Record<string, unknown>[];
  energy: Record<string, unknown>[];
  trend: { day: string; generation: number; consumption: number }[];
  countries: { country: string | null; plants: number; generation: number }[];
  alarms: AlertRow[];
  power: PowerRow[];
  devices: DeviceRow[];
}

/** The figures of an organisation's scope at `at` from one statement, run on its generic plan. */
export async function dashboardFromRollup(db: DbOrTx, caller: Caller, at: Date): Promise<DashboardRows> {
  const scope = orgScope(caller);
  let run = statements.get(scope);
  if (!run) {
    run = statement(scope);
    statements.set(scope, run);
  }
  const [row] = await run(db, { ...scopeValues(caller), now: at.toISOString(), from: earliestToday(at) });
  // PGlite answers json as text.
  const json = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const last = Date.parse(`${row!.last_day}T00:00:00Z`);
  const first = DASHBOARD_TREND_DAYS - 1;
  const trend = Array.from({ length: DASHBOARD_TREND_DAYS }, (_, i) => ({
    day: new Date(last - (first - i) * DAY_MS).toISOString().slice(0, 10),
    generation: 0,
    consumption: 0,
  }));
  for (const [ago, generation, consumption] of json<[number, number, number][]>(row!.trend))
    Object.assign(trend[first + ago]!, { generation, consumption });
  return {
    figures: json(row!.figures),
    energy: json(row!.energy),
    trend,
    countries: json(row!.countries),
    alarms: json(row!.alarms),
    power: json(row!.power),
    devices: json(row!.devices),
  };
}

/**
 * Power now alone (the `power` list of dashboardFromRollup): what the live computation of an organisation's
 * scope (`createDashboardService(ctx, { live: true })`) reads, as before migration 0034.
 */
export function powerFromRollup(db: Db, caller: Caller, at: Date): Promise<PowerRow[]> {
  const scope = orgScope(caller);
  let run = powerStatements.get(scope);
  if (!run) {
    run = preparedRows<PowerRow>(
      `dashboard_power_${scope.toLowerCase()}`,
      sql`WITH orgs AS MATERIALIZED (${orgsInScope(scope)}) SELECT * FROM (${power}) n ORDER BY n.power DESC, n.id`,
    );
    powerStatements.set(scope, run);
  }
  return run(db, { ...scopeValues(caller), now: at.toISOString() });
}
