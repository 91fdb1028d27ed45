import { z } from 'zod';
import { LocalDateSchema } from './plant-data.ts';

/**
 * A plant's performance per local day without irradiance sensors (docs/energy.md "Performance ratio"):
 * its generation against a clear-sky model of its modules, scaled by how much of their own clear-sky
 * energy the plants around it made that day. Energy in kWh, ratios as fractions (1 = 100 %).
 */

/** Plants this close (km, great circle) are the plant's neighbours. */
export const NEIGHBOUR_KM = 50;
/** Fewer neighbours with data than this: no clearness, no expected energy, no PR. */
export const MIN_NEIGHBOURS = 3;
/** A day is sunny from this clearness on (the neighbours made ≥ 60 % of their clear-sky energy). */
export const SUNNY_CLEARNESS = 0.6;
/** Days the plant detail page shows by default. */
export const PERFORMANCE_DEFAULT_DAYS = 30;

export const PlantPerformanceQuerySchema = z.object({
  /** First local day (default: 30 days before `to`). */
  from: LocalDateSchema.optional(),
  /** Last local day, inclusive (default: yesterday, the last day that is over). */
  to: LocalDateSchema.optional(),
});
export type PlantPerformanceQuery = z.infer<typeof PlantPerformanceQuerySchema>;

export const PerformanceDaySchema = z.object({
  day: z.string(),
  /** kWp × clear-sky irradiation on the plant's modules: what a lossless plant would make under a clear sky. */
  clearSkyKwh: z.number(),
  actualKwh: z.number(),
  /** Median of the neighbours' actual ÷ clear-sky energy; null with fewer than MIN_NEIGHBOURS. */
  clearness: z.number().nullable(),
  /** clearSkyKwh × clearness: what the plant would have made doing as well as its neighbours. */
  expectedKwh: z.number().nullable(),
  /** actualKwh ÷ expectedKwh; null without enough neighbours or on a day too dark to judge. */
  pr: z.number().nullable(),
  neighbours: z.number().int(),
  sunny: z.boolean(),
});
export type PerformanceDay = z.infer<typeof PerformanceDaySchema>;

export const PlantPerformanceSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** One entry per computed day, oldest first; days not computed (no data, not over yet) are absent. */
  days: z.array(PerformanceDaySchema),
  /** Σ actual ÷ Σ expected over the days with a PR; null when there is none. */
  pr: z.number().nullable(),
  /** The under-performing alarm's share (UNDERPERFORMANCE_SHARE). */
  alarmShare: z.number(),
  neighbourKm: z.number(),
  minNeighbours: z.number().int(),
  sunnyClearness: z.number(),
});
export type PlantPerformance = z.infer<typeof PlantPerformanceSchema>;
