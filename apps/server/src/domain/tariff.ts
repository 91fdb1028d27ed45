import { localMidnight, localTime } from '@pvstar/contract/calendar';
import type { TariffBand, TariffDirection, TariffKind } from '@pvstar/contract/tariff';
import { addDays } from './calendar.ts';
import type { DayEnergy, MeterStep } from './energy.ts';

/**
 * Prices of a plant at an instant, and the money of a metering interval (issue 23, decision 023,
 * docs/energy.md "Revenue"). Pure: the caller loads the periods and series prices a batch or a
 * recomputation needs (tariff-store.ts) and asks here.
 */

export interface TariffPeriodRule {
  id: number;
  direction: TariffDirection;
  kind: TariffKind;
  validFrom: string;
  /** Inclusive; null: open-ended. */
  validTo: string | null;
  price: number | null;
  bands: TariffBand[];
  gridFee: number;
  resolutionMinutes: number | null;
}

/** What prices a plant's intervals: its periods, the series prices loaded for them and its flat prices. */
export interface PriceBook {
  timeZone: string;
  /** The plant's own flat prices (null counts as 0, as the roll-up always did). */
  flat: { feedIn: number; purchase: number };
  periods: TariffPeriodRule[];
  /** DYNAMIC periods' prices by the start of their interval (epoch ms). */
  series: Map<number, Map<number, number>>;
}

const QUARTER_MS = 15 * 60_000;

/** The period of a direction in force on a local day, if any (periods of a direction never overlap). */
export function periodOn(book: PriceBook, direction: TariffDirection, day: string) {
  return book.periods.find(
    (p) => p.direction === direction && p.validFrom <= day && (p.validTo === null || day <= p.validTo),
  );
}

const inMonths = (b: TariffBand, month: number) =>
  b.fromMonth <= b.toMonth
    ? month >= b.fromMonth && month <= b.toMonth
    : month >= b.fromMonth || month <= b.toMonth;
const onDays = (b: TariffBand, weekday: number) =>
  b.days === 'ALL' || (b.days === 'WEEKEND') === (weekday === 0 || weekday === 6);

/** The band of a time-of-use period at a local month, weekday (0 = Sunday) and wall-clock hour. */
export function bandAt(bands: readonly TariffBand[], month: number, weekday: number, hour: number) {
  return bands.find((b) => inMonths(b, month) && onDays(b, weekday) && hour >= b.fromHour && hour < b.toHour);
}

/** A series price holding at `ts`: the one whose interval [start, start + resolution) holds it. */
function seriesPrice(prices: Map<number, number> | undefined, resolutionMinutes: number, ts: number) {
  if (!prices) return undefined;
  const quarter = Math.floor(ts / QUARTER_MS) * QUARTER_MS;
  const steps = Math.max(1, resolutionMinutes / 15);
  for (let k = 0; k < steps; k++) {
    const start = quarter - k * QUARTER_MS;
    const p = prices.get(start);
    if (p !== undefined && start + resolutionMinutes * 60_000 > ts) return p;
  }
  return undefined;
}

/** The price per kWh of a direction at an instant: the period in force that local day, else the flat price. */
export function priceAt(book: PriceBook, direction: TariffDirection, ts: number): number {
  const local = localTime(ts, book.timeZone);
  const flat = direction === 'FEED_IN' ? book.flat.feedIn : book.flat.purchase;
  const period = periodOn(book, direction, local.date);
  if (!period) return flat;
  const base = period.price ?? flat;
  let p = base;
  if (period.kind === 'TOU') p = bandAt(period.bands, local.month, local.weekday, local.hour)?.price ?? base;
  else if (period.kind === 'DYNAMIC')
    p = seriesPrice(book.series.get(period.id), period.resolutionMinutes ?? 60, ts) ?? base;
  return p + (direction === 'PURCHASE' ? period.gridFee : 0);
}

/** The money of an interval's energy, kept per device day and summed into the plant day's revenue. */
export interface IntervalValue {
  /** Feed-in × feed-in price. */
  feedInValue: number;
  /** Signed self-consumption (generation − feed-in − charge + discharge) × purchase price. */
  selfValue: number;
}
export const ZERO_VALUE: Readonly<IntervalValue> = { feedInValue: 0, selfValue: 0 };

