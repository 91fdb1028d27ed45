import { localMidnight } from '@pvstar/contract/calendar';
import { sql } from 'drizzle-orm';
import { dayArray, intArray } from '../db/arrays.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import { sqlRow, sqlRows } from '../db/rows.ts';
import { addDays, localDay } from '../domain/calendar.ts';
import { dayGrid, seenBits } from '../domain/daylight.ts';
import {
  addEnergy,
  type DayEnergy,
  type MeterReading,
  meterDays,
  ZERO_DAY_ENERGY,
} from '../domain/energy.ts';
import { dayMeanPrices, type PriceBook, valueDays, ZERO_VALUE } from '../domain/tariff.ts';
import { loadPriceBooks } from '../domain/tariff-book.ts';
import {
  availableAt,
  countersOf,
  epochMs,
  hasCounters,
  storedHasCounters,
  writeDeviceDays,
  writePlantDays,
} from './energy-rollup.ts';

export interface RecomputeResult {
  /** Inverter days rebuilt from raw samples (days in the range without any keep their energy). */
  deviceDays: number;
  /** Inverter days without raw samples whose money was priced again from their energy (day-mean prices). */
  repricedDays: number;
  /** The plant's figures summed over the range, before and after. */
  before: DayEnergy;
  after: DayEnergy;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Rebuilds a plant's inverter, plant, month and organisation days from its raw samples for the local days
 * `from`…`to`: the same metering as ingest (energy.ts, meterDays), the first reading of the range measured
 * from the one before it, each interval priced at the plant's tariff as it is now (tariff.ts, valueDays).
 * Only days that have readings are rewritten: a day whose samples are gone (expired partitions) or never
 * existed (the demo back-fill) keeps its energy, and its money is priced again from that energy at the
 * day's mean prices (tariff.ts, dayMeanPrices; decision 023).
 */
export async function recomputeEnergy(
  // A transaction too: the demo back-fill recomputes the days it has just written, in the same one.
  db: DbOrTx,
  o: { plantId: number; from: string; to: string },
): Promise<RecomputeResult> {
  if (!DAY.test(o.from) || !DAY.test(o.to) || o.from > o.to)
    throw new Error('from and to must be days YYYY-MM-DD, from not after to');
  return db.transaction(async (tx) => {
    const plant = await sqlRow<{ timezone: string; latitude: number | null; longitude: number | null }>(
      tx,
      sql`SELECT timezone, latitude, longitude FROM plants WHERE id = ${o.plantId}`,
    );
    if (!plant) throw new Error(`plant ${o.plantId} not found`);
    const zone = plant.timezone;
    // Ingest holds the same locks while it adds a batch's readings: neither sees half of the other's work.
    await tx.execute(sql`
      SELECT 1 FROM devices WHERE plant_id = ${o.plantId} AND kind = 'INVERTER' ORDER BY id FOR NO KEY UPDATE`);
    const totals = async () => {
      // An aggregate without GROUP BY: always one row.
      const [sums] = await sqlRows<DayEnergy>(
        tx,
        sql`
          SELECT coalesce(sum(generation), 0)::float8 AS generation, coalesce(sum(consumption), 0)::float8 AS consumption,
            coalesce(sum(charge), 0)::float8 AS charge, coalesce(sum(discharge), 0)::float8 AS discharge,
            coalesce(sum(feed_in), 0)::float8 AS "feedIn", coalesce(sum(purchase), 0)::float8 AS purchase
          FROM plant_energy_daily WHERE plant_id = ${o.plantId} AND day BETWEEN ${o.from} AND ${o.to}`,
      );
      return addEnergy({ ...ZERO_DAY_ENERGY }, sums ?? ZERO_DAY_ENERGY);
    };
    const before = await totals();
    const book = (
      await loadPriceBooks(
        tx,
        [o.plantId],
        localMidnight(o.from, zone),
        localMidnight(addDays(o.to, 1), zone),
      )
    ).get(o.plantId)!;
    // Each inverter's readings of the range, and its last reading before it; by (device_id, ts).
    const rows = await sqlRows<{ d: number; t: number; v: Record<string, number>; a: boolean }>(
      tx,
      sql`
        WITH span AS (
          SELECT (${o.from}::date::timestamp AT TIME ZONE ${zone}) AS lo,
            ((${o.to}::date + 1)::timestamp AT TIME ZONE ${zone}) AS hi),
        inv AS (SELECT id FROM devices WHERE plant_id = ${o.plantId} AND kind = 'INVERTER')
        SELECT inv.id AS d, ${epochMs(sql`s.ts`)} AS t, ${countersOf('s.data')} AS v, ${availableAt('s')} AS a
        FROM inv CROSS JOIN span JOIN telemetry_samples s ON s.device_id = inv.id AND s.ts >= span.lo AND s.ts < span.hi
        WHERE ${storedHasCounters}
        UNION ALL
        SELECT inv.id, ${epochMs(sql`p.ts`)}, p.v, false
        FROM inv CROSS JOIN span CROSS JOIN LATERAL (
          SELECT ts, ${countersOf('data')} AS v FROM telemetry_samples
          WHERE device_id = inv.id AND ts < span.lo AND ${hasCounters} ORDER BY ts DESC LIMIT 1) p
        ORDER BY 1, 2`,
    );
    // The times each inverter position got a new device: its readings are metered apart (decision 024).
    const swaps = await sqlRows<{ d: number; t: number }>(
      tx,
      sql`
        SELECT device_id AS d, ${epochMs(sql`replaced_at`)} AS t FROM device_replacements
        WHERE device_id IN (SELECT id FROM devices WHERE plant_id = ${o.plantId} AND kind = 'INVERTER')
        ORDER BY 1, 2`,
    );
    const replacements = new Map<number, number[]>();
    for (const s of swaps) replacements.set(s.d, [...(replacements.get(s.d) ?? []), s.t]);
    const byDevice = new Map<number, MeterReading[]>();
    const available = new Set<string>();
    for (const r of rows) {
      const list = byDevice.get(r.d) ?? [];
      list.push({ ts: r.t, counters: r.v });
      byDevice.set(r.d, list);
      if (r.a) available.add(`${r.d}|${r.t}`);
    }
    const dayRows = [];
    for (const [deviceId, readings] of byDevice) {
      const first = readings[0]!;
      const earlier = localDay(first.ts, zone) < o.from ? first : undefined;
      const inRange = earlier ? readings.slice(1) : readings;
      const times = new Map<string, number[]>();
      for (const r of inRange) {
        const day = localDay(r.ts, zone);
        times.set(day, [...(times.get(day) ?? []), r.ts]);
      }
      const replaced = replacements.get(deviceId);
      const values = valueDays(book, earlier, inRange, replaced);
      for (const [day, e] of meterDays(earlier, inRange, zone, replaced)) {
        const grid = dayGrid(plant, zone, day, addDays(day, 1));
        const dayTimes = times.get(day)!;
        dayRows.push({
          deviceId,
          day,
          ...e,
          ...(values.get(day) ?? ZERO_VALUE),
          seen: seenBits(grid, dayTimes),
          available: seenBits(
            grid,
            dayTimes.filter((ts) => available.has(`${deviceId}|${ts}`)),
          ),
        });
      }
    }
    if (dayRows.length) {
      await writeDeviceDays(tx, dayRows, 'set');
      await writePlantDays(tx, dayRows);
    }
    const repriced = await repriceWithoutSamples(tx, o, book, dayRows);
    return { deviceDays: dayRows.length, repricedDays: repriced, before, after: await totals() };
  });
}

/**
 * The plant's inverter days in `from`…`to` that have no raw samples (not in `metered`): their money is
 * priced again from their energy at the day's time-weighted mean prices, and their plant days rebuilt.
 */
async function repriceWithoutSamples(
  tx: Tx,
  o: { plantId: number; from: string; to: string },
  book: PriceBook,
  metered: { deviceId: number; day: string }[],
): Promise<number> {
  const done = new Set(metered.map((r) => `${r.deviceId}|${r.day}`));
  const rows = (
    await sqlRows<{ d: number; day: string }>(
      tx,
      sql`SELECT e.device_id AS d, e.day::text AS day FROM devices dv
          JOIN device_energy_daily e ON e.device_id = dv.id AND e.day BETWEEN ${o.from}::date AND ${o.to}::date
          WHERE dv.plant_id = ${o.plantId} AND dv.kind = 'INVERTER'`,
    )
  ).filter((r) => !done.has(`${r.d}|${r.day}`));
  if (!rows.length) return 0;
  const means = new Map<string, { feedIn: number; purchase: number }>();
  for (const r of rows) if (!means.has(r.day)) means.set(r.day, dayMeanPrices(book, r.day));
  const floats = (values: number[]) => sql`${`{${values.join(',')}}`}::float8[]`;
  await tx.execute(sql`
    UPDATE device_energy_daily e SET
      feed_in_value = e.feed_in * m.fi,
      self_value = (e.generation - e.feed_in - e.charge + e.discharge) * m.pp
    FROM unnest(${intArray(rows.map((r) => r.d))}, ${dayArray(rows.map((r) => r.day))},
      ${floats(rows.map((r) => means.get(r.day)!.feedIn))}, ${floats(rows.map((r) => means.get(r.day)!.purchase))})
      AS m(device_id, day, fi, pp)
    WHERE e.device_id = m.device_id AND e.day = m.day`);
  await writePlantDays(
    tx,
    rows.map((r) => ({ deviceId: r.d, day: r.day })),
  );
  return rows.length;
}
