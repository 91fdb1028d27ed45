import { localMidnight } from '@pvstar/contract/calendar';
import { METRICS } from '@pvstar/contract/metrics';
import { MAX_CLOCK_SKEW_MS } from '@pvstar/contract/mqtt';
import type { SetAsideReason } from '@pvstar/contract/reading-quality';
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

/**
 * The power (kW) that bounds each figure of one device: what it can physically deliver (decision 031).
 * Generation, feed-in, charge and discharge pass through the device: its rated power, or the plant's PV
 * peak power or its storage at one full capacity an hour when that is more. A house draws from the grid
 * beyond its own plant's power, up to its connection: consumption and purchase take at least
 * SITE_CONNECTION_KW.
 */
export type MeterLimits = Record<keyof DayEnergy, number>;

/**
 * How far above its power a device's counters may rise: clouds lift PV above its peak power for minutes
 * (cloud enhancement), a module array may be larger than its inverter, and a reading is stamped by the
 * dongle, seconds away from the moment its registers were read.
 */
export const PLAUSIBILITY_MARGIN = 1.5;
/** What a counter may step beyond the bound: registers that count in 0.1 kWh step a whole unit at once. */
export const COUNTER_RESOLUTION_KWH = 0.1;
/** A house's grid connection (3 × 63 A at 230 V is 43.5 kW): what consumption and purchase may reach. */
export const SITE_CONNECTION_KW = 44;
/**
 * How far a counter may fall and still be a dip rather than a reset: two register steps, or 0.1 % of its
 * value (registers read a moment apart, or rounded differently, differ by that much). A reset falls further:
 * to what the device made since its restart.
 */
export const dipTolerance = (value: number) => Math.max(2 * COUNTER_RESOLUTION_KWH, value / 1000);

/** The least power any device is granted, so that a plant registered without its figures still meters. */
const MIN_DEVICE_KW = 0.1;

export function meterLimits(o: {
  ratedPowerW: number | null;
  installedKwp: number | null;
  storageKwh: number | null;
}): MeterLimits {
  const device = Math.max((o.ratedPowerW ?? 0) / 1000, o.installedKwp ?? 0, o.storageKwh ?? 0, MIN_DEVICE_KW);
  const site = Math.max(device, SITE_CONNECTION_KW);
  return {
    generation: device,
    feedIn: device,
    charge: device,
    discharge: device,
    consumption: site,
    purchase: site,
  };
}

/** The most energy (kWh) a device of `kw` can add to a counter in `ms`, with the margin and one register step. */
export const plausibleKwh = (kw: number, ms: number) =>
  (kw * Math.max(ms, 0) * PLAUSIBILITY_MARGIN) / 3_600_000 + COUNTER_RESOLUTION_KWH;

/** A set-aside reading's cause: the counter that failed, its value, and the accepted value it was compared with. */
export interface SetAside {
  reason: SetAsideReason;
  counter: string | null;
  value: number | null;
  reference: number | null;
}

/**
 * A person's verdict on a set-aside reading: ACCEPTED, it was real (its counters count with no bound);
 * REJECTED, it stays out whatever the rule would say of it now.
 */
export type ReadingDecision = { decision: 'ACCEPTED' } | { decision: 'REJECTED'; reason: SetAsideReason };

/**
 * How early a reading may be stamped before its plant's build or grid connection day: installers try a
 * dongle on site days before the plant is signed off, and its log keeps those days.
 */
export const PLANT_START_MARGIN_MS = 7 * 86_400_000;

/** The first instant a plant's readings may carry: the earlier of its build and grid connection days, less the margin. */
export function plantFloor(o: {
  buildDate: string | null;
  gridConnectionDate: string | null;
  timezone: string;
}): number | undefined {
  const days = [o.buildDate, o.gridConnectionDate].filter((d): d is string => !!d).sort();
  return days.length ? localMidnight(days[0]!, o.timezone) - PLANT_START_MARGIN_MS : undefined;
}

/** Where a device's meter stands before a reading: its last accepted reading, and its stored reading just before. */
export interface MeterState {
  accepted?: MeterReading | undefined;
  previous?: (MeterReading & { setAside?: SetAsideReason | undefined }) | undefined;
}

