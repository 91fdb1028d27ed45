import { z } from 'zod';
import { IdSchema } from './api.ts';
import { DateTypeSchema, DeviceStatusSchema, PlantStatusSchema } from './enums.ts';
import { exactFigure } from './figures.ts';
import { DeviceKindSchema } from './metrics.ts';

/**
 * What the plant detail page reads: the overview (power flow and energy KPIs), the power curve of a day,
 * the latest values of every device and the energy statistics. Energy in kWh, power in W, ratios 0..1,
 * revenue in the plant's currency; days are the plant's local calendar days.
 */

/** A calendar day, YYYY-MM-DD. */
export const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isCalendarDate = (s: string) => {
  if (!LOCAL_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
export const LocalDateSchema = z.string().refine(isCalendarDate, { message: 'plantData.dateFormat' });

/** Days further than this from today are refused: nothing is measured there, and queries stay bounded. */
export const MAX_YEARS_AWAY = 10;
/** Longest statistics ranges: one row per day for a year, one per month for ten years. */
export const MAX_DAYS = 366;
export const MAX_MONTHS = 120;
/** Days of the statistics' default range for dateType `date`. */
export const DEFAULT_DAYS = 7;
/** Width of one power-curve bucket. */
export const CURVE_BUCKET_SECONDS = 300;

/**
 * Specific yield (kWh per installed kWp): generation ÷ installed capacity, exact (shown with 2 decimals,
 * rounded once where it is shown: figures.ts); null (shown "—") without a positive capacity. The one
 * definition of it, on every page and report.
 */
export function specificYield(generationKwh: number, capacityKwp: number | null | undefined): number | null {
  if (!capacityKwp || !(capacityKwp > 0) || !Number.isFinite(generationKwh)) return null;
  return exactFigure(generationKwh / capacityKwp);
}

/** Specific yield (kWh/kWp) of today, this month and this year, each in the plant's own local calendar. */
export const SpecificYieldsSchema = z.object({
  today: z.number().nullable(),
  month: z.number().nullable(),
  year: z.number().nullable(),
});
export type SpecificYields = z.infer<typeof SpecificYieldsSchema>;

export const EnergyFiguresSchema = z.object({
  generation: z.number(),
  consumption: z.number(),
  charge: z.number(),
  discharge: z.number(),
  feedIn: z.number(),
  purchase: z.number(),
  /** Generation not fed in (kWh). */
  selfConsumption: z.number(),
  /** Share of consumption not bought from the grid, 0..1. */
  selfSufficiency: z.number(),
  revenue: z.number(),
});
export type EnergyFigures = z.infer<typeof EnergyFiguresSchema>;

/**
 * Power now, signed as the metric catalogue says: gridPower + buying / − feeding in, batteryPower
 * + discharging / − charging. All zero (soc null, ts null) when the plant is offline or the values stale.
 */
export const PowerFlowSchema = z.object({
  ts: z.string().nullable(),
  pvPower: z.number(),
  gridPower: z.number(),
  loadPower: z.number(),
  batteryPower: z.number(),
  soc: z.number().nullable(),
  /** Present only when the plant has an EV charger / a heat pump. */
  evPower: z.number().optional(),
  heatPumpPower: z.number().optional(),
});
export type PowerFlow = z.infer<typeof PowerFlowSchema>;

const plantCount = z.number().int().nonnegative();
/** How many plants are in each status: the dashboard, the plant list's KPIs and the fleet report. */
export const PlantStatusCountsSchema = z.object({
  OFFLINE: plantCount,
  NORMAL: plantCount,
  WARNING: plantCount,
  FAULT: plantCount,
});
export type PlantStatusCounts = z.infer<typeof PlantStatusCountsSchema>;

/**
 * Where a plant's total generation comes from (docs/energy.md "Total generation"): COUNTERS, the
 * inverters' lifetime counters (what their displays show); DAYS, the sum of the days stored in the portal
 * (no inverter sent a counter); MIXED, counters where sent, stored days for the inverters without one.
 */
export const LIFETIME_SOURCES = ['COUNTERS', 'DAYS', 'MIXED'] as const;
export const LifetimeSourceSchema = z.enum(LIFETIME_SOURCES);
export type LifetimeSource = z.infer<typeof LifetimeSourceSchema>;

export const LifetimeGenerationSchema = z.object({
  /** kWh. */
  generation: z.number(),
  source: LifetimeSourceSchema,
});
export type LifetimeGeneration = z.infer<typeof LifetimeGenerationSchema>;

export const PlantOverviewSchema = z.object({
  status: PlantStatusSchema,
  currency: z.string(),
  timezone: z.string(),
  /** The plant's local today. */
  day: z.string(),
  installedCapacity: z.number(),
  energyStorage: z.number().nullable(),
  /** Whether the plant has a battery (the flow shows the battery node). */
  hasBattery: z.boolean(),
  powerFlow: PowerFlowSchema,
  today: EnergyFiguresSchema,
  month: EnergyFiguresSchema,
  year: EnergyFiguresSchema,
  /** Sums of every stored day: the plant's figures since it is in the portal. */
  total: EnergyFiguresSchema,
  /** The plant's total generation, the one figure every page calls "total" (real-time tab, reports). */
  lifetime: LifetimeGenerationSchema,
  specificYield: SpecificYieldsSchema,
});
export type PlantOverview = z.infer<typeof PlantOverviewSchema>;

export const PowerCurveQuerySchema = z.object({ date: LocalDateSchema.optional() });
export type PowerCurveQuery = z.infer<typeof PowerCurveQuerySchema>;

/** The mean of a 5-minute bucket; null where no inverter of the plant reported that value. */
export const PowerCurvePointSchema = z.object({
  ts: z.string(),
  pvPower: z.number().nullable(),
  loadPower: z.number().nullable(),
  gridPower: z.number().nullable(),
  batteryPower: z.number().nullable(),
  soc: z.number().nullable(),
});
export type PowerCurvePoint = z.infer<typeof PowerCurvePointSchema>;

export const PowerCurveSchema = z.object({
  date: z.string(),
  timezone: z.string(),
  points: z.array(PowerCurvePointSchema),
});
export type PowerCurve = z.infer<typeof PowerCurveSchema>;

export const RealtimeDeviceSchema = z.object({
  id: z.number(),
  sn: z.string(),
  kind: DeviceKindSchema,
  status: DeviceStatusSchema,
  model: z.string().nullable(),
  /** When the values were measured; null before the first message. */
  ts: z.string().nullable(),
  data: z.record(z.string(), z.number()),
});
export type RealtimeDevice = z.infer<typeof RealtimeDeviceSchema>;

export const PlantRealtimeSchema = z.object({ devices: z.array(RealtimeDeviceSchema) });
export type PlantRealtime = z.infer<typeof PlantRealtimeSchema>;

export const PlantEnergyBodySchema = z.object({
  id: IdSchema,
  dateType: DateTypeSchema,
  from: LocalDateSchema.optional(),
  to: LocalDateSchema.optional(),
});
export type PlantEnergyBody = z.infer<typeof PlantEnergyBodySchema>;

export const EnergyRowSchema = EnergyFiguresSchema.extend({
  /** 2026-11-01 (date), 2026-11 (month) or 2026 (year, total). */
  period: z.string(),
});
export type EnergyRow = z.infer<typeof EnergyRowSchema>;

export const PlantEnergySchema = z.object({
  dateType: DateTypeSchema,
  currency: z.string(),
  /**
   * The plant's first day with figures (YYYY-MM-DD): the local day it came into the portal, or its first
   * stored day if its history reaches back further. Rows start there: the days before have no data.
   */
  since: z.string(),
  rows: z.array(EnergyRowSchema),
  /** Sums of the rows; self-sufficiency recomputed from the sums. */
  totals: EnergyFiguresSchema,
});
export type PlantEnergy = z.infer<typeof PlantEnergySchema>;
