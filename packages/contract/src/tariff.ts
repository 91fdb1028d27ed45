import { z } from 'zod';
import { IdSchema } from './api.ts';
import { withParams } from './validation.ts';

/**
 * A plant's tariff history (issue 23, decision 023): periods with validity dates, per direction (what a
 * kWh fed in earns, what a kWh bought costs), each a flat price, time-of-use bands or a dynamic
 * day-ahead price series, plus a grid fee per kWh bought. Days no period covers use the plant's own
 * flat prices. Revenue is priced per metering interval and rolled up like energy (docs/energy.md).
 */

export const TARIFF_DIRECTIONS = ['FEED_IN', 'PURCHASE'] as const;
export type TariffDirection = (typeof TARIFF_DIRECTIONS)[number];
export const TARIFF_KINDS = ['FLAT', 'TOU', 'DYNAMIC'] as const;
export type TariffKind = (typeof TARIFF_KINDS)[number];
/** Which days a band applies on: every day, Monday to Friday, or Saturday and Sunday. */
export const BAND_DAYS = ['ALL', 'WEEKDAY', 'WEEKEND'] as const;
export type BandDays = (typeof BAND_DAYS)[number];
/** Minutes each price of a dynamic series holds: quarter-hourly or hourly day-ahead prices. */
export const PRICE_RESOLUTIONS = [15, 60] as const;

/** The most bands of a time-of-use period, prices of one import, and bytes of an uploaded price file. */
export const MAX_BANDS = 48;
export const MAX_PRICE_ROWS = 40_000;
export const PRICE_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** A price per kWh (currency of the plant); negative day-ahead prices happen. */
export const PRICE_LIMIT = 100;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid' });
const price = z
  .number({ error: 'validation.type' })
  .min(-PRICE_LIMIT, { message: withParams('validation.tooSmall', { min: -PRICE_LIMIT }) })
  .max(PRICE_LIMIT, { message: withParams('validation.tooBig', { max: PRICE_LIMIT }) });
const month = z
  .number({ error: 'validation.type' })
  .int({ message: 'validation.type' })
  .min(1, { message: withParams('validation.tooSmall', { min: 1 }) })
  .max(12, { message: withParams('validation.tooBig', { max: 12 }) });
const hour = (min: number, max: number) =>
  z
    .number({ error: 'validation.type' })
    .int({ message: 'validation.type' })
    .min(min, { message: withParams('validation.tooSmall', { min }) })
    .max(max, { message: withParams('validation.tooBig', { max }) });

/**
 * A time-of-use band: local wall-clock hours [fromHour, toHour) on the days named, in the months
 * fromMonth…toMonth (a season; October to March is 10…3). Where no band applies, the period's `price`.
 */
export const TariffBandSchema = z.object({
  fromMonth: month,
  toMonth: month,
  days: z.enum(BAND_DAYS, { error: 'validation.invalid' }),
  fromHour: hour(0, 23),
  toHour: hour(1, 24),
  price,
});
export type TariffBand = z.infer<typeof TariffBandSchema>;

export const TariffPeriodBodySchema = z.object({
  stationId: IdSchema,
  direction: z.enum(TARIFF_DIRECTIONS, { error: 'validation.invalid' }),
  kind: z.enum(TARIFF_KINDS, { error: 'validation.invalid' }),
  /** First day (the plant's local calendar). */
  validFrom: day,
  /** Last day, inclusive; none: open-ended. */
  validTo: day.nullable().optional(),
  /** FLAT: the price; TOU: the price outside every band; DYNAMIC: the price of an interval without a series price (none: the plant's flat price). */
  price: price.nullable().optional(),
  /** TOU only. */
  bands: z
    .array(TariffBandSchema)
    .max(MAX_BANDS, { message: withParams('validation.tooBig', { max: MAX_BANDS }) })
    .optional(),
  /** Per kWh, added to every purchase price of the period (grid fees, levies, taxes); purchase only. */
  gridFee: z
    .number({ error: 'validation.type' })
    .min(0, { message: withParams('validation.tooSmall', { min: 0 }) })
    .max(PRICE_LIMIT, { message: withParams('validation.tooBig', { max: PRICE_LIMIT }) })
    .optional(),
});
export type TariffPeriodBody = z.infer<typeof TariffPeriodBodySchema>;
export const TariffPeriodEditBodySchema = TariffPeriodBodySchema.omit({ stationId: true }).extend({
  id: IdSchema,
});
export type TariffPeriodEditBody = z.infer<typeof TariffPeriodEditBodySchema>;
export const TariffListBodySchema = z.object({ stationId: IdSchema });

export const TariffPeriodSchema = z.object({
  id: z.number(),
  direction: z.enum(TARIFF_DIRECTIONS),
  kind: z.enum(TARIFF_KINDS),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  price: z.number().nullable(),
  bands: z.array(TariffBandSchema),
  gridFee: z.number(),
  /** DYNAMIC: minutes each stored price holds, and the series' extent (ISO) and size. */
  resolutionMinutes: z.number().nullable(),
  priceCount: z.number(),
  firstPriceAt: z.string().nullable(),
  lastPriceAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TariffPeriod = z.infer<typeof TariffPeriodSchema>;

export const RECOMPUTE_STATES = ['IDLE', 'PENDING', 'RUNNING', 'DONE', 'FAILED'] as const;
export type RecomputeState = (typeof RECOMPUTE_STATES)[number];

/** The background recomputation of a plant's past days after a tariff change (decision 023). */
export const TariffRecomputeSchema = z.object({
  state: z.enum(RECOMPUTE_STATES),
  /** The days being (or last) recomputed, local calendar. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  doneDays: z.number(),
  totalDays: z.number(),
  updatedAt: z.string().nullable(),
});
export type TariffRecompute = z.infer<typeof TariffRecomputeSchema>;

/** The plant's tariffs as its tariff tab shows them. */
export const TariffListSchema = z.object({
  currency: z.string(),
  timezone: z.string(),
  /** The plant's flat prices: what applies on days no period covers. */
  feedInPrice: z.number().nullable(),
  purchasePrice: z.number().nullable(),
  periods: z.array(TariffPeriodSchema),
  recompute: TariffRecomputeSchema,
});
export type TariffList = z.infer<typeof TariffListSchema>;

export const TariffPriceSchema = z.object({
  /** Start of the interval: ISO 8601 with an offset, or local wall-clock time `YYYY-MM-DD HH:MM` of the plant. */
  time: z.string().max(40),
  price,
});
/** Prices through the API: replaces the period's stored prices between the first and the last given. */
export const TariffPricesBodySchema = z.object({
  periodId: IdSchema,
  /** Per kWh (default) or per MWh as exchanges publish them. */
  unit: z.enum(['KWH', 'MWH'], { error: 'validation.invalid' }).optional(),
  prices: z
    .array(TariffPriceSchema)
    .min(1, { message: 'validation.required' })
    .max(MAX_PRICE_ROWS, { message: withParams('validation.tooBig', { max: MAX_PRICE_ROWS }) }),
});
export type TariffPricesBody = z.infer<typeof TariffPricesBodySchema>;

/** What an import stored (or, as a preview, would store). */
export const TariffImportResultSchema = z.object({
  saved: z.boolean(),
  count: z.number(),
  resolutionMinutes: z.number(),
  firstAt: z.string(),
  lastAt: z.string(),
  min: z.number(),
  max: z.number(),
  mean: z.number(),
  /** The first rows as read (ISO, per kWh). */
  sample: z.array(z.object({ time: z.string(), price: z.number() })),
});
export type TariffImportResult = z.infer<typeof TariffImportResultSchema>;
