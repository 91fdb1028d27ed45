import { exactFigure } from '@pvstar/contract/figures';
import type { EnergyFigures } from '@pvstar/contract/plant-data';
import { type DayEnergy, derived, ZERO_DAY_ENERGY } from './energy.ts';

/** Summed roll-up counters of a period (kWh, revenue, daylight intervals with data and available). */
export type Sums = DayEnergy & { revenue: number; daylightSeen: number; daylightAvailable: number };

export const ZERO: Sums = {
  ...ZERO_DAY_ENERGY,
  revenue: 0,
  daylightSeen: 0,
  daylightAvailable: 0,
};

/** Columns of plant_energy_daily / plant_energy_monthly and the figure each holds. */
export const SUM_COLUMNS: [keyof Sums, string][] = [
  ['generation', 'generation'],
  ['consumption', 'consumption'],
  ['charge', 'charge'],
  ['discharge', 'discharge'],
  ['feedIn', 'feed_in'],
  ['purchase', 'purchase'],
  ['revenue', 'revenue'],
  ['daylightSeen', 'daylight_seen'],
  ['daylightAvailable', 'daylight_available'],
];

/** The sums of a result row whose columns are named `${prefix}${figure}`. */
export const sumsFrom = (row: Record<string, unknown>, prefix = ''): Sums => {
  const out = { ...ZERO };
  for (const [figure] of SUM_COLUMNS) out[figure] = Number(row[`${prefix}${figure}`] ?? 0);
  return out;
};

export const addSums = (a: Sums, b: Sums): Sums => {
  const out = { ...a };
  for (const [key] of SUM_COLUMNS) out[key] += b[key];
  return out;
};

/**
 * The figures of a period from its summed counters, exact (`exactFigure`): they are rounded once, where
 * they are shown (docs/energy.md "Rounding"). Derived figures come from the sums, never summed themselves.
 */
export function energyFigures(s: Sums): EnergyFigures {
  const { selfConsumption, selfSufficiency } = derived(s);
  const x = exactFigure;
  return {
    generation: x(s.generation),
    consumption: x(s.consumption),
    charge: x(s.charge),
    discharge: x(s.discharge),
    feedIn: x(s.feedIn),
    purchase: x(s.purchase),
    selfConsumption: x(selfConsumption),
    selfSufficiency: x(selfSufficiency),
    revenue: x(s.revenue),
  };
}
