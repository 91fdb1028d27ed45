import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './enum-values.ts';
import { LocalDateSchema } from './plant-data.ts';

export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;
export const AuditTargetTypeSchema = z.enum(AUDIT_TARGET_TYPES);
export type AuditTargetType = z.infer<typeof AuditTargetTypeSchema>;

/** Filters of the audit log (POST /system/audit/page and /export); days are the server's calendar days (UTC). */
export const AuditPageBodySchema = z.object({
  action: AuditActionSchema.optional(),
  /** Part of the user name of who did it. */
  username: z.string().trim().max(30).optional(),
  startDate: LocalDateSchema.optional(),
  endDate: LocalDateSchema.optional(),
});
export type AuditPageBody = z.infer<typeof AuditPageBodySchema>;

export const AuditRowSchema = z.object({
  id: z.number(),
  at: z.string(),
  username: z.string().nullable(),
  orgName: z.string().nullable(),
  /** One of AUDIT_ACTIONS (kept as text: entries outlive renamed actions). */
  action: z.string(),
  /** The action in the reader's language. */
  actionText: z.string(),
  targetType: z.string().nullable(),
  /** "Plant #12" in the reader's language. */
  targetText: z.string().nullable(),
  /** What changed, as recorded (field names as the API spells them). */
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditRow = z.infer<typeof AuditRowSchema>;

/** The filter's choices, labelled in the reader's language (GET /system/audit/actions). */
export const AuditActionOptionSchema = z.object({ value: AuditActionSchema, label: z.string() });
export type AuditActionOption = z.infer<typeof AuditActionOptionSchema>;
