import { z } from 'zod';
import { IdSchema } from './api.ts';
import { BasicDeviceTypeSchema } from './enums.ts';
import { nameSchema, optionalText, requiredText } from './validation.ts';

/** Basic device data (requirements §R11): reference lists kept by the provider, read by every module. */

/** Free text without markup characters (the same rule as names). */
const plainOptional = (max: number) =>
  optionalText(max).refine((v) => !v || /^[^<>{}\\]*$/.test(v), { message: 'validation.specialChars' });

// Manufacturers
export const ManufacturerAddBodySchema = z.object({
  name: nameSchema,
  abbreviation: plainOptional(32),
  desc: plainOptional(500),
});
export type ManufacturerAddBody = z.infer<typeof ManufacturerAddBodySchema>;

export const ManufacturerEditBodySchema = ManufacturerAddBodySchema.extend({ id: IdSchema });
export type ManufacturerEditBody = z.infer<typeof ManufacturerEditBodySchema>;

export const ManufacturerPageBodySchema = z.object({
  name: z.string().trim().max(64).optional(),
  abbreviation: z.string().trim().max(32).optional(),
});
export type ManufacturerPageBody = z.infer<typeof ManufacturerPageBodySchema>;

export const ManufacturerRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  abbreviation: z.string().nullable(),
  desc: z.string().nullable(),
  /** How many device specifications name this manufacturer (a manufacturer in use cannot be deleted). */
  specCount: z.number().int(),
  createTime: z.string(),
});
export type ManufacturerRow = z.infer<typeof ManufacturerRowSchema>;

/** The short form for selects. */
export const ManufacturerOptionSchema = z.object({ id: z.number(), name: z.string() });
export type ManufacturerOption = z.infer<typeof ManufacturerOptionSchema>;

// Device specifications
export const DeviceSpecAddBodySchema = z.object({
  deviceType: BasicDeviceTypeSchema,
  /** The specification / model text, e.g. "SG10RT". */
  deviceSpecs: requiredText(1, 100).regex(/^[^<>{}\\]*$/, { message: 'validation.specialChars' }),
  manufacturerId: IdSchema,
});
export type DeviceSpecAddBody = z.infer<typeof DeviceSpecAddBodySchema>;

export const DeviceSpecEditBodySchema = DeviceSpecAddBodySchema.extend({ id: IdSchema });
export type DeviceSpecEditBody = z.infer<typeof DeviceSpecEditBodySchema>;

export const DeviceSpecPageBodySchema = z.object({
  deviceType: BasicDeviceTypeSchema.optional(),
  manufacturerId: IdSchema.optional(),
  deviceSpecs: z.string().trim().max(100).optional(),
});
export type DeviceSpecPageBody = z.infer<typeof DeviceSpecPageBodySchema>;

export const DeviceSpecRowSchema = z.object({
  id: z.number(),
  deviceType: BasicDeviceTypeSchema,
  deviceSpecs: z.string(),
  manufacturerId: z.number(),
  manufactor: z.string(),
  createTime: z.string(),
});
export type DeviceSpecRow = z.infer<typeof DeviceSpecRowSchema>;

// Firmware signing keys (Ed25519): a firmware image is accepted only with a signature by a key of its manufacturer.
export const ManufacturerKeyAddBodySchema = z.object({
  manufacturerId: IdSchema,
  /** PEM (SPKI, "BEGIN PUBLIC KEY") or the raw 32 bytes in base64; stored as the latter. */
  publicKey: requiredText(1, 1000),
  label: plainOptional(64),
});
export type ManufacturerKeyAddBody = z.infer<typeof ManufacturerKeyAddBodySchema>;

export const ManufacturerKeyListBodySchema = z.object({ manufacturerId: IdSchema });

export const ManufacturerKeyRowSchema = z.object({
  id: z.number(),
  manufacturerId: z.number(),
  label: z.string().nullable(),
  /** The raw 32 bytes in base64. */
  publicKey: z.string(),
  /** `SHA256:` and the key's SHA-256 in unpadded base64 (as ssh prints it); also the key id devices see. */
  fingerprint: z.string(),
  /** A retired key verifies no new upload, and images it signed are no longer rolled out. */
  retired: z.boolean(),
  retireTime: z.string().nullable(),
  /** Stored images this key signed. */
  imageCount: z.number().int(),
  createTime: z.string(),
});
export type ManufacturerKeyRow = z.infer<typeof ManufacturerKeyRowSchema>;
