import { z } from 'zod';
import { IdSchema } from './api.ts';
import { DeviceTypeSchema } from './device.ts';
import { SerialSchema } from './mqtt.ts';
import { optionalText } from './validation.ts';

/**
 * Replacing a device (issue 23): a device position of a plant (an inverter, battery, meter, EV charger, heat
 * pump or dongle) gets a new serial number and keeps its history. The old device's counters end at the swap
 * and the new one's start there (docs/energy.md "Replacing a device", decision 024).
 */

/** Why a device was replaced; the words the history and the audit log show. */
export const REPLACEMENT_REASONS = ['DEFECT', 'WARRANTY', 'UPGRADE', 'OTHER'] as const;
export const ReplacementReasonSchema = z.enum(REPLACEMENT_REASONS, { error: 'validation.enum' });
export type ReplacementReason = z.infer<typeof ReplacementReasonSchema>;

export const DeviceReplaceBodySchema = z.object({
  /** The position: the device's kind (or DONGLE) and id, as the device center lists them. */
  deviceType: DeviceTypeSchema,
  id: IdSchema,
  /** The new device's serial number: registered nowhere yet. */
  newSn: SerialSchema,
  /**
   * When the new device took over (ISO 8601 with offset): after the old device's last stored reading and
   * not in the future. Readings before it belong to the old device, readings from it on to the new one.
   */
  replacedAt: z
    .string({ error: 'validation.required' })
    .datetime({ offset: true, message: 'validation.invalid' }),
  reason: ReplacementReasonSchema,
  note: optionalText(500),
});
export type DeviceReplaceBody = z.infer<typeof DeviceReplaceBodySchema>;

export const DeviceReplaceResultSchema = z.object({
  id: z.number(),
  sn: z.string(),
  replacedAt: z.string(),
  /** A dongle's new MQTT secret, shown this once (only its hash is kept); absent for other devices. */
  secret: z.string().optional(),
});
export type DeviceReplaceResult = z.infer<typeof DeviceReplaceResultSchema>;

export const DeviceReplacementsQuerySchema = z.object({ deviceType: DeviceTypeSchema, id: IdSchema });

/** One replacement in a position's history, newest first. */
export const DeviceReplacementSchema = z.object({
  id: z.number(),
  replacedAt: z.string(),
  oldSn: z.string(),
  newSn: z.string(),
  reason: ReplacementReasonSchema,
  note: z.string().nullable(),
  /** Who recorded it (null once that user is deleted). */
  username: z.string().nullable(),
  recordedAt: z.string(),
  /** The old device's lifetime generation counter at its last reading (inverters that send one), kWh. */
  finalGeneration: z.number().nullable(),
});
export type DeviceReplacement = z.infer<typeof DeviceReplacementSchema>;
