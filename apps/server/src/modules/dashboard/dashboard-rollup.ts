import {
  DASHBOARD_RECENT_ALERTS,
  DASHBOARD_TOP_PLANTS,
  DASHBOARD_TREND_DAYS,
} from '@pvstar/contract/dashboard';
import type { DataScope } from '@pvstar/contract/enums';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import { organizations } from '../../db/schema/index.ts';
import { instantSql, localDaySql } from '../../domain/calendar.ts';
import { plantPowerNowSql } from '../../domain/power-now.ts';
import { scopePlaceholders, scopeValues } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import { type AlertRow, type PowerRow, topPlantsOf } from './dashboard-queries.ts';

/**
 * The dashboard's figures of an organisation's scope (a dealer's subtree, an installer's organisation)
 * from the per-organisation roll-ups of migrations 0034 and 0035 (decisions 026 and 028, docs/dashboard.md):
 * a few rows per organisation in scope, whatever its number of plants, and the trend from one row per shard
 * and day. Each gives the rows the per-plant queries of dashboard.service.ts give (an owner's plants, a
 * token's chosen ones), with the same figures. Every statement is prepared once per data scope
 * (db/prepared.ts): planning them cost more than running them.
 */

/** The data scopes read from the roll-ups (an owner's own plants are read plant by plant). */
type OrgScope = Exclude<DataScope, 'SELF'>;

const p = (name: string) => sql.placeholder(name);
const now = sql`${p('now')}`;

/** One prepared statement per data scope, built when a caller of that scope first asks. */
function perScope<T>(name: string, build: (scope: OrgScope) => SQL) {
  const statements = new Map<OrgScope, ReturnType<typeof preparedRows<T>>>();
  return (scope: OrgScope) => {
    let statement = statements.get(scope);
    if (!statement) {
      statement = preparedRows<T>(`dashboard_${name}_${scope.toLowerCase()}`, build(scope));
      statements.set(scope, statement);
    }
    return statement;
  };
}

const orgScope = (caller: Caller): OrgScope => {
  if (caller.dataScope === 'SELF') throw new Error('an owner’s dashboard is read plant by plant');
  return caller.dataScope;
};

/** The organisations in the caller's scope, materialised once per query. */
const orgsInScope = (scope: OrgScope): SQL => sql`
  SELECT organizations.id FROM organizations
  WHERE ${scopePlaceholders(scope, { orgPath: organizations.path, orgId: organizations.id, ownerId: sql`NULL` })}`;

/**
 * The rows of org_subtree_daily whose sums are the scope's: an organisation and its subtree (the scope
 * predicate's path prefix) is its own subtree row; everything is the subtree of every root.
 */
const subtreeOf = (scope: 'ALL' | 'ORG_AND_SUB'): SQL =>
  scope === 'ALL'
    ? sql`t.org_id IN (SELECT id FROM organizations WHERE parent_id IS NULL)`
    : sql`t.org_id = ${p('scopeOrgId')}`;

/** The placeholders' values for a caller at `at`. */
const valuesOf = (caller: Caller, at: Date, more: Record<string, unknown> = {}) => ({
  ...scopeValues(caller),
  now: at.toISOString(),
  ...more,
});

/** A day no time zone's local today is before at `now` (UTC offsets reach −12 h). */
const earliestToday = (at: Date) => new Date(at.getTime() - 86_400_000).toISOString().slice(0, 10);

const plantFigures = perScope<Record<string, unknown>>(
  'plants',
  (scope) => sql`
    WITH orgs AS MATERIALIZED (${orgsInScope(scope)})
    SELECT c.currency, sum(c.plants)::int AS plants, sum(c.capacity)::float8 AS capacity,
      sum(c.storage)::float8 AS storage, sum(c.offline)::int AS "OFFLINE", sum(c.normal)::int AS "NORMAL",
      sum(c.warning)::int AS "WARNING", sum(c.fault)::int AS "FAULT",
      to_char(${localDaySql(now, sql`c.timezone`)}, 'YYYY-MM-DD') AS local_day
    FROM org_plant_counts c JOIN orgs ON orgs.id = c.org_id
    GROUP BY c.currency, c.timezone
    HAVING sum(c.plants) > 0`,
);

/** Counts, capacities and status per currency and time zone (org_plant_counts), as plantFigures. */
export const plantFiguresFromRollup = (db: Db, caller: Caller, at: Date) =>
  plantFigures(orgScope(caller))(db, valuesOf(caller, at));

