import { z } from 'zod';
import { IdSchema } from './api.ts';
import { type AlarmLevel, AlarmLevelSchema, DateTypeSchema, OrgTypeSchema } from './enums.ts';
import { FaultDeviceTypeSchema } from './fault-code.ts';
import { EnergyFiguresSchema, LocalDateSchema, PlantStatusCountsSchema } from './plant-data.ts';

/**
 * Reports (`/report`, code 2008): energy and revenue, the fleet per organisation, and alarms, over a
 * period of the plants' local calendar days. Every report reads the roll-ups (daily and monthly plant
 * energy, alarms), never raw samples, and covers only the caller's plants. Energy in kWh, capacity in
 * kWp, ratios 0..1, durations in seconds, revenue in the report's currency; figures exact, rounded once
 * where they are shown (figures.ts).
 */

/** Most plants one report may name; without a list the report covers the whole scope. */
export const REPORT_MAX_PLANTS = 1000;

/**
 * The period: `date` from–to days (default the last 7), `month` whole months (default the last 12),
 * `year` whole years (default since the first data), `total` every year since the first data.
 */
export const ReportPeriodSchema = z.object({
  dateType: DateTypeSchema,
  from: LocalDateSchema.optional(),
  to: LocalDateSchema.optional(),
});

/** Which plants: a list (each must be in scope, else 404) or, when empty or absent, every plant in scope. */
export const ReportPlantsSchema = z.object({
  plantIds: z.array(IdSchema).max(REPORT_MAX_PLANTS).optional(),
});

/** Money is not converted: revenue sums the plants of one currency (default: the one most plants use). */
export const CurrencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, { message: 'report.currencyFormat' });

export const EnergyReportBodySchema = ReportPeriodSchema.extend(ReportPlantsSchema.shape).extend({
  currency: CurrencyCodeSchema.optional(),
});
export type EnergyReportBody = z.infer<typeof EnergyReportBodySchema>;

export const FleetReportBodySchema = ReportPeriodSchema.extend({ currency: CurrencyCodeSchema.optional() });
export type FleetReportBody = z.infer<typeof FleetReportBodySchema>;

export const AlarmReportBodySchema = ReportPeriodSchema.extend(ReportPlantsSchema.shape);
export type AlarmReportBody = z.infer<typeof AlarmReportBodySchema>;

/** What every report says about itself: the resolved period and the plants it covers. */
export const ReportHeadSchema = z.object({
  dateType: DateTypeSchema,
  /** First and last local day of the period. */
  from: z.string(),
  to: z.string(),
  plantCount: z.number(),
  /** Sum of the plants' installed capacity (kWp). */
  installedCapacity: z.number(),
});

/** A currency among the report's plants, and how many plants use it. */
export const ReportCurrencySchema = z.object({ currency: z.string(), plantCount: z.number() });
export type ReportCurrency = z.infer<typeof ReportCurrencySchema>;

export const EnergyReportRowSchema = EnergyFiguresSchema.extend({
  /** 2026-11-01 (date), 2026-11 (month) or 2026 (year, total). */
  period: z.string(),
  /** Revenue from the first period of the report up to and including this one. */
  accumulatedRevenue: z.number(),
  /** Generation per installed kWp (kWh/kWp); null without capacity. */
  specificYield: z.number().nullable(),
});
export type EnergyReportRow = z.infer<typeof EnergyReportRowSchema>;

export const EnergyReportPlantSchema = EnergyFiguresSchema.extend({
  id: z.number(),
  stationNo: z.string(),
  stationName: z.string(),
  orgName: z.string(),
  installedCapacity: z.number(),
  /** The plant's own currency; its revenue is in it (and counts in the totals only if it is the report's). */
  currency: z.string(),
  specificYield: z.number().nullable(),
});
export type EnergyReportPlant = z.infer<typeof EnergyReportPlantSchema>;

export const EnergyTotalsSchema = EnergyFiguresSchema.extend({ specificYield: z.number().nullable() });

export const EnergyReportSchema = ReportHeadSchema.extend({
  /** The currency of the revenue figures; null when there are no plants. */
  currency: z.string().nullable(),
  currencies: z.array(ReportCurrencySchema),
  rows: z.array(EnergyReportRowSchema),
  /** Sums of the rows (derived figures recomputed from the sums). */
  totals: EnergyTotalsSchema,
  /** The same period per plant, biggest generation first; their energy sums to the totals. */
  plants: z.array(EnergyReportPlantSchema),
});
export type EnergyReport = z.infer<typeof EnergyReportSchema>;

export const AlarmLevelCountsSchema = z.record(AlarmLevelSchema, z.number());

/**
 * Availability after IEC 61724-1 (docs/reports.md), counted in daylight 5-minute intervals of the
 * inverters (an inverter's interval counts once; plants and organisations pool their inverters'):
 * how many there were, how many brought data, and of those, in how many the inverter was able to produce.
 */
export const AvailabilityFiguresSchema = z.object({
  daylightIntervals: z.number(),
  intervalsWithData: z.number(),
  intervalsAvailable: z.number(),
  /**
   * Availability: intervalsAvailable / intervalsWithData (time with unknown state, i.e. without data, is
   * left out); null without any interval with data.
   */
  availability: z.number().nullable(),
  /** Data (information) availability: intervalsWithData / daylightIntervals; null without daylight. */
  dataAvailability: z.number().nullable(),
});
export type AvailabilityFigures = z.infer<typeof AvailabilityFiguresSchema>;

