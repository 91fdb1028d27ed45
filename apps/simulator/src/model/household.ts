import type { LocalTime } from '@pvstar/contract/calendar';
import { rand01, valueNoise } from './rng.ts';

/**
 * Household electricity use without EV charger and heat pump: a base load (fridge, router, standby)
 * plus activity peaks that follow the daily routine, appliance spikes (kettle, oven, washing machine),
 * and in a house heated by a gas or oil boiler that boiler's circulation pump and controls while it heats.
 * Tuned to ~3,000–5,000 kWh a year for a family house, about half more a day in a winter month than in a
 * summer one (lighting, being home, the heating; German load profile H0 and measured household profiles).
 */
export interface Household {
  seed: number;
  /** Night-time base load in W. */
  baseW: number;
  /** Size of the household relative to a family of four. */
  scale: number;
  /** The boiler's circulation pump and controls at full heating demand, W (0 where a heat pump heats). */
  heatingAuxW: number;
}

export function householdOf(seed: number, opts: { heatPump: boolean }): Household {
  return {
    seed,
    baseW: 100 + 110 * rand01(seed, 'base'),
    scale: 0.55 + 0.6 * rand01(seed, 'scale'),
    // Older uncontrolled pumps draw 60–90 W, high-efficiency ones 10–25 W, plus ~10 W of controls.
    heatingAuxW: opts.heatPump ? 0 : 30 + 50 * rand01(seed, 'heating-aux'),
  };
}

const HEATING_LIMIT = 15.5;

/** The boiler's pump and controls: running while the house needs heat, harder the colder it is. */
function heatingAux(h: Household, ambient: number): number {
  if (ambient >= HEATING_LIMIT) return 0;
  return h.heatingAuxW * Math.min(1, 0.35 + (0.65 * (HEATING_LIMIT - ambient)) / 20);
}

/** [centre hour, width in hours, height in W] of the routine's peaks. */
type Peak = readonly [number, number, number];
const WEEKDAY: readonly Peak[] = [
  [6.9, 0.7, 520],
  [12.5, 1.6, 180],
  [19.2, 1.7, 720],
  [22.4, 0.7, 180],
];
// Weekends start later, cook at noon and spread the day out.
const WEEKEND: readonly Peak[] = [
  [8.9, 1.1, 560],
  [12.7, 1.3, 480],
  [16.0, 2.0, 200],
  [19.2, 1.7, 760],
];

function routine(hour: number, weekend: boolean): number {
  let w = 0;
  for (const [centre, width, height] of weekend ? WEEKEND : WEEKDAY) {
    const d = Math.abs(hour - centre);
    const dist = Math.min(d, 24 - d);
    w += height * Math.exp(-(dist * dist) / (2 * width * width));
  }
  return w;
}

const SPIKE_STEP = 5 * 60_000;

/** An appliance spike sits on one five-minute knot; likelier when people are active. */
function spikeAt(h: Household, knot: number, hour: number, weekend: boolean): number {
  const p = 0.006 + 0.07 * (routine((hour + 24) % 24, weekend) / 700);
  if (rand01(h.seed, 'spike', knot) >= p) return 0;
  return (900 + 1600 * rand01(h.seed, 'spike-w', knot)) * Math.min(1.2, h.scale);
}

export function householdPower(h: Household, t: number, local: LocalTime, ambient: number): number {
  const weekend = local.weekday === 0 || local.weekday === 6;
  const winter = 0.5 + 0.5 * Math.cos((2 * Math.PI * (local.dayOfYear - 10)) / 365.25);
  const base = h.baseW * (1 + 0.2 * winter) * (1 + 0.12 * valueNoise(h.seed ^ 0xba5e, t, SPIKE_STEP));
  const activity =
    routine(local.hour, weekend) *
    h.scale *
    (0.9 + 0.7 * winter) *
    (1 + 0.25 * valueNoise(h.seed ^ 0xac7, t, 15 * 60_000));
  // Spikes are joined linearly between knots, like every other noise here (see valueNoise).
  const k = Math.floor(t / SPIKE_STEP);
  const f = (t - k * SPIKE_STEP) / SPIKE_STEP;
  const knotHour = local.hour - (f * SPIKE_STEP) / 3.6e6;
  const spike =
    (1 - f) * spikeAt(h, k, knotHour, weekend) +
    f * spikeAt(h, k + 1, knotHour + SPIKE_STEP / 3.6e6, weekend);
  return Math.max(60, base + Math.max(0, activity) + spike) + heatingAux(h, ambient);
}
