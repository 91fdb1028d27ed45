import type { DbOrTx } from '../db/client.ts';
import { localDay } from '../domain/calendar.ts';
import {
  addEnergy,
  type DayEnergy,
  type MeterReading,
  readingEnergy,
  ZERO_DAY_ENERGY,
} from '../domain/energy.ts';
import { addValue, type IntervalValue, intervalValue, type PriceBook, ZERO_VALUE } from '../domain/tariff.ts';
import { loadPriceBooks } from '../domain/tariff-book.ts';
import type { DeviceInfo } from './device-lookup.ts';

/** Ingest's metering of one batch: what its new readings add to their devices' days (decision 012). */
type Place = Pick<DeviceInfo, 'timezone' | 'latitude' | 'longitude'>;

/**
 * A device's day as one batch changes it: the energy to add, the times of its new readings and those of
 * them at which the inverter was able to produce (availability).
 */
export interface DeviceDay extends DayEnergy, IntervalValue {
  deviceId: number;
  day: string;
  times: number[];
  availableTimes: number[];
  place: Place;
}

/** A stored reading with the device's readings around it (epoch ms, counters), as the insert returns them. */
export interface NeighbourRow {
  stored: number;
  d: number | null;
  t: number;
  v: Record<string, number>;
  pt: number | null;
  pv: Record<string, number> | null;
  nt: number | null;
  nv: Record<string, number> | null;
  /** Whether the inverter was able to produce at the stored reading (energy-rollup.ts, availableAt). */
  a: boolean | null;
}

/**
 * The energy each reading of the batch adds to its device's day, and what it changes in the day of the
 * reading after it (which is now measured from the new one): per device, its new readings merged in time
 * order with their neighbours from before the batch.
 */
export function meterBatch(
  rows: NeighbourRow[],
  meters: Map<number, { place: Place; plantId: number }>,
  books: Map<number, PriceBook>,
): Map<string, DeviceDay> {
  const byDevice = new Map<
    number,
    { readings: Map<number, MeterReading>; fresh: Set<number>; available: Set<number> }
  >();
  for (const r of rows) {
    if (r.d === null) continue;
    const dev = byDevice.get(r.d) ?? { readings: new Map(), fresh: new Set<number>(), available: new Set() };
    dev.readings.set(r.t, { ts: r.t, counters: r.v });
    dev.fresh.add(r.t);
    if (r.a) dev.available.add(r.t);
    if (r.pt !== null && !dev.readings.has(r.pt)) dev.readings.set(r.pt, { ts: r.pt, counters: r.pv! });
    if (r.nt !== null && !dev.readings.has(r.nt)) dev.readings.set(r.nt, { ts: r.nt, counters: r.nv! });
    byDevice.set(r.d, dev);
  }
  const days = new Map<string, DeviceDay>();
  for (const [deviceId, { readings, fresh, available }] of byDevice) {
    const { place, plantId } = meters.get(deviceId)!;
    // A plant gone since its readings were looked up has no book: its money is 0, like its prices.
    const book = books.get(plantId) ?? {
      timeZone: place.timezone,
      flat: { feedIn: 0, purchase: 0 },
      periods: [],
      series: new Map(),
    };
    // A reading's energy and its money at the tariff of its interval (decision 023), added with `sign`.
    const add = (e: DeviceDay, prev: MeterReading | undefined, r: MeterReading, sign = 1) => {
      const energy = readingEnergy(prev, r, place.timezone);
      addEnergy(e, energy, sign);
      addValue(e, intervalValue(book, energy, prev?.ts, r.ts), sign);
    };
    const dayOf = (ts: number) => {
      const day = localDay(ts, place.timezone);
      const key = `${deviceId}|${day}`;
      const e = days.get(key) ?? {
        deviceId,
        day,
        times: [],
        availableTimes: [],
        place,
        ...ZERO_DAY_ENERGY,
        ...ZERO_VALUE,
      };
      days.set(key, e);
      return e;
    };
    const sorted = [...readings.values()].sort((a, b) => a.ts - b.ts);
    let lastOld: MeterReading | undefined;
    sorted.forEach((r, i) => {
      const prev = sorted[i - 1];
      if (fresh.has(r.ts)) {
        const e = dayOf(r.ts);
        e.times.push(r.ts);
        if (available.has(r.ts)) e.availableTimes.push(r.ts);
        add(e, prev, r);
        return;
      }
      // A reading stored before, right after a new one: measured from the new one now, not from the old.
      if (prev && fresh.has(prev.ts)) {
        const e = dayOf(r.ts);
        add(e, prev, r);
        add(e, lastOld, r, -1);
      }
      lastOld = r;
    });
  }
  return days;
}

const DAY_25H = 25 * 3_600_000;

/**
 * The price books a batch's readings need: the plants of the inverters that metered, over the span of
 * the intervals the batch changes: from its earliest new reading's local day to the latest reading after one.
 */
export async function batchPriceBooks(
  db: DbOrTx,
  rows: NeighbourRow[],
  meters: Map<number, { plantId: number }>,
): Promise<Map<number, PriceBook>> {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  const plants = new Set<number>();
  for (const r of rows) {
    if (r.d === null) continue;
    plants.add(meters.get(r.d)!.plantId);
    // An interval is priced within its reading's local day (tariff.ts, pricingInstant): at most 25 hours back.
    from = Math.min(from, r.t - DAY_25H);
    to = Math.max(to, r.nt ?? r.t, r.t);
  }
  return plants.size ? loadPriceBooks(db, [...plants], from, to) : new Map();
}