export const FleetFiguresSchema = z.object({
  plantCount: z.number(),
  statusCounts: PlantStatusCountsSchema,
  installedCapacity: z.number(),
  generation: z.number(),
  /** Revenue of the plants in the report's currency. */
  revenue: z.number(),
  /** Alarms raised in the period, by level. */
  alarms: AlarmLevelCountsSchema,
  ...AvailabilityFiguresSchema.shape,
});
export type FleetFigures = z.infer<typeof FleetFiguresSchema>;

/** One organisation: the plants it manages itself (its sub-organisations have rows of their own). */
export const FleetRowSchema = FleetFiguresSchema.extend({
  orgId: z.number(),
  parentId: z.number().nullable(),
  orgName: z.string(),
  orgType: OrgTypeSchema,
  /** 0 for the top organisation of the report. */
  depth: z.number(),
});
export type FleetRow = z.infer<typeof FleetRowSchema>;

/** One plant of the fleet report: its availability over the period. */
export const FleetPlantSchema = AvailabilityFiguresSchema.extend({
  id: z.number(),
  stationNo: z.string(),
  stationName: z.string(),
  orgName: z.string(),
  installedCapacity: z.number(),
  inverters: z.number(),
  generation: z.number(),
});
export type FleetPlant = z.infer<typeof FleetPlantSchema>;

export const FleetReportSchema = ReportHeadSchema.extend({
  currency: z.string().nullable(),
  currencies: z.array(ReportCurrencySchema),
  /** Organisations in tree order (each followed by its sub-organisations). */
  rows: z.array(FleetRowSchema),
  totals: FleetFiguresSchema,
  /** Every plant of the rows, least available first (those without data last). */
  plants: z.array(FleetPlantSchema),
});
export type FleetReport = z.infer<typeof FleetReportSchema>;

/** Counts of alarms raised in the period, how many have ended, and their mean time to end. */
export const AlarmCountsSchema = z.object({
  count: z.number(),
  ended: z.number(),
  /** Mean of (end − start) over the ended ones, seconds; null when none ended. */
  meanTimeToEnd: z.number().nullable(),
});
export type AlarmCounts = z.infer<typeof AlarmCountsSchema>;

export const AlarmReportSchema = ReportHeadSchema.extend({
  totals: AlarmCountsSchema,
  byLevel: z.array(AlarmCountsSchema.extend({ level: AlarmLevelSchema })),
  byFaultCode: z.array(
    AlarmCountsSchema.extend({
      faultCode: z.string(),
      faultName: z.string(),
      level: AlarmLevelSchema,
    }),
  ),
  byDeviceType: z.array(AlarmCountsSchema.extend({ deviceType: FaultDeviceTypeSchema })),
  byPlant: z.array(
    AlarmCountsSchema.extend({
      plantId: z.number(),
      stationName: z.string(),
      levels: AlarmLevelCountsSchema,
    }),
  ),
});
export type AlarmReport = z.infer<typeof AlarmReportSchema>;

/** Levels in the order reports list them (most serious first). */
export const REPORT_LEVELS: AlarmLevel[] = ['SERIOUS', 'ERROR', 'WARN', 'INFO', 'GENERAL'];

/**
 * Scheduled reports by mail (`/station/report/subscription`, docs/reports.md): a user's own subscription
 * to the energy report of the previous calendar month (sent on the 1st) and/or ISO week (sent on Monday),
 * once the plants' local day has ended, as an xlsx workbook with a short HTML mail in the user's language.
 * Of the whole data scope, or of chosen plants (each in scope, else 404 naming `plantIds`); the scope is
 * resolved again when each report is sent.
 */
export const REPORT_FREQUENCIES = ['MONTHLY', 'WEEKLY'] as const;
export const ReportFrequencySchema = z.enum(REPORT_FREQUENCIES);
export type ReportFrequency = z.infer<typeof ReportFrequencySchema>;

/** Most subscriptions one user may keep. */
export const REPORT_SUBSCRIPTIONS_MAX = 20;

const subscriptionFields = z.object({
  monthly: z.boolean(),
  weekly: z.boolean(),
  /** Chosen plants; empty or absent: the whole data scope. */
  plantIds: z.array(IdSchema).max(REPORT_MAX_PLANTS).optional(),
});
const someFrequency = (b: { monthly: boolean; weekly: boolean }) => b.monthly || b.weekly;
const frequencyError = { message: 'reportSubscription.noFrequency', path: ['monthly'] };

export const ReportSubscriptionAddBodySchema = subscriptionFields.refine(someFrequency, frequencyError);
export type ReportSubscriptionAddBody = z.infer<typeof ReportSubscriptionAddBodySchema>;
export const ReportSubscriptionEditBodySchema = subscriptionFields
  .extend({ id: IdSchema })
  .refine(someFrequency, frequencyError);
export type ReportSubscriptionEditBody = z.infer<typeof ReportSubscriptionEditBodySchema>;

export const ReportSubscriptionRowSchema = z.object({
  id: z.number(),
  monthly: z.boolean(),
  weekly: z.boolean(),
  /** The chosen plants still in the user's scope (null: the whole scope). */
  plants: z.array(z.object({ id: z.number(), stationName: z.string() })).nullable(),
  /** Where the reports go: the account's e-mail now, masked (null: none, nothing is sent). */
  email: z.string().nullable(),
  createdAt: z.string(),
  /** The last period sent (`2026-11`, `2026-W45`) and when; null before the first. */
  lastPeriod: z.string().nullable(),
  lastSentAt: z.string().nullable(),
});
export type ReportSubscriptionRow = z.infer<typeof ReportSubscriptionRowSchema>;

/** The unsubscribe link's token (`/station/report/subscription/unsubscribe/:token`). */
export const UnsubscribeParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });
