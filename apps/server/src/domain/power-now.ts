import type { DeviceStatus, PlantStatus } from '@pvstar/contract/enums';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { instantSql } from './calendar.ts';
import { MISSED_INTERVALS, reportingInterval } from './missed-intervals.ts';

/**
 * "Power now", one definition for every page (docs/energy.md "Power now"): the plant list and its KPIs,
 * the plant overview's power flow, the dashboard's fleet flow and its plants with the highest power.
 *
 * A device's latest values describe now when the device is reporting (ONLINE, ABNORMAL or FAULT) and they
 * are no older than three of its dongle's intervals (the offline rule, whether or not the sweeper has run
 * yet), in device time against the dongle's newest message as the sweeper measures it, so a device clock
 * running behind does not hide its values; a plant that is OFFLINE has no power now. A plant's **PV power** is the sum over such inverters
 * of `pvPower` (what the modules give; an inverter that sends none, a micro-inverter, counts its AC
 * output `power`). The AC output is a different figure (PV plus battery discharge, less charge) and is
 * shown only as the inverter's own value.
 */

/** Device statuses whose latest values may describe now. */
export const REPORTING_STATUSES = ['ONLINE', 'ABNORMAL', 'FAULT'] as const satisfies DeviceStatus[];

const reportingList = sql.join(
  REPORTING_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * SQL: the device `d` with latest values `l` from dongle `g` describes `now` (plant status checked by the
 * caller's query, see `plantPvPowerSql`).
 */
export const describesNowSql = (now: Date | SQL, d = sql`d`, l = sql`l`, g = sql`g`): SQL =>
  sql`${d}.status IN (${reportingList}) AND ${l}.ts >= LEAST(${instantSql(now)}, ${g}.last_telemetry_at) - make_interval(secs => ${reportingInterval(g)} * ${MISSED_INTERVALS})`;

/** SQL: an inverter's PV power (W) from its latest values `l`. */
export const pvPowerSql = (l = sql`l`): SQL =>
  sql`coalesce((${l}.data->>'pvPower')::float8, (${l}.data->>'power')::float8, 0)`;

/** SQL (float8, W): the PV power now of the plant whose id and status are given. */
export const plantPvPowerSql = (now: Date | SQL, plantId: SQLWrapper, plantStatus: SQLWrapper): SQL =>
  sql`CASE WHEN ${plantStatus} = 'OFFLINE' THEN 0::float8 ELSE coalesce((
    SELECT sum(${pvPowerSql()}) FROM devices d
    JOIN device_latest l ON l.device_id = d.id JOIN dongles g ON g.id = d.dongle_id
    WHERE d.plant_id = ${plantId} AND d.kind = 'INVERTER' AND ${describesNowSql(now)}), 0)::float8 END`;

/**
 * SQL: the power flow now of each plant of `plants` (a query with its `id` and `status`), one row per plant:
 * its inverters that describe now, their newest values' time (`ts`), the sums of their PV, grid, load and
 * battery power (W), and `fresh_until`, when the first of them stops describing now as time passes (null:
 * not before their data, status or interval change). From `describesNowSql`: a device stops when `now`
 * passes its values' time plus three intervals, unless its dongle's newest message is no later than that
 * (the cut-off then stays put). The plant list's figure (`plantPvPowerSql`) is this row's `pv`.
 */
export const plantPowerNowSql = (now: Date | SQL, plants: SQL): SQL => sql`
  SELECT p.id AS plant_id, coalesce(x.inverters, 0)::int AS inverters, x.ts,
    coalesce(x.pv, 0)::float8 AS pv, coalesce(x.grid, 0)::float8 AS grid, coalesce(x.load, 0)::float8 AS load,
    coalesce(x.battery, 0)::float8 AS battery, x.fresh_until
  FROM (${plants}) p LEFT JOIN LATERAL (
    SELECT count(*)::int AS inverters, max(l.ts) AS ts, sum(${pvPowerSql()}) AS pv,
      sum(coalesce((l.data->>'gridPower')::float8, 0)) AS grid,
      sum(coalesce((l.data->>'loadPower')::float8, 0)) AS load,
      sum(coalesce((l.data->>'batteryPower')::float8, 0)) AS battery,
      min(CASE WHEN g.last_telemetry_at > l.ts + make_interval(secs => ${reportingInterval()} * ${MISSED_INTERVALS})
        OR g.last_telemetry_at IS NULL
        THEN l.ts + make_interval(secs => ${reportingInterval()} * ${MISSED_INTERVALS}) END) AS fresh_until
    FROM devices d JOIN device_latest l ON l.device_id = d.id JOIN dongles g ON g.id = d.dongle_id
    WHERE d.plant_id = p.id AND d.kind = 'INVERTER' AND p.status <> 'OFFLINE' AND ${describesNowSql(now)}) x ON TRUE`;

/** Whether a device's latest values describe `now` in a plant of `plantStatus`, as `describesNowSql`. */
export function describesNow(
  d: { status: DeviceStatus; ts: Date | null; intervalSeconds: number; lastTelemetryAt: Date | null },
  plantStatus: PlantStatus,
  now: number,
): boolean {
  if (plantStatus === 'OFFLINE' || d.ts === null) return false;
  if (!(REPORTING_STATUSES as readonly string[]).includes(d.status)) return false;
  const newest = d.lastTelemetryAt ? Math.min(now, d.lastTelemetryAt.getTime()) : now;
  return newest - d.ts.getTime() <= MISSED_INTERVALS * d.intervalSeconds * 1000;
}

/** An inverter's PV power (W) from its latest values, as `pvPowerSql`. */
export const pvPowerOf = (data: Record<string, number>): number =>
  typeof data.pvPower === 'number' ? data.pvPower : typeof data.power === 'number' ? data.power : 0;
