import type { AuditAction, AuditTargetType } from '@pvstar/contract/audit';
import type { Lang } from '@pvstar/contract/lang';
import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export type OutboxChannel = 'EMAIL' | 'SMS';
/** PENDING until a worker claims it (SENDING); SENT, or FAILED after the last attempt. */
export type OutboxStatus = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED';

/** Mail and SMS waiting to go out; a worker sends them (lib/mailer.ts), then blanks their text. */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: varchar('channel', { length: 8 }).$type<OutboxChannel>().notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    body: text('body').notNull(),
    /** An HTML alternative of `body` (a mail with a formatted body); blanked with it once delivered. */
    html: text('html'),
    status: varchar('status', { length: 8 }).$type<OutboxStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_status_idx').on(t.status, t.id)],
);

/** Binary content (PGlite answers a Uint8Array, node-postgres a Buffer: both become a Buffer). */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Files a mail of the outbox carries (a scheduled report's workbook), written in the transaction that
 * queues the mail; the worker attaches them and deletes them once the mail is delivered or given up on.
 */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    outboxId: integer('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    filename: varchar('filename', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 127 }).notNull(),
    content: bytes('content').notNull(),
  },
  (t) => [index('outbox_attachments_outbox_idx').on(t.outboxId)],
);

/** Append-only: a trigger refuses UPDATE and DELETE (see the migration). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    username: varchar('username', { length: 30 }),
    orgId: integer('org_id'),
    action: varchar('action', { length: 64 }).$type<AuditAction>().notNull(),
    targetType: varchar('target_type', { length: 32 }).$type<AuditTargetType>(),
    targetId: varchar('target_id', { length: 64 }),
    detail: jsonb('detail'),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [index('audit_log_target_idx').on(t.targetType, t.targetId), index('audit_log_at_idx').on(t.at)],
);

/** Language/area entries with phone codes (GET /system/crc/selectAll). */
export const langAreas = pgTable(
  'lang_areas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lang: varchar('lang', { length: 8 }).$type<Lang>().notNull(),
    countryCode: varchar('country_code', { length: 2 }).notNull(),
    countryRegionZh: varchar('country_region_zh', { length: 64 }).notNull(),
    countryRegionEn: varchar('country_region_en', { length: 64 }).notNull(),
    phoneCode: varchar('phone_code', { length: 8 }).notNull(),
  },
  (t) => [uniqueIndex('lang_areas_country_uq').on(t.countryCode)],
);

/** Countries (superior "0") and their first-level regions (superior = country code). */
export const regions = pgTable(
  'regions',
  {
    code: varchar('code', { length: 20 }).primaryKey(),
    superiorCode: varchar('superior_code', { length: 20 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull(),
    nameLocal: varchar('name_local', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('regions_superior_idx').on(t.superiorCode, t.sort)],
);

export const units = pgTable('units', {
  code: varchar('code', { length: 16 }).primaryKey(),
  symbol: varchar('symbol', { length: 16 }).notNull(),
  quantity: varchar('quantity', { length: 32 }).notNull(),
  sort: integer('sort').notNull().default(0),
});
