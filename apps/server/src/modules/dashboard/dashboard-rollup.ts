import { DASHBOARD_RECENT_ALERTS } from '@pvstar/contract/dashboard';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/rows.ts';
import { organizations } from '../../db/schema/index.ts';
import { localDaySql } from '../../domain/calendar.ts';
import { scopePredicate } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import type { AlertRow } from './dashboard-queries.ts';

/**
 * The dashboard's figures of an organisation's scope (a dealer's subtree, an installer's organisation)
 * from the per-organisation roll-ups of migration 0034 (decision 026, docs/dashboard.md): a few rows per
 * organisation in scope, whatever its number of plants. Each gives the rows the per-plant queries of
 * dashboard.service.ts give (an owner's plants, a token's chosen ones), with the same figures.
 */

/** The organisations in the caller's scope, materialised once per query. */
const orgsInScope = (caller: Caller): SQL => sql`
  SELECT organizations.id FROM organizations
  WHERE ${scopePredicate(caller, { orgPath: organizations.path, orgId: organizations.id, ownerId: sql`NULL` })}`;

/** A day no time zone's local today is before at `now` (UTC offsets reach −12 h). */
const earliestToday = (now: Date) => new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);

/** Counts, capacities and status per currency and time zone (org_plant_counts), as plantFigures. */
export const plantFiguresFromRollup = (db: Db, caller: Caller, now: Date) =>
  sqlRows(
    db,
    sql`
    WITH orgs AS MATERIALIZED (${orgsInScope(caller)})
    SELECT c.currency, sum(c.plants)::int AS plants, sum(c.capacity)::float8 AS capacity,
      sum(c.storage)::float8 AS storage, sum(c.offline)::int AS "OFFLINE", sum(c.normal)::int AS "NORMAL",
      sum(c.warning)::int AS "WARNING", sum(c.fault)::int AS "FAULT",
      to_char(${localDaySql(now, sql`c.timezone`)}, 'YYYY-MM-DD') AS local_day
    FROM org_plant_counts c JOIN orgs ON orgs.id = c.org_id
    GROUP BY c.currency, c.timezone
    HAVING sum(c.plants) > 0`,
  );

/**
 * Energy and revenue per currency, as energyByCurrency: the lifetime from the 'T' rows, the month and year
 * of each time zone's local today from its 'M' and 'Y' rows less any stored day after that today, and
 * today from the organisation days themselves (only days from earliestToday on are read).
 */
export const energyFromRollup = (db: Db, caller: Caller, now: Date) => {
  const from = earliestToday(now);
  return sqlRows(
    db,
    sql`
    WITH orgs AS MATERIALIZED (${orgsInScope(caller)}),
    p AS (
      SELECT r.*, ${localDaySql(now, sql`r.timezone`)} AS local_today
      FROM org_energy_period r JOIN orgs ON orgs.id = r.org_id
      WHERE r.period = 'T' OR (r.period = 'Y' AND r.start >= date_trunc('year', ${from}::date)::date)
        OR (r.period = 'M' AND r.start >= date_trunc('month', ${from}::date)::date)),
    d AS (
      SELECT r.*, ${localDaySql(now, sql`r.timezone`)} AS local_today
      FROM org_energy_daily r JOIN orgs ON orgs.id = r.org_id
      WHERE r.day >= ${from}::date),
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
    FROM e GROUP BY currency`,
  );
};

/** Plants and lifetime generation per country (org_plant_counts, org_country_generation), as generationByCountry. */
export const countriesFromRollup = (db: Db, caller: Caller) =>
  sqlRows<{ country: string | null; plants: number; generation: number }>(
    db,
    sql`
    WITH orgs AS MATERIALIZED (${orgsInScope(caller)}),
    n AS (
      SELECT c.country, sum(c.plants) AS plants FROM org_plant_counts c JOIN orgs ON orgs.id = c.org_id
      GROUP BY c.country HAVING sum(c.plants) > 0),
    g AS (
      SELECT g.country, sum(g.generation) AS generation
      FROM org_country_generation g JOIN orgs ON orgs.id = g.org_id GROUP BY g.country)
    SELECT nullif(n.country, '') AS country, n.plants::int AS plants, coalesce(g.generation, 0)::float8 AS generation
    FROM n LEFT JOIN g ON g.country = n.country`,
  );

/**
 * The latest alarms of the organisations in scope, as latestAlarms: each organisation's newest ongoing and
 * newest ended ones by index (alarms.org_id), at most DASHBOARD_RECENT_ALERTS of each per organisation,
 * then the newest of those; and how many are ongoing (the partial index of ongoing alarms per organisation).
 */
export const latestAlarmsFromRollup = (db: Db, caller: Caller) =>
  sqlRows<AlertRow>(
    db,
    sql`
    WITH orgs AS MATERIALIZED (${orgsInScope(caller)}),
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
