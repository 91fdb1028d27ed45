import { z } from 'zod';
import { IdSchema } from './api.ts';
import { TariffRecomputeSchema } from './tariff.ts';
import { optionalText, withParams } from './validation.ts';

/**
 * Readings metering sets aside (issue 32, decision 031): a counter that jumps, drops, dips or reads 0 where
 * no device could have made that energy, or a reading stamped before its plant existed. Each is kept with
 * its reason; a plant's manager accepts one (it was real) or keeps it out, and the days it touches are
 * metered again.
 *
 * - JUMP: a counter rose by more than the device can deliver in the time (a spike, a torn 32-bit read, a
 *   flipped high bit);
 * - DROP: a counter fell, and its new value is too large to be the energy since a restart;
 * - DIP: a counter fell a little (registers read a moment apart); the next reading above the last accepted
 *   value counts from it, so a dip costs nothing;
 * - ZERO: a counter read 0 after a positive value, away from its reset at midnight (a failed read);
 * - BEFORE_PLANT: stamped before the plant was built or connected to the grid.
 */
export const SET_ASIDE_REASONS = ['JUMP', 'DROP', 'DIP', 'ZERO', 'BEFORE_PLANT'] as const;
export const SetAsideReasonSchema = z.enum(SET_ASIDE_REASONS, { error: 'validation.enum' });
export type SetAsideReason = z.infer<typeof SetAsideReasonSchema>;

/** A person's verdict on a set-aside reading. */
export const READING_DECISIONS = ['ACCEPTED', 'REJECTED'] as const;
export const ReadingDecisionSchema = z.enum(READING_DECISIONS, { error: 'validation.enum' });
export type ReadingDecisionKind = z.infer<typeof ReadingDecisionSchema>;

/** How many readings one decision may name: a page of the list at its largest. */
export const DECIDE_MAX_READINGS = 100;

/** A device's set-aside readings, newest first (POST /iot/device/setAside/page). */
export const SetAsidePageBodySchema = z.object({ deviceId: IdSchema });
export type SetAsidePageBody = z.infer<typeof SetAsidePageBodySchema>;

/** One set-aside reading as its device's detail lists it. */
export const SetAsideReadingSchema = z.object({
  /** The reading's time stamp (ISO 8601, UTC): with the device, what names it. */
  ts: z.string(),
  reason: SetAsideReasonSchema,
  /** The counter that glitched (a metric key, `totalGeneration`), its value and the accepted value it was
   * compared with (kWh); null for BEFORE_PLANT, which is about the whole reading. */
  counter: z.string().nullable(),
  value: z.number().nullable(),
  reference: z.number().nullable(),
  /** Null while only the rule has judged it. */
  decision: ReadingDecisionSchema.nullable(),
  /** Who decided (null once that user is deleted), when, and why. */
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable(),
  /** When metering set it aside. */
  recordedAt: z.string(),
});
export type SetAsideReading = z.infer<typeof SetAsideReadingSchema>;

/**
 * A plant manager's decision on one or several set-aside readings of a device, named by their time stamps:
 * ACCEPTED (it was real, e.g. a new meter: its energy counts without the bound) or REJECTED (kept out
 * whatever the rule says). A BEFORE_PLANT reading cannot be accepted (the fix is the plant's build or grid
 * connection date). The days from the earliest reading's on are recomputed in the background.
 */
export const SetAsideDecideBodySchema = z.object({
  deviceId: IdSchema,
  readings: z
    .array(z.string().datetime({ offset: true, message: 'validation.invalid' }), {
      error: 'validation.required',
    })
    .min(1, { message: 'validation.required' })
    .max(DECIDE_MAX_READINGS, { message: withParams('validation.tooBig', { max: DECIDE_MAX_READINGS }) }),
  decision: ReadingDecisionSchema,
  note: optionalText(500),
});
export type SetAsideDecideBody = z.infer<typeof SetAsideDecideBodySchema>;

export const SetAsideDecideResultSchema = z.object({
  decided: z.number(),
  /** The plant's recomputation, as it stands after the decision was queued. */
  recompute: TariffRecomputeSchema,
});
export type SetAsideDecideResult = z.infer<typeof SetAsideDecideResultSchema>;

/** The recomputation of the device's plant's days (the one queue tariff changes use too, decision 023). */
export const SetAsideRecomputeQuerySchema = z.object({ deviceId: IdSchema });
