import { z } from 'zod';
import { IdSchema } from './api.ts';
import { codeSchema, md5Schema } from './validation.ts';

/** A recovery code as shown to the user: two groups of five letters and digits, dash optional when typed. */
export const RECOVERY_CODE = /^[a-z2-9]{5}-?[a-z2-9]{5}$/i;
const recoveryCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(RECOVERY_CODE, { message: 'validation.invalid' });
/** Challenges and device tokens are 256-bit base64url strings. */
const tokenSchema = z
  .string({ error: 'validation.required' })
  .min(1, { message: 'validation.required' })
  .max(100, { message: 'validation.invalid' });

/**
 * The login answer for an account with a second factor (or whose organisation requires one): no session yet,
 * a short-lived challenge for the second step. `step` VERIFY asks for a code, SETUP sets the factor up first.
 * Accounts without a second factor still get the session token (a string) as before.
 */
export const SecondFactorStepSchema = z.object({
  step: z.enum(['VERIFY', 'SETUP']),
  challenge: z.string(),
  /** Seconds the challenge stays good. */
  expiresIn: z.number(),
});
export type SecondFactorStep = z.infer<typeof SecondFactorStepSchema>;
export const LoginResultSchema = z.union([z.string(), SecondFactorStepSchema]);
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** The second step: a TOTP code or a recovery code for the challenge; optionally remember the browser. */
export const SecondFactorBodySchema = z
  .object({
    challenge: tokenSchema,
    code: codeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
    rememberDevice: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    if (!b.code && !b.recoveryCode)
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'validation.required' });
  });
export type SecondFactorBody = z.infer<typeof SecondFactorBodySchema>;

export const SecondFactorResultSchema = z.object({
  token: z.string(),
  /** The remembered-device token to send with later sign-ins (when asked for), for 30 days. */
  trustedDevice: z.string().nullable(),
  /** Set when the step set the factor up (organisation requirement): shown once. */
  recoveryCodes: z.array(z.string()).nullable(),
});
export type SecondFactorResult = z.infer<typeof SecondFactorResultSchema>;

export const ChallengeBodySchema = z.object({ challenge: tokenSchema });
export type ChallengeBody = z.infer<typeof ChallengeBodySchema>;

/** A new secret to scan: answered once, at the start of set-up, never again. */
export const TwoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const TwoFactorEnableBodySchema = z.object({ code: codeSchema });
export type TwoFactorEnableBody = z.infer<typeof TwoFactorEnableBodySchema>;
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

export const TwoFactorDisableBodySchema = z.object({ password: md5Schema, code: codeSchema });

/**
 * Step-up (issue 33, docs/security.md "Step-up"): dangerous actions (deleting a plant, a dongle's new secret,
 * a webhook's address or secret, inviting an owner, starting firmware, writing inverter settings) need the
 * session's user to have proved presence within this window — at sign-in, or with `POST /auth/user/stepUp`.
 */
export const STEP_UP_WINDOW_MS = 5 * 60_000;
/** The proof: the TOTP code when the account has two-factor sign-in, else the password (MD5, as everywhere). */
export const StepUpBodySchema = z.object({ password: md5Schema.optional(), code: codeSchema.optional() });
export type StepUpBody = z.infer<typeof StepUpBodySchema>;
/** What a step-up asks for; a 403 `auth.stepUpRequired` carries it as `data.stepUp`. */
export const StepUpMethodSchema = z.enum(['PASSWORD', 'TOTP']);
export type StepUpMethod = z.infer<typeof StepUpMethodSchema>;
/** Until when the session may take dangerous actions (ISO time). */
export const StepUpResultSchema = z.object({ until: z.string() });
export type StepUpResult = z.infer<typeof StepUpResultSchema>;
export type TwoFactorDisableBody = z.infer<typeof TwoFactorDisableBodySchema>;

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** An organisation at or above the user's requires it (then it cannot be turned off). */
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const ResetTwoFactorBodySchema = z.object({ userId: IdSchema });
