import type { WebhookDeliveryStatus, WebhookEvent } from '@pvstar/contract/webhook';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { organizations } from './org.ts';
import { plants } from './plant.ts';

/**
 * An organisation's webhook endpoint: it receives the subscribed events of the plants of that organisation
 * and below. The secret signs every delivery (HMAC-SHA256), so it is kept as it is; it is answered only
 * when made. `pausedAt` is set when deliveries kept failing (modules/webhook/webhook-delivery.ts).
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 500 }).notNull(),
    secret: varchar('secret', { length: 64 }).notNull(),
    events: jsonb('events').$type<WebhookEvent[]>().notNull(),
    description: varchar('description', { length: 100 }),
    enabled: boolean('enabled').notNull().default(true),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Failed attempts one after the other since the last success. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_org_idx').on(t.orgId).where(sql`${t.enabled}`)],
);

/**
 * The outbox of webhook events: one row per event and endpoint, written in the transaction of the change
 * it tells of, delivered by the jobs role with retries for 24 hours. `payload` holds the plant and the
 * event's data; the body sent is built from it and the row's id, type and time, so a resend is the same.
 * `dedupeKey` keeps an event made by a periodic job (a plant's daily summary) to one per endpoint.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull().defaultRandom(),
    eventType: varchar('event_type', { length: 32 }).notNull(),
    plantId: integer('plant_id').references(() => plants.id, { onDelete: 'set null' }),
    payload: jsonb('payload')
      .$type<{ plant: { id: number; name: string } | null; data: unknown }>()
      .notNull(),
    status: varchar('status', { length: 10 }).$type<WebhookDeliveryStatus>().notNull().default('PENDING'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Attempts go on until then (24 hours from the event, or from a resend by hand). */
    retryUntil: timestamp('retry_until', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '24 hours'`),
    lastStatusCode: smallint('last_status_code'),
    dedupeKey: varchar('dedupe_key', { length: 80 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
    index('webhook_deliveries_plant_idx').on(t.plantId),
    uniqueIndex('webhook_deliveries_dedupe_uq')
      .on(t.webhookId, t.dedupeKey)
      .where(sql`${t.dedupeKey} IS NOT NULL`),
  ],
);

/** Each attempt of a delivery: the receiver's status, how long it took, what went wrong (no response body). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: smallint('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: varchar('error', { length: 300 }),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);
