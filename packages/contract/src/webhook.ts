import { z } from 'zod';
import { IdSchema } from './api.ts';
import { optionalText, withParams } from './validation.ts';

/**
 * Signed webhooks (issue 22): an organisation's HTTPS endpoints, the events they receive and the log of
 * their deliveries. The signature scheme and payloads are documented in docs/webhooks.md.
 */

/** The events an endpoint can subscribe to (its `type` on the wire). */
export const WEBHOOK_EVENTS = [
  'alarm.raised',
  'alarm.ended',
  'plant.offline',
  'plant.online',
  'plant.daily_summary',
  'firmware.finished',
  'remote.confirmed',
] as const;
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: 'validation.enum' });
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;
/** What "send a test event" sends: not subscribable, always delivered to the one endpoint asked. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export const WebhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>;

/** The headers of a delivery (lower case as Node reads them). */
export const WEBHOOK_HEADERS = {
  signature: 'pvstar-signature',
  eventId: 'pvstar-event-id',
  eventType: 'pvstar-event-type',
} as const;

export const WEBHOOK_URL_MAX = 500;

/** An absolute http(s) URL without user name or password (HTTPS and public addresses are the server's check). */
export const webhookUrlSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .max(WEBHOOK_URL_MAX, { message: withParams('validation.length', { min: 1, max: WEBHOOK_URL_MAX }) })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (
          (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password && !!u.hostname
        );
      } catch {
        return false;
      }
    },
    { message: 'webhook.urlInvalid' },
  );

const webhookFields = {
  orgId: IdSchema,
  url: webhookUrlSchema,
  events: z
    .array(WebhookEventSchema)
    .min(1, { message: 'webhook.eventsRequired' })
    .max(WEBHOOK_EVENTS.length)
    .transform((e) => [...new Set(e)]),
  description: optionalText(100),
  enabled: z.boolean().default(true),
};

export const WebhookAddBodySchema = z.object(webhookFields);
export type WebhookAddBody = z.infer<typeof WebhookAddBodySchema>;
export const WebhookEditBodySchema = z.object({ id: IdSchema, ...webhookFields });
export type WebhookEditBody = z.infer<typeof WebhookEditBodySchema>;

export const WebhookPageBodySchema = z.object({ orgId: IdSchema.optional() });
export type WebhookPageBody = z.infer<typeof WebhookPageBodySchema>;

export const WebhookRowSchema = z.object({
  id: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  url: z.string(),
  events: z.array(WebhookEventSchema),
  description: z.string().nullable(),
  enabled: z.boolean(),
  /** Set when deliveries kept failing and the endpoint was paused; `resume` clears it. */
  pausedAt: z.string().nullable(),
  /** Deliveries that failed for good one after the other. */
  consecutiveFailures: z.number(),
  /** The secret's last four characters, to tell secrets apart after a rotation. */
  secretHint: z.string(),
  lastDeliveryAt: z.string().nullable(),
  lastDeliveryStatus: WebhookDeliveryStatusSchema.nullable(),
  createTime: z.string(),
});
export type WebhookRow = z.infer<typeof WebhookRowSchema>;

/** The signing secret, answered only by add and rotateSecret. */
export const WebhookSecretSchema = z.object({ id: z.number(), secret: z.string() });
export type WebhookSecret = z.infer<typeof WebhookSecretSchema>;

export const WebhookDeliveryPageBodySchema = z.object({ webhookId: IdSchema });
export type WebhookDeliveryPageBody = z.infer<typeof WebhookDeliveryPageBodySchema>;

export const WebhookAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status; null when none came (refused, timed out, address not allowed). */
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliveryRowSchema = z.object({
  id: z.number(),
  eventId: z.string(),
  eventType: z.string(),
  plantId: z.number().nullable(),
  plantName: z.string().nullable(),
  status: WebhookDeliveryStatusSchema,
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().nullable(),
  createTime: z.string(),
  deliveredAt: z.string().nullable(),
  /** Every attempt, newest first. */
  log: z.array(WebhookAttemptSchema),
});
export type WebhookDeliveryRow = z.infer<typeof WebhookDeliveryRowSchema>;
