import type { SetAsideReason } from '@pvstar/contract/reading-quality';
import type { DbOrTx } from '../db/client.ts';
import { localDay } from '../domain/calendar.ts';
import {
  addEnergy,
  type DayEnergy,
  judgeReading,
  type MeterContext,
  type MeterState,
  type MeterStep,
  meterSteps,
  ZERO_DAY_ENERGY,
} from '../domain/energy.ts';
import { addValue, type IntervalValue, intervalValue, type PriceBook, ZERO_VALUE } from '../domain/tariff.ts';
import { loadPriceBooks } from '../domain/tariff-book.ts';
import type { DeviceInfo } from './device-lookup.ts';
import type { SetAsideRow } from './meter-store.ts';

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

/**
 * A stored reading with the device's readings around it (epoch ms, counters), as the insert returns them:
 * the stored reading just before it (`p…`, `pr` the reason it was set aside, or null), the last accepted
 * one before it when that is not the same (`g…`), and the stored reading after it (`n…`, `nr` its reason
 * if set aside, `nd` whether a person decided on it).
 */
export interface NeighbourRow {
  stored: number;
  d: number | null;
  t: number;
  v: Record<string, number>;
  pt: number | null;
  pv: Record<string, number> | null;
  pr: SetAsideReason | null;
  gt: number | null;
  gv: Record<string, number> | null;
  nt: number | null;
  nv: Record<string, number> | null;
  nr: SetAsideReason | null;
  nd: boolean | null;
  /** Whether the inverter was able to produce at the stored reading (energy-rollup.ts, availableAt). */
  a: boolean | null;
}

/** An inverter that meters, as the batch knows it: its plant, place and meter context. */
export interface BatchMeter {
  place: Place;
  plantId: number;
  ctx: MeterContext;
}

/**
 * What one batch's new readings do to their devices' days (decision 031): per device, its new readings
 * metered in time order from where its meter stood (energy.ts, meterSteps), and the stored reading after
 * them measured from them instead of from the reading before. Readings set aside are answered to be
 * recorded. Where that is not enough — new readings on both sides of a stored one, or the stored reading
 * after them set aside, decided on or changing its verdict — the device is answered in `remeter`, from its
 * earliest new reading: its days are metered again from raw samples (energy-recompute.ts, remeterDevices).
 */
export function meterBatch(
  rows: NeighbourRow[],
  meters: Map<number, BatchMeter>,
  books: Map<number, PriceBook>,
): { days: Map<string, DeviceDay>; setAside: SetAsideRow[]; remeter: Map<number, number> } {
  const byDevice = new Map<number, NeighbourRow[]>();
  for (const r of rows) {
    if (r.d === null) continue;
    const list = byDevice.get(r.d) ?? [];
    list.push(r);
    byDevice.set(r.d, list);
  }
  const days = new Map<string, DeviceDay>();
  const setAside: SetAsideRow[] = [];
  const remeter = new Map<number, number>();
  for (const [deviceId, fresh] of byDevice) {
    fresh.sort((a, b) => a.t - b.t);
    const first = fresh[0]!;
    const { place, plantId, ctx } = meters.get(deviceId)!;
    // New readings between the same two stored ones form one block; otherwise meter the device again.
    const block = fresh.every((r) => r.pt === first.pt && r.nt === first.nt);
    const next = first.nt === null ? undefined : { ts: first.nt, counters: first.nv! };
    if (!block || (next && (first.nr !== null || first.nd))) {
      remeter.set(deviceId, first.t);
      continue;
    }
    // A plant gone since its readings were looked up has no book: its money is 0, like its prices.
    const book = books.get(plantId) ?? {
      timeZone: place.timezone,
      flat: { feedIn: 0, purchase: 0 },
      periods: [],
      series: new Map(),
    };
    const previous =
      first.pt === null ? undefined : { ts: first.pt, counters: first.pv!, setAside: first.pr ?? undefined };
    const accepted =
      first.pr === null ? previous : first.gt === null ? undefined : { ts: first.gt, counters: first.gv! };
    const state: MeterState = { accepted, previous };
    const result = meterSteps(
      state,
      fresh.map((r) => ({ ts: r.t, counters: r.v })),
      ctx,
    );
    let nextSteps: { step: MeterStep; sign: number }[] = [];
    if (next) {
      // The stored reading after the block was measured from the one before it; now from the block.
      const before = judgeReading(state, next, ctx);
      const after = judgeReading(result.state, next, ctx);
      if (before.setAside || after.setAside) {
        remeter.set(deviceId, first.t);
        continue;
      }
      nextSteps = [
        { step: after, sign: 1 },
        { step: before, sign: -1 },
      ];
    }
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
    // A step's energy and its money at the tariff of its interval (decision 023), added with `sign`.
    const add = (e: DeviceDay, step: MeterStep, sign: number) => {
      addEnergy(e, step.energy, sign);
      addValue(e, intervalValue(book, step.energy, step.from, step.ts), sign);
    };
    result.steps.forEach((step, i) => {
      const e = dayOf(step.ts);
      e.times.push(step.ts);
      if (fresh[i]!.a) e.availableTimes.push(step.ts);
      add(e, step, 1);
      if (step.setAside) setAside.push({ deviceId, ts: step.ts, ...step.setAside });
    });
    for (const { step, sign } of nextSteps) add(dayOf(step.ts), step, sign);
  }
  return { days, setAside, remeter };
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
