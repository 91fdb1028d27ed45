import { DAY_MS } from '@pvstar/contract/calendar';
import type { CHARGER_STATES } from '@pvstar/contract/metrics';
import { rand01 } from './rng.ts';

/**
 * Home EV charging: a car comes home in the evening on some days, sometimes waits for the cheaper
 * night tariff, charges what the day's driving used at the wallbox's power, and leaves next morning.
 * Session edges lie on the five-minute grid and ramp over five minutes, so the energy integrates the
 * same at any sampling step (see valueNoise).
 */
export type ChargerState = (typeof CHARGER_STATES)[number];

export interface EvSession {
  id: string;
  plugIn: number;
  start: number;
  end: number;
  unplug: number;
  powerW: number;
}

const STEP = 5 * 60_000;
const RAMP = STEP;
const HOUR = 3_600_000;
const snap = (ms: number) => Math.round(ms / STEP) * STEP;

/** The chance that the car comes home to charge on a weekday and on a weekend day. */
const WEEKDAY_CHANCE = 0.45;
const WEEKEND_CHANCE = 0.3;
/** What a session charges, kWh, from a uniform draw: mostly a day's commute, now and then a long trip. */
const sessionKwh = (u: number) => 5 + 20 * u ** 2;

/** What the car charges at home in an average year, kWh (~1,700): the sessions' chance times their mean energy. */
export const EV_YEAR_KWH = 365.25 * ((5 * WEEKDAY_CHANCE + 2 * WEEKEND_CHANCE) / 7) * (5 + 20 / 3);

/** The session that begins on the local day starting at `midnight`, if the car comes home to charge. */
export function evSessionOn(
  seed: number,
  dateISO: string,
  midnight: number,
  chargerW: number,
): EvSession | null {
  const weekday = new Date(`${dateISO}T12:00:00Z`).getUTCDay();
  const weekend = weekday === 0 || weekday === 6;
  if (rand01(seed, 'ev', dateISO) >= (weekend ? WEEKEND_CHANCE : WEEKDAY_CHANCE)) return null;
  const plugIn = midnight + snap((17 + 3 * rand01(seed, 'ev-arrive', dateISO)) * HOUR);
  const waits = rand01(seed, 'ev-wait', dateISO) < 0.2;
  const start = plugIn + (waits ? snap((0.5 + rand01(seed, 'ev-delay', dateISO)) * HOUR) : 0);
  const energyKwh = sessionKwh(rand01(seed, 'ev-kwh', dateISO));
  // A trapezoid with five-minute ramps delivers P·(duration − ramp).
  const duration = Math.max(2 * STEP, snap((energyKwh / (chargerW / 1000)) * HOUR + RAMP));
  const unplug = midnight + DAY_MS + snap((6.5 + 2 * rand01(seed, 'ev-leave', dateISO)) * HOUR);
  return {
    id: `${dateISO}`,
    plugIn,
    start,
    end: start + duration,
    unplug: Math.max(unplug, start + duration),
    powerW: chargerW,
  };
}

export function evAt(
  t: number,
  sessions: ReadonlyArray<EvSession | null>,
): {
  powerW: number;
  state: ChargerState;
  session: EvSession | null;
} {
  for (const s of sessions) {
    if (!s || t < s.plugIn || t >= s.unplug) continue;
    if (t < s.start) return { powerW: 0, state: 'PLUGGED', session: s };
    if (t >= s.end) return { powerW: 0, state: 'FINISHED', session: s };
    const ramp = Math.min(1, (t - s.start) / RAMP, (s.end - t) / RAMP);
    return { powerW: s.powerW * ramp, state: 'CHARGING', session: s };
  }
  return { powerW: 0, state: 'AVAILABLE', session: null };
}