const energy = perScope<Record<string, unknown>>('energy', (scope) => {
  const from = sql`${p('from')}::date`;
  return sql`
    WITH orgs AS MATERIALIZED (${orgsInScope(scope)}),
    p AS (
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
});

/**
 * Energy and revenue per currency, as energyByCurrency: the lifetime from the 'T' rows, the month and year
 * of each time zone's local today from its 'M' and 'Y' rows less any stored day after that today, and
 * today from the organisation days themselves (only days from earliestToday on are read).
 */
export const energyFromRollup = (db: Db, caller: Caller, at: Date) =>
  energy(orgScope(caller))(db, valuesOf(caller, at, { from: earliestToday(at) }));

const trend = perScope<{ day: string; generation: number; consumption: number }>('trend', (scope) => {
  const lastDay = sql`${p('lastDay')}::date`;
  const days = sql`t.day > ${lastDay} - ${DASHBOARD_TREND_DAYS}::int AND t.day <= ${lastDay}`;
  // One organisation alone (ORG) is its own organisation days: as few rows as its subtree would have.
  const rows =
    scope === 'ORG'
      ? sql`FROM org_energy_daily t WHERE t.org_id = ${p('scopeOrgId')} AND ${days}`
      : sql`FROM org_subtree_daily t WHERE ${subtreeOf(scope)} AND ${days}`;
  return sql`
    WITH agg AS (
      SELECT t.day, sum(t.generation) AS gen, sum(t.consumption) AS cons ${rows} GROUP BY t.day)
    SELECT to_char(g.day, 'YYYY-MM-DD') AS day,
      coalesce(agg.gen, 0)::float8 AS generation, coalesce(agg.cons, 0)::float8 AS consumption
    FROM generate_series((${lastDay} - ${DASHBOARD_TREND_DAYS - 1}::int)::timestamp, ${lastDay}::timestamp,
      interval '1 day') AS g(day)
    LEFT JOIN agg ON agg.day = g.day::date
    ORDER BY g.day`;
});

/**
 * Generation and consumption per day for the DASHBOARD_TREND_DAYS days up to `lastDay`, zero-filled, as
 * the trend of dashboard.service.ts: from org_subtree_daily (migration 0035), one row per shard and day.
 */
export const trendFromRollup = (db: Db, caller: Caller, lastDay: string) =>
  trend(orgScope(caller))(db, { ...scopeValues(caller), lastDay });

const countries = perScope<{ country: string | null; plants: number; generation: number }>(
  'countries',
  (scope) => sql`
    WITH orgs AS MATERIALIZED (${orgsInScope(scope)}),
    n AS (
      SELECT c.country, sum(c.plants) AS plants FROM org_plant_counts c JOIN orgs ON orgs.id = c.org_id
      GROUP BY c.country HAVING sum(c.plants) > 0),
    g AS (
      SELECT g.country, sum(g.generation) AS generation
      FROM org_country_generation g JOIN orgs ON orgs.id = g.org_id GROUP BY g.country)
    SELECT nullif(n.country, '') AS country, n.plants::int AS plants, coalesce(g.generation, 0)::float8 AS generation
    FROM n LEFT JOIN g ON g.country = n.country`,
);

/** Plants and lifetime generation per country (org_plant_counts, org_country_generation), as generationByCountry. */
export const countriesFromRollup = (db: Db, caller: Caller) =>
  countries(orgScope(caller))(db, scopeValues(caller));

const alarms = perScope<AlertRow>(
  'alarms',
  (scope) => sql`
    WITH orgs AS MATERIALIZED (${orgsInScope(scope)}),
    ongoing AS (
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
    SELECT a.id, a.plant_id, p.name, p.timezone, a.source_sn, a.fault_code, a.alarm_level, a.started_at,
      a.ended_at, f.messages,
      (SELECT count(*) FROM orgs CROSS JOIN LATERAL (
        SELECT 1 FROM alarms o WHERE o.org_id = orgs.id AND o.status = 'ONGOING') x)::int AS ongoing
    FROM latest a JOIN plants p ON p.id = a.plant_id
    LEFT JOIN fault_codes f ON f.fault_code = a.fault_code
    ORDER BY a.rank, a.started_at DESC, a.id DESC`,
);

/**
 * The latest alarms of the organisations in scope, as latestAlarms: each organisation's newest ongoing and
 * newest ended ones by index (alarms.org_id), at most DASHBOARD_RECENT_ALERTS of each per organisation,
 * then the newest of those; and how many are ongoing (the partial index of ongoing alarms per organisation).
 */
export const latestAlarmsFromRollup = (db: Db, caller: Caller) =>
  alarms(orgScope(caller))(db, scopeValues(caller));

const power = perScope<PowerRow>(
  'power',
  (scope) => sql`
    WITH orgs AS MATERIALIZED (${orgsInScope(scope)}),
    stale AS MATERIALIZED (
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
    ${topPlantsOf(now)}`,
);

/**
 * The power flow of an organisation's plants from plant_power_now and its per-organisation sums
 * (domain/power-now-rollup.ts): a few rows per organisation in scope. A plant row past its `fresh_until`
 * is computed live instead (the sweeper refreshes such rows on its next round): its stored figures are
 * taken out of the sums and its live ones put in, and the top plants are drawn from enough rows per
 * organisation that the live figures cannot change which others make the list. The newest time is read
 * per organisation from plant_power_now_org_ts_idx, in its order (DESC NULLS LAST), so the first fresh
 * row ends the scan.
 */
export const powerFromRollup = (db: Db, caller: Caller, at: Date) =>
  power(orgScope(caller))(db, valuesOf(caller, at));