/** What metering makes of one reading: the energy it adds, measured from `from`, or why it is set aside. */
export interface MeterStep {
  ts: number;
  energy: DayEnergy;
  /** The accepted reading it is measured from: its interval is (from, ts]. */
  from: number | undefined;
  setAside?: SetAside;
}

/** What metering needs to know of a device besides its readings. */
export interface MeterContext {
  timeZone: string;
  limits: MeterLimits;
  /** plantFloor: readings stamped earlier are set aside. */
  floor?: number | undefined;
  /** The times the position got a new device (decision 024): each starts a meter of its own. */
  replacements?: readonly number[] | undefined;
  /** People's verdicts on readings, by time. */
  decisions?: ReadonlyMap<number, ReadingDecision> | undefined;
}

type Verdict = { energy: number; kind: 'increase' | 'reset' | 'none' } | { glitch: SetAside };

/** A daily counter's decrease within the window around a local midnight may be its reset, even to 0. */
const nearMidnight = (prevTs: number, ts: number, timeZone: string) =>
  localDay(prevTs - DAILY_RESET_WINDOW_MS, timeZone) !== localDay(ts + DAILY_RESET_WINDOW_MS, timeZone);

/** One counter from `before` to `after`, `limit` the most it can rise: an increase, a reset, or a glitch. */
function counterStep(
  counter: string,
  before: number,
  after: number,
  limit: number,
  o: { unbounded: boolean; zeroIsReset: boolean },
): Verdict {
  if (after >= before) {
    const delta = after - before;
    if (delta <= limit || o.unbounded) return { energy: delta, kind: 'increase' };
    return { glitch: { reason: 'JUMP', counter, value: after, reference: before } };
  }
  if (o.unbounded) return { energy: after, kind: 'reset' };
  if (after === 0 && !o.zeroIsReset)
    return { glitch: { reason: 'ZERO', counter, value: after, reference: before } };
  // A counter a little lower is a dip, whatever its value: a morning's daily counter that dips would
  // otherwise pass for a restart and count its whole value again.
  if (before - after <= dipTolerance(before))
    return { glitch: { reason: 'DIP', counter, value: after, reference: before } };
  // A restart: the new value is what the device made since, which it could have made in the time.
  if (after <= limit) return { energy: after, kind: 'reset' };
  return { glitch: { reason: 'DROP', counter, value: after, reference: before } };
}

/** One figure of `cur` measured from the accepted reading `g`: lifetime counters where both carry them, else daily ones. */
function figureVerdict(
  figure: keyof DayEnergy,
  g: MeterReading | undefined,
  cur: MeterReading,
  ctx: MeterContext,
  unbounded: boolean,
): Verdict {
  const kw = ctx.limits[figure];
  const total = cur.counters[TOTAL_COUNTERS[figure]];
  const totalBefore = g?.counters[TOTAL_COUNTERS[figure]];
  if (g && total !== undefined && totalBefore !== undefined)
    return counterStep(TOTAL_COUNTERS[figure], totalBefore, total, plausibleKwh(kw, cur.ts - g.ts), {
      unbounded,
      zeroIsReset: false,
    });
  const key = DAILY_COUNTERS[figure];
  const daily = cur.counters[key];
  if (daily === undefined) return { energy: 0, kind: 'none' };
  if (midnightPassed(g?.ts, cur.ts, ctx.timeZone)) {
    // The energy since local midnight, which the device had the day so far (and the skew window) to make.
    const midnight = localMidnight(localDay(cur.ts, ctx.timeZone), ctx.timeZone);
    if (daily <= plausibleKwh(kw, cur.ts - midnight + DAILY_RESET_WINDOW_MS) || unbounded)
      return { energy: daily, kind: 'reset' };
    return { glitch: { reason: 'JUMP', counter: key, value: daily, reference: 0 } };
  }
  const dailyBefore = g?.counters[key];
  if (!g || dailyBefore === undefined) return { energy: 0, kind: 'none' };
  return counterStep(key, dailyBefore, daily, plausibleKwh(kw, cur.ts - g.ts), {
    unbounded,
    zeroIsReset: nearMidnight(g.ts, cur.ts, ctx.timeZone),
  });
}

