import type { ReportFrequency } from '@pvstar/contract/report';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { outbox } from './system.ts';
import { users } from './user.ts';

/**
 * A user's scheduled report by mail (docs/reports.md, decision 022): monthly and/or weekly, of their
 * whole data scope (`plant_ids` NULL) or of chosen plants, resolved against their scope when it is sent.
 * `unsubscribe_token` is a random capability that ends this subscription from the mail, without sign-in.
 */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    monthly: boolean('monthly').notNull().default(false),
    weekly: boolean('weekly').notNull().default(false),
    plantIds: jsonb('plant_ids').$type<number[]>(),
    unsubscribeToken: varchar('unsubscribe_token', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_subscriptions_user_idx').on(t.userId),
    uniqueIndex('report_subscriptions_token_uq').on(t.unsubscribeToken),
    check('report_subscriptions_some_frequency', sql`${t.monthly} OR ${t.weekly}`),
  ],
);

/**
 * One row per subscription and period (`2026-11`, `2026-W45`): written in the transaction that queues the
 * mail, so that a period is sent once, whichever jobs process gets there first and however often it
 * restarts. `outbox_id` is NULL when there was nothing to send (no plants left in the user's scope).
 */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => reportSubscriptions.id, { onDelete: 'cascade' }),
    period: varchar('period', { length: 10 }).notNull(),
    frequency: varchar('frequency', { length: 8 }).$type<ReportFrequency>().notNull(),
    outboxId: integer('outbox_id').references(() => outbox.id, { onDelete: 'set null' }),
    plantCount: integer('plant_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.period] })],
);
