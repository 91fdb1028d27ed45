import { z } from 'zod';
import { IdSchema } from './api.ts';
import { LocalDateSchema } from './plant-data.ts';
import { nameSchema, withParams } from './validation.ts';

/**
 * API tokens (issue 22): a user's named credentials for integrations, sent as `Authorization: Bearer
 * pvst_…` on the same API the web uses. A token acts as its user, never more: read-only or read-write,
 * optionally limited to some of the user's plants, with its own request limits (docs/decisions/019).
 */

/** Every token starts with this, so that a leaked one can be recognised by secret scanners. */
export const API_TOKEN_PREFIX = 'pvst_';

export const API_TOKEN_SCOPES = ['READ_ONLY', 'READ_WRITE'] as const;
export const ApiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);
export type ApiTokenScope = z.infer<typeof ApiTokenScopeSchema>;

/** How many plants one token may be limited to. */
export const API_TOKEN_MAX_PLANTS = 200;

const limit = (max: number) =>
  z
    .number({ error: 'validation.type' })
    .int({ message: 'validation.type' })
    .min(1, { message: withParams('validation.tooSmall', { min: 1 }) })
    .max(max, { message: withParams('validation.tooBig', { max }) });

export const ApiTokenAddBodySchema = z.object({
  name: nameSchema,
  scope: ApiTokenScopeSchema,
  /** Empty or absent: every plant of the user's data scope (now and later). */
  plantIds: z
    .array(IdSchema)
    .max(API_TOKEN_MAX_PLANTS, { message: withParams('validation.tooBig', { max: API_TOKEN_MAX_PLANTS }) })
    .optional(),
  /** The last day the token works (the server's calendar, UTC); absent: no expiry. */
  expiresOn: LocalDateSchema.optional().nullable(),
  /** Requests a day and a second; absent: the server's defaults. Above the server's maxima: 400. */
  dailyLimit: limit(100_000_000).optional(),
  perSecondLimit: limit(100_000).optional(),
});
export type ApiTokenAddBody = z.infer<typeof ApiTokenAddBodySchema>;

/** The new token: `token` is shown this once and never again (only its SHA-256 is kept). */
export const ApiTokenCreatedSchema = z.object({ id: z.number(), token: z.string() });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreatedSchema>;

export const API_TOKEN_STATUSES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type ApiTokenStatus = (typeof API_TOKEN_STATUSES)[number];

export const ApiTokenPageBodySchema = z.object({
  /** Also the revoked and expired ones (default: only active tokens). */
  all: z.boolean().optional(),
});
export type ApiTokenPageBody = z.infer<typeof ApiTokenPageBodySchema>;

export const ApiTokenRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The first characters of the token (`pvst_ab12…`), to tell tokens apart; never the secret. */
  hint: z.string(),
  scope: ApiTokenScopeSchema,
  plants: z.array(z.object({ id: z.number(), name: z.string() })),
  dailyLimit: z.number(),
  perSecondLimit: z.number(),
  createdAt: z.string(),
  expiresOn: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(API_TOKEN_STATUSES),
});
export type ApiTokenRow = z.infer<typeof ApiTokenRowSchema>;

export const ApiTokenRevokeBodySchema = z.object({ id: IdSchema });
export type ApiTokenRevokeBody = z.infer<typeof ApiTokenRevokeBodySchema>;

/** The server's defaults and maxima for the limits (the create dialog shows them). */
export const ApiTokenLimitsSchema = z.object({
  dailyLimit: z.number(),
  perSecondLimit: z.number(),
  maxDailyLimit: z.number(),
  maxPerSecondLimit: z.number(),
});
export type ApiTokenLimits = z.infer<typeof ApiTokenLimitsSchema>;

export const ApiTokenPageSchema = z.object({
  list: z.array(ApiTokenRowSchema),
  total: z.number(),
  limits: ApiTokenLimitsSchema,
});
export type ApiTokenPage = z.infer<typeof ApiTokenPageSchema>;