/** A glitch that may be a new level the device keeps (a counter that jumped and stays there), not a one-off. */
const isLevelChange = (reason: SetAsideReason | undefined) => reason === 'JUMP' || reason === 'DROP';

/**
 * Meters one reading from where the device's meter stands (decision 031). Per figure, the increase of its
 * counter since the last accepted reading, within what the device can deliver in the time; a decrease is a
 * reset only where the new value could be the energy since a restart (or a daily counter at midnight).
 * Anything else sets the whole reading aside, and the next is measured from the last accepted one, so a
 * spike followed by the true value counts neither. A counter that jumps to a new level and stays there
 * (the reading before was set aside for the same kind of step, and this one follows on from it) is metered
 * from that level on: the jump itself stays set aside, for a person to accept or keep out.
 */
export function judgeReading(state: MeterState, cur: MeterReading, ctx: MeterContext): MeterStep {
  const g = state.accepted;
  const decision = ctx.decisions?.get(cur.ts);
  const unbounded = decision?.decision === 'ACCEPTED';
  const from = g?.ts;
  const none = () => ({ ...ZERO_DAY_ENERGY });
  if (ctx.floor !== undefined && cur.ts < ctx.floor && !unbounded)
    return {
      ts: cur.ts,
      energy: none(),
      from,
      setAside: { reason: 'BEFORE_PLANT', counter: null, value: null, reference: null },
    };
  const energy = none();
  let glitch: SetAside | undefined;
  const glitched: (keyof DayEnergy)[] = [];
  for (const figure of FIGURES) {
    const v = figureVerdict(figure, g, cur, ctx, unbounded);
    if ('glitch' in v) {
      glitch ??= v.glitch;
      glitched.push(figure);
    } else energy[figure] = v.energy;
  }
  if (decision?.decision === 'REJECTED')
    return {
      ts: cur.ts,
      energy: none(),
      from,
      setAside: glitch ?? { reason: decision.reason, counter: null, value: null, reference: null },
    };
  if (!glitch) return { ts: cur.ts, energy, from };
  const p = state.previous;
  if (p && (g === undefined || p.ts > g.ts) && isLevelChange(p.setAside) && isLevelChange(glitch.reason)) {
    const rebased = { ...energy };
    const follows = glitched.every((figure) => {
      const v = figureVerdict(figure, p, cur, ctx, false);
      if (!('kind' in v) || v.kind !== 'increase') return false;
      rebased[figure] = v.energy;
      return true;
    });
    if (follows) return { ts: cur.ts, energy: rebased, from };
  }
  return { ts: cur.ts, energy: none(), from, setAside: glitch };
}

/** The meter after a step: the reading becomes the accepted one unless it was set aside. */
export const nextState = (state: MeterState, r: MeterReading, step: MeterStep): MeterState => ({
  accepted: step.setAside ? state.accepted : r,
  previous: { ...r, setAside: step.setAside?.reason },
});

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

/** The meter as a reading at `ts` finds it: a replacement since a reading forgets that reading. */
export function stateAt(state: MeterState, ts: number, replacements: readonly number[] = []): MeterState {
  const keep = (r: MeterReading | undefined) => r && !replacedBetween(r.ts, ts, replacements);
  return {
    accepted: keep(state.accepted) ? state.accepted : undefined,
    previous: keep(state.previous) ? state.previous : undefined,
  };
}

/** Meters a device's readings in time order from where its meter stands: the one rule of ingest and recomputation. */
export function meterSteps(
  state: MeterState,
  readings: readonly MeterReading[],
  ctx: MeterContext,
): { steps: MeterStep[]; state: MeterState } {
  const steps: MeterStep[] = [];
  let s = state;
  for (const r of readings) {
    s = stateAt(s, r.ts, ctx.replacements);
    const step = judgeReading(s, r, ctx);
    steps.push(step);
    s = nextState(s, r, step);
  }
  return { steps, state: s };
}

/** The energy of each local day from metered steps. */
export function stepDays(steps: readonly MeterStep[], timeZone: string): Map<string, DayEnergy> {
  const days = new Map<string, DayEnergy>();
  for (const step of steps) {
    const day = localDay(step.ts, timeZone);
    days.set(day, addEnergy(days.get(day) ?? { ...ZERO_DAY_ENERGY }, step.energy));
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
