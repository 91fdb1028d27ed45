import { localMidnight } from '@pvstar/contract/calendar';
import type { SetAsideReason } from '@pvstar/contract/reading-quality';
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
  type MeterState,
  meterSteps,
  stepDays,
  ZERO_DAY_ENERGY,
} from '../domain/energy.ts';
import { dayMeanPrices, type PriceBook, valueDays, ZERO_VALUE } from '../domain/tariff.ts';
import { loadPriceBooks } from '../domain/tariff-book.ts';
import {
  availableAt,
  countersOf,
  type DeviceDayRow,
  epochMs,
  storedHasCounters,
  writeDeviceDays,
  writePlantDays,
} from './energy-rollup.ts';
import {
  clearSetAside,
  loadDecisions,
  type MeterSource,
  meterContextOf,
  meterSourceColumns,
  type SetAsideRow,
  setAsideAt,
  setAsideReasonAt,
  writeSetAside,
} from './meter-store.ts';

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
 * `from`…`to`: the same metering as ingest (energy.ts, meterSteps; remeterDevices), the meter as it stood
 * before the range, each interval priced at the plant's tariff as it is now (tariff.ts, valueDays).
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
    const inverters = await sqlRows<MeterSource & { id: number }>(
      tx,
      sql`
        SELECT d.id, p.timezone, ${meterSourceColumns} FROM devices d JOIN plants p ON p.id = d.plant_id
        WHERE d.plant_id = ${o.plantId} AND d.kind = 'INVERTER' ORDER BY d.id`,
    );
    const dayRows = await remeterDevices(tx, {
      place: plant,
      book,
      devices: inverters,
      from: localMidnight(o.from, zone),
      to: localMidnight(addDays(o.to, 1), zone),
    });
    if (dayRows.length) {
      await writeDeviceDays(tx, dayRows, 'set');
      await writePlantDays(tx, dayRows);
    }
    const repriced = await repriceWithoutSamples(tx, o, book, dayRows);
    return { deviceDays: dayRows.length, repricedDays: repriced, before, after: await totals() };
  });
}

/**
 * Meters the inverters `devices` of one plant again from their raw samples in [from, to) (epoch ms): the
 * meter as it stood before `from` (the last accepted reading, the stored reading before it and whether it
 * was set aside), then every reading in time order (energy.ts, meterSteps), each interval priced at the
 * plant's tariff. Records the readings set aside in the span anew (people's decisions stay) and answers
 * the device days that have readings, to be written with `set`. Ingest re-meters a device this way when a
 * late reading changes the verdict on readings after it.
 */
