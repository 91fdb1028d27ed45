import { FAULT_LEVELS } from '@pvstar/contract/alarm';
import { type SQL, sql } from 'drizzle-orm';
import { dayArray, intArray } from '../db/arrays.ts';
import type { Tx } from '../db/client.ts';
import { MAX_DAY_INTERVALS } from '../domain/daylight.ts';
import { type DayEnergy, ENERGY_COUNTERS } from '../domain/energy.ts';
import type { IntervalValue } from '../domain/tariff.ts';

/**
 * An inverter's day as ingest and the recomputation write it: energy (kWh), its daylight intervals with
 * data (`seen`) and, of those, the ones in which it was able to produce (`available`).
 */
export type DeviceDayRow = DayEnergy &
  IntervalValue & { deviceId: number; day: string; seen: string; available: string };

export const epochMs = (ts: SQL) => sql`round(extract(epoch FROM ${ts}) * 1000)::float8`;
/** Whether a sample's data carries an energy counter (a reading), and only its counters: the rest is not needed. */
const counterPredicate = (data: string) => `${data} ?| '{${ENERGY_COUNTERS.join(',')}}'::text[]`;
export const storedHasCounters = sql.raw(counterPredicate('s.data'));
/** Whether the sample aliased `alias` carries an energy counter. */
export const countersIn = (alias: string) => sql.raw(counterPredicate(`${alias}.data`));
export const countersOf = (data: string) =>
  sql.raw(
    `jsonb_strip_nulls(jsonb_build_object(${ENERGY_COUNTERS.map((k) => `'${k}', ${data}->'${k}'`).join(', ')}))`,
  );

/**
 * Whether the inverter was able to produce at a stored sample `s` (IEC 61724-1 availability,
 * docs/reports.md): it delivered AC power, or no fault it reported itself (an EVENT alarm at a level that
 * puts it into FAULT) covered the sample's time. Judged by the sample's own time, so ingest and the
 * recomputation agree whatever the order in which the two arrived.
 */
export const availableAt = (s: string) =>
  sql.raw(`(coalesce((${s}.data->>'power')::float8, 0) > 0 OR NOT EXISTS (
    SELECT 1 FROM alarms fa WHERE fa.device_id = ${s}.device_id AND fa.kind = 'EVENT'
      AND fa.alarm_level IN (${FAULT_LEVELS.map((l) => `'${l}'`).join(', ')})
      AND fa.started_at <= ${s}.ts AND (fa.ended_at IS NULL OR fa.ended_at > ${s}.ts)))`);

/**
 * Writes inverter days: `add` adds the figures to what the day holds and ORs the daylight bits (ingest,
 * one batch's change); `set` replaces both (the recomputation from raw samples).
 */
export async function writeDeviceDays(tx: Tx, rows: DeviceDayRow[], mode: 'add' | 'set') {
  const to = (column: string) =>
    sql.raw(mode === 'add' ? `device_energy_daily.${column} + excluded.${column}` : `excluded.${column}`);
  const bits = (column: string) =>
    sql.raw(
      `${column} = ${mode === 'add' ? `device_energy_daily.${column} | excluded.${column}` : `excluded.${column}`}`,
    );
  await tx.execute(sql`
    INSERT INTO device_energy_daily (device_id, day, generation, consumption, charge, discharge, feed_in, purchase, daylight_seen,
      daylight_available, feed_in_value, self_value)
    SELECT r."deviceId", r.day, r.generation, r.consumption, r.charge, r.discharge, r."feedIn", r.purchase,
      r.seen::bit(${sql.raw(String(MAX_DAY_INTERVALS))}), r.available::bit(${sql.raw(String(MAX_DAY_INTERVALS))}),
      r."feedInValue", r."selfValue"
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r("deviceId" int, day date, generation float8, consumption float8,
      charge float8, discharge float8, "feedIn" float8, purchase float8, seen text, available text, "feedInValue" float8,
      "selfValue" float8)
    ON CONFLICT (device_id, day) DO UPDATE SET
      ${bits('daylight_seen')}, ${bits('daylight_available')},
      generation = ${to('generation')}, consumption = ${to('consumption')}, charge = ${to('charge')},
      discharge = ${to('discharge')}, feed_in = ${to('feed_in')}, purchase = ${to('purchase')},
      feed_in_value = ${to('feed_in_value')}, self_value = ${to('self_value')}`);
}

/**
 * The plant days of the given inverter days, rebuilt as the sum of the plant's inverters' days, the
 * revenue as the sum of their values priced per interval (tariff.ts, revenueOfValues); read by key from the plant days touched, so that the cost stays with the batch,
 * not with the history. The monthly and organisation roll-ups follow by trigger (0010, 0011).
 */
export async function writePlantDays(tx: Tx, rows: Pick<DeviceDayRow, 'deviceId' | 'day'>[]) {
  await tx.execute(sql`
    WITH touched AS (
      SELECT DISTINCT dv.plant_id, r.day
      FROM unnest(${intArray(rows.map((r) => r.deviceId))}, ${dayArray(rows.map((r) => r.day))}) AS r("deviceId", day)
      JOIN devices dv ON dv.id = r."deviceId")
    INSERT INTO plant_energy_daily (plant_id, day, generation, consumption, charge, discharge, feed_in, purchase, revenue, daylight_seen,
      daylight_available)
    SELECT t.plant_id, t.day, sum(e.generation), sum(e.consumption), sum(e.charge), sum(e.discharge), sum(e.feed_in), sum(e.purchase),
      sum(e.feed_in_value) + GREATEST(sum(e.self_value), 0),
      sum(bit_count(e.daylight_seen))::int, sum(bit_count(e.daylight_available))::int
    FROM touched t
    JOIN devices d ON d.plant_id = t.plant_id AND d.kind = 'INVERTER'
    JOIN device_energy_daily e ON e.device_id = d.id AND e.day = t.day
    GROUP BY t.plant_id, t.day
    ON CONFLICT (plant_id, day) DO UPDATE SET
      generation = excluded.generation, consumption = excluded.consumption, charge = excluded.charge,
      discharge = excluded.discharge, feed_in = excluded.feed_in, purchase = excluded.purchase, revenue = excluded.revenue,
      daylight_seen = excluded.daylight_seen, daylight_available = excluded.daylight_available`);
}
