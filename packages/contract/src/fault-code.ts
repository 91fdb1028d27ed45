import { z } from 'zod';
import { IdSchema } from './api.ts';
import { AlarmLevelSchema } from './enums.ts';
import { LANGS, type Lang } from './lang.ts';
import { DeviceKindSchema } from './metrics.ts';
import { requiredText, withParams } from './validation.ts';

/** The fault code library (requirements §R11.3): what a device's fault code means and how to fix it. */

/** The monitored device kinds plus the dongle (a dongle going silent is a fault of its own). */
export const FaultDeviceTypeSchema = z.enum([...DeviceKindSchema.options, 'DONGLE']);
export type FaultDeviceType = z.infer<typeof FaultDeviceTypeSchema>;

export const FAULT_CODE_PATTERN = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;
export const FAULT_MESSAGE_MAX = 200;
export const FAULT_ADVICE_MAX = 1000;

/** e.g. INV-GRID-OV: upper-case letters and digits in groups joined by single dashes. */
export const faultCodeSchema = requiredText(2, 32).regex(FAULT_CODE_PATTERN, {
  message: 'faultCode.invalidCode',
});

/** One text per language; every language is required so that no reader gets an empty message. */
const translations = (max: number) =>
  z.object(Object.fromEntries(LANGS.map((l) => [l, requiredText(1, max)])) as Record<Lang, z.ZodString>);

export const FaultMessagesSchema = translations(FAULT_MESSAGE_MAX);
export type FaultMessages = Record<Lang, string>;
export const FaultAdviceSchema = translations(FAULT_ADVICE_MAX);

export const FaultCodeAddBodySchema = z.object({
  faultCode: faultCodeSchema,
  deviceType: FaultDeviceTypeSchema,
  alarmLevel: AlarmLevelSchema,
  message: FaultMessagesSchema,
  fixAdvice: FaultAdviceSchema,
});
export type FaultCodeAddBody = z.infer<typeof FaultCodeAddBodySchema>;

export const FaultCodeEditBodySchema = FaultCodeAddBodySchema.extend({ id: IdSchema });
export type FaultCodeEditBody = z.infer<typeof FaultCodeEditBodySchema>;

export const FaultCodePageBodySchema = z.object({
  /** Part of the code, any case. */
  faultCode: z.string().trim().max(32).optional(),
  deviceType: FaultDeviceTypeSchema.optional(),
  alarmLevel: AlarmLevelSchema.optional(),
  /** Part of the message in the caller's language. */
  keyword: z
    .string()
    .trim()
    .max(100, { message: withParams('validation.length', { min: 0, max: 100 }) })
    .optional(),
});
export type FaultCodePageBody = z.infer<typeof FaultCodePageBodySchema>;

export const FaultCodeRowSchema = z.object({
  id: z.number(),
  faultCode: z.string(),
  deviceType: FaultDeviceTypeSchema,
  alarmLevel: AlarmLevelSchema,
  /** In the caller's language. */
  alarmMsg: z.string(),
  fixAdvice: z.string(),
  /** All translations, for the edit form. */
  messages: FaultMessagesSchema,
  fixAdvices: FaultAdviceSchema,
  updateTime: z.string(),
});
export type FaultCodeRow = z.infer<typeof FaultCodeRowSchema>;

/** The columns of the xlsx export / import, in order. */
export const FAULT_XLSX_COLUMNS: string[] = [
  'faultCode',
  'deviceType',
  'alarmLevel',
  ...LANGS.map((l) => `message.${l}`),
  ...LANGS.map((l) => `fixAdvice.${l}`),
];

export const FaultImportErrorSchema = z.object({
  /** 1-based sheet row (the header is row 1); 0 for a problem with the file itself. */
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type FaultImportError = z.infer<typeof FaultImportErrorSchema>;

export const FaultImportResultSchema = z.object({ added: z.number().int(), updated: z.number().int() });
export type FaultImportResult = z.infer<typeof FaultImportResultSchema>;
