import { type DayEnergy, ZERO_DAY_ENERGY } from './energy.ts';

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