export async function remeterDevices(
  tx: Tx,
  o: {
    place: { timezone: string; latitude: number | null; longitude: number | null };
    book: PriceBook;
    devices: (MeterSource & { id: number })[];
    from: number;
    to: number;
  },
): Promise<DeviceDayRow[]> {
  if (!o.devices.length) return [];
  const zone = o.place.timezone;
  const ids = intArray(o.devices.map((d) => d.id));
  const lo = new Date(o.from).toISOString();
  const hi = Number.isFinite(o.to) ? new Date(o.to).toISOString() : 'infinity';
  // Each inverter's readings of the span, by (device_id, ts), and whether each was able to produce.
  const rows = await sqlRows<{ d: number; t: number; v: Record<string, number>; a: boolean }>(
    tx,
    sql`
      SELECT s.device_id AS d, ${epochMs(sql`s.ts`)} AS t, ${countersOf('s.data')} AS v, ${availableAt('s')} AS a
      FROM telemetry_samples s
      WHERE s.device_id = ANY(${ids}) AND s.ts >= ${lo}::timestamptz AND s.ts < ${hi}::timestamptz AND ${storedHasCounters}
      ORDER BY 1, 2`,
  );
  // Where each meter stood before the span: its stored reading just before, and its last accepted one.
  const before = await sqlRows<{
    d: number;
    pt: number | null;
    pv: Record<string, number> | null;
    pr: SetAsideReason | null;
    gt: number | null;
    gv: Record<string, number> | null;
  }>(
    tx,
    sql`
      SELECT inv.id AS d, p.t AS pt, p.v AS pv, p.r AS pr, g.t AS gt, g.v AS gv
      FROM unnest(${ids}) AS inv(id)
      LEFT JOIN LATERAL (
        SELECT ${epochMs(sql`s.ts`)} AS t, ${countersOf('s.data')} AS v, ${setAsideReasonAt('s')} AS r
        FROM telemetry_samples s
        WHERE s.device_id = inv.id AND s.ts < ${lo}::timestamptz AND ${storedHasCounters} ORDER BY s.ts DESC LIMIT 1) p ON true
      LEFT JOIN LATERAL (
        SELECT ${epochMs(sql`s.ts`)} AS t, ${countersOf('s.data')} AS v
        FROM telemetry_samples s
        WHERE s.device_id = inv.id AND s.ts < ${lo}::timestamptz AND ${storedHasCounters} AND NOT ${setAsideAt('s')}
        ORDER BY s.ts DESC LIMIT 1) g ON true`,
  );
  // The times each inverter position got a new device: its readings are metered apart (decision 024).
  const swaps = await sqlRows<{ d: number; t: number }>(
    tx,
    sql`
      SELECT device_id AS d, ${epochMs(sql`replaced_at`)} AS t FROM device_replacements
      WHERE device_id = ANY(${ids}) ORDER BY 1, 2`,
  );
  const replacements = new Map<number, number[]>();
  for (const r of swaps) replacements.set(r.d, [...(replacements.get(r.d) ?? []), r.t]);
  const decisions = await loadDecisions(
    tx,
    o.devices.map((d) => d.id),
  );
  const readings = new Map<number, MeterReading[]>();
  const available = new Set<string>();
  for (const r of rows) {
    const list = readings.get(r.d) ?? [];
    list.push({ ts: r.t, counters: r.v });
    readings.set(r.d, list);
    if (r.a) available.add(`${r.d}|${r.t}`);
  }
  const dayRows: DeviceDayRow[] = [];
  const setAside: SetAsideRow[] = [];
  for (const dev of o.devices) {
    const list = readings.get(dev.id) ?? [];
    const b = before.find((x) => x.d === dev.id);
    const state: MeterState = {
      accepted: b?.gt != null ? { ts: b.gt, counters: b.gv! } : undefined,
      previous: b?.pt != null ? { ts: b.pt, counters: b.pv!, setAside: b.pr ?? undefined } : undefined,
    };
    const ctx = meterContextOf(dev, {
      replacements: replacements.get(dev.id),
      decisions: decisions.get(dev.id),
    });
    const { steps } = meterSteps(state, list, ctx);
    for (const step of steps)
      if (step.setAside) setAside.push({ deviceId: dev.id, ts: step.ts, ...step.setAside });
    const values = valueDays(o.book, steps);
    const times = new Map<string, number[]>();
    for (const r of list) {
      const day = localDay(r.ts, zone);
      const dayTimes = times.get(day) ?? [];
      dayTimes.push(r.ts);
      times.set(day, dayTimes);
    }
    for (const [day, e] of stepDays(steps, zone)) {
      const grid = dayGrid(o.place, zone, day, addDays(day, 1));
      const dayTimes = times.get(day)!;
      dayRows.push({
        deviceId: dev.id,
        day,
        ...e,
        ...(values.get(day) ?? ZERO_VALUE),
        seen: seenBits(grid, dayTimes),
        available: seenBits(
          grid,
          dayTimes.filter((ts) => available.has(`${dev.id}|${ts}`)),
        ),
      });
    }
  }
  await writeSetAside(tx, setAside);
  await clearSetAside(
    tx,
    o.devices.map((d) => d.id),
    o.from,
    Number.isFinite(o.to) ? o.to : Date.parse('9999-01-01'),
    setAside,
  );
  return dayRows;
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
