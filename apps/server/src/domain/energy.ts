import { METRICS } from '@pvstar/contract/metrics';
import { MAX_CLOCK_SKEW_MS } from '@pvstar/contract/mqtt';
import { localDay } from './calendar.ts';

/** The energy figures of a day, in kWh, as every roll-up keeps them. */
export interface DayEnergy {
  generation: number;
  consumption: number;
  charge: number;
  discharge: number;
  feedIn: number;
  purchase: number;
}

/** A day before any reading. */
export const ZERO_DAY_ENERGY: Readonly<DayEnergy> = {
  generation: 0,
  consumption: 0,
  charge: 0,
  discharge: 0,
  feedIn: 0,
  purchase: 0,
};

/** Which daily counter of an inverter feeds which figure (read only where it sends no lifetime counter). */
export const DAILY_COUNTERS: Record<keyof DayEnergy, string> = {
  generation: 'dailyGeneration',
  consumption: 'dailyConsumption',
  charge: 'dailyCharge',
  discharge: 'dailyDischarge',
  feedIn: 'dailyFeedIn',
  purchase: 'dailyPurchase',
};

/** Which lifetime counter of an inverter feeds which figure: the one metering reads. */
export const TOTAL_COUNTERS: Record<keyof DayEnergy, string> = {
  generation: 'totalGeneration',
  consumption: 'totalConsumption',
  charge: 'totalCharge',
  discharge: 'totalDischarge',
  feedIn: 'totalFeedIn',
  purchase: 'totalPurchase',
};

const FIGURES = Object.keys(ZERO_DAY_ENERGY) as (keyof DayEnergy)[];

/** Every energy counter of an inverter, as the contract declares them; a sample with one is a meter reading. */
export const ENERGY_COUNTERS: readonly string[] = METRICS.filter(
  (m) => m.kind === 'INVERTER' && m.type === 'counter',
).map((m) => m.key);

/** A stored sample of an inverter that carries energy counters: its time and those counters. */
export interface MeterReading {
  ts: number;
  counters: Record<string, number>;
}

/** Whether a sample's data carries an energy counter, i.e. is a meter reading. */
export const isReading = (data: Record<string, number>) => ENERGY_COUNTERS.some((key) => key in data);

/**
 * How far a device's clock may be from the dongle's: a daily counter read within this of local midnight
 * may not have reset yet (or may have reset already), so only a decrease proves a reset there.
 */
export const DAILY_RESET_WINDOW_MS = MAX_CLOCK_SKEW_MS;

/**
 * Whether a daily counter has certainly restarted at local midnight between two readings: the reading is
 * past the window after its day's midnight, and the one before (if any) was before the window ahead of it.
 */
function midnightPassed(prevTs: number | undefined, ts: number, timeZone: string) {
  const day = localDay(ts, timeZone);
  if (localDay(ts - DAILY_RESET_WINDOW_MS, timeZone) !== day) return false;
  return prevTs === undefined || localDay(prevTs + DAILY_RESET_WINDOW_MS, timeZone) < day;
}

/** A counter's increase; a decrease is a reset, from which the counter counts anew. */
const increase = (before: number, after: number) => (after < before ? after : after - before);

/**
 * The energy a reading adds to its local day: per figure, the increase of the lifetime counter since the
 * previous stored reading of the device, a decrease counting as a reset (never a negative delta). Where
 * either reading lacks the lifetime counter, the daily one, which also restarts at local midnight; with no
 * earlier reading, the daily counter is the energy since midnight.
 */
export function readingEnergy(
  prev: MeterReading | undefined,
  cur: MeterReading,
  timeZone: string,
): DayEnergy {
  const out = { ...ZERO_DAY_ENERGY };
  let midnight: boolean | undefined;
  for (const figure of FIGURES) {
    const total = cur.counters[TOTAL_COUNTERS[figure]];
    const totalBefore = prev?.counters[TOTAL_COUNTERS[figure]];
    if (total !== undefined && totalBefore !== undefined) {
      out[figure] = increase(totalBefore, total);
      continue;
    }
    const daily = cur.counters[DAILY_COUNTERS[figure]];
    if (daily === undefined) continue;
    midnight ??= midnightPassed(prev?.ts, cur.ts, timeZone);
    const dailyBefore = prev?.counters[DAILY_COUNTERS[figure]];
    out[figure] = midnight ? daily : dailyBefore === undefined ? 0 : increase(dailyBefore, daily);
  }
  return out;
}

/**
 * Whether a replacement of the device (decision 024) lies between two of its readings: at `replacements`
 * (epoch ms) another device took the position over, whose counters are not the old one's. A reading at or
 * after a replacement is never measured from one before it: it is the new device's first.
 */
export const replacedBetween = (
  prevTs: number | undefined,
  ts: number,
  replacements: readonly number[] = [],
) => prevTs !== undefined && replacements.some((at) => prevTs < at && at <= ts);

/**
 * The energy of each local day of one device from its readings in time order, the first compared with
 * `before` (the device's last reading before them): what ingest keeps up to date one reading at a time.
 * `replacements` are the times the device position got a new device: each starts a meter of its own.
 */
export function meterDays(
  before: MeterReading | undefined,
  readings: readonly MeterReading[],
  timeZone: string,
  replacements: readonly number[] = [],
): Map<string, DayEnergy> {
  const days = new Map<string, DayEnergy>();
  let prev = before;
  for (const r of readings) {
    const day = localDay(r.ts, timeZone);
    const e = days.get(day) ?? { ...ZERO_DAY_ENERGY };
    if (replacedBetween(prev?.ts, r.ts, replacements)) prev = undefined;
    addEnergy(e, readingEnergy(prev, r, timeZone));
    days.set(day, e);
    prev = r;
  }
  return days;
}

/** Adds `b` (times `sign`) into `a`. */
export function addEnergy(a: DayEnergy, b: DayEnergy, sign = 1) {
  for (const figure of FIGURES) a[figure] += sign * b[figure];
  return a;
}

/**
 * Self-consumption: the generation not fed in, less what went into the battery and plus what came out of
 * it, never negative. Energy stored counts on the day it is used, and what the battery loses on the round
 * trip (charge − discharge over a cycle) never counts as saved.
 */
export const selfConsumptionOf = (e: Pick<DayEnergy, 'generation' | 'feedIn' | 'charge' | 'discharge'>) =>
  Math.max(e.generation - e.feedIn - e.charge + e.discharge, 0);

/** Revenue of a day: what the feed-in earned plus what self-consumption saved at the purchase price. */
export function revenueOf(
  e: Pick<DayEnergy, 'generation' | 'feedIn' | 'charge' | 'discharge'>,
  prices: { feedIn: number; purchase: number },
) {
  return e.feedIn * prices.feedIn + selfConsumptionOf(e) * prices.purchase;
}

/** Derived figures: self-consumption (kWh) and self-sufficiency (share of consumption not bought). */
export function derived(e: DayEnergy) {
  const selfConsumption = selfConsumptionOf(e);
  const selfSufficiency =
    e.consumption > 0 ? Math.min(Math.max((e.consumption - e.purchase) / e.consumption, 0), 1) : 0;
  return { selfConsumption, selfSufficiency };
}