/** Adds `b` (times `sign`) into `a`. */
export function addValue(a: IntervalValue, b: IntervalValue, sign = 1) {
  a.feedInValue += sign * b.feedInValue;
  a.selfValue += sign * b.selfValue;
  return a;
}

/**
 * The instant that prices the interval (prev, cur]: its middle, but not before the local midnight of the
 * reading's day, which the energy counts towards: a day's revenue uses that day's tariff only. The first
 * reading of a device (no prev) is priced at its own time.
 */
export function pricingInstant(prevTs: number | undefined, ts: number, timeZone: string) {
  if (prevTs === undefined) return ts;
  const mid = (prevTs + ts) / 2;
  const midnight = localMidnight(localTime(ts, timeZone).date, timeZone);
  return Math.max(mid, midnight);
}

/** The money of the energy a reading adds, priced at the interval's instant. */
export function intervalValue(
  book: PriceBook,
  e: Pick<DayEnergy, 'generation' | 'feedIn' | 'charge' | 'discharge'>,
  prevTs: number | undefined,
  ts: number,
): IntervalValue {
  const at = pricingInstant(prevTs, ts, book.timeZone);
  const self = e.generation - e.feedIn - e.charge + e.discharge;
  return {
    feedInValue: e.feedIn === 0 ? 0 : e.feedIn * priceAt(book, 'FEED_IN', at),
    selfValue: self === 0 ? 0 : self * priceAt(book, 'PURCHASE', at),
  };
}

/**
 * The time-weighted mean prices of a local day (quarter-hour steps from local midnight to the next, so
 * 92 or 100 on daylight-saving days): what prices a day whose raw samples are gone (expired, or the demo
 * back-fill's), where only the day's energy is known.
 */
export function dayMeanPrices(book: PriceBook, day: string) {
  const start = localMidnight(day, book.timeZone);
  const end = localMidnight(addDays(day, 1), book.timeZone);
  let feedIn = 0;
  let purchase = 0;
  let n = 0;
  for (let ts = start; ts < end; ts += QUARTER_MS) {
    feedIn += priceAt(book, 'FEED_IN', ts + QUARTER_MS / 2);
    purchase += priceAt(book, 'PURCHASE', ts + QUARTER_MS / 2);
    n++;
  }
  return { feedIn: feedIn / n, purchase: purchase / n };
}

/** The plant day's revenue from its inverters' summed values: feed-in earned plus savings, never below 0. */
export const revenueOfValues = (v: IntervalValue) => v.feedInValue + Math.max(v.selfValue, 0);

/**
 * Whether two bands of a time-of-use period overlap: some month, weekday and hour both apply to. Returns
 * the index of the later band of the first overlapping pair.
 */
export function overlappingBand(bands: readonly TariffBand[]): number | undefined {
  const seen = new Map<string, number>();
  for (let i = 0; i < bands.length; i++) {
    const b = bands[i]!;
    for (let m = 1; m <= 12; m++) {
      if (!inMonths(b, m)) continue;
      for (const weekday of [1, 0]) {
        if (!onDays(b, weekday)) continue;
        for (let h = b.fromHour; h < b.toHour; h++) {
          const key = `${m}|${weekday}|${h}`;
          if (seen.has(key) && seen.get(key) !== i) return i;
          seen.set(key, i);
        }
      }
    }
  }
  return undefined;
}

/** The money of each local day of one device from its metered steps (energy.ts, meterSteps), each interval priced by `intervalValue`. */
export function valueDays(book: PriceBook, steps: readonly MeterStep[]): Map<string, IntervalValue> {
  const days = new Map<string, IntervalValue>();
  for (const step of steps) {
    const day = localTime(step.ts, book.timeZone).date;
    const v = days.get(day) ?? { ...ZERO_VALUE };
    addValue(v, intervalValue(book, step.energy, step.from, step.ts));
    days.set(day, v);
  }
  return days;
}
