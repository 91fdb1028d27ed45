import type { AlarmEndReason, AlarmKind, AlarmStatus } from '@pvstar/contract/alarm';
import type { AlarmLevel } from '@pvstar/contract/enums';
import type { FaultDeviceType } from '@pvstar/contract/fault-code';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { devices, dongles, plants } from './plant.ts';
import { users } from './user.ts';

/**
 * Alarms: one row per fault occurrence of a device (or dongle). At most one ONGOING row per plant,
 * source serial and fault code (a partial unique index), so a repeated event cannot open a second.
 * The level and texts come from the fault code library; the level is kept as it was when raised.
 */
export const alarms = pgTable(
  'alarms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    /**
     * The plant's managing organisation, kept by trigger (set on insert, followed when the plant moves;
     * migration 0034): the dashboard reads an organisation's newest alarms by index, not every plant's.
     */
    orgId: integer('org_id'),
    dongleId: integer('dongle_id').references(() => dongles.id, { onDelete: 'set null' }),
    /** Null for the dongle's own alarms; set null when the device is removed (the history stays). */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    /** Serial number of the device (or dongle) the alarm is about. */
    sourceSn: varchar('source_sn', { length: 32 }).notNull(),
    deviceType: varchar('device_type', { length: 16 }).$type<FaultDeviceType>().notNull(),
    /**
     * EVENT (the device said so), COMM (it went silent), NO_PRODUCTION (nothing in daylight),
     * UNDERPERFORMING (below its neighbours on sunny days).
     */
    kind: varchar('kind', { length: 16 }).$type<AlarmKind>().notNull(),
    faultCode: varchar('fault_code', { length: 32 }).notNull(),
    alarmLevel: varchar('alarm_level', { length: 16 }).$type<AlarmLevel>().notNull(),
    status: varchar('status', { length: 8 }).$type<AlarmStatus>().notNull().default('ONGOING'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    latestAt: timestamp('latest_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: varchar('end_reason', { length: 16 }).$type<AlarmEndReason>(),
    ackBy: integer('ack_by').references(() => users.id, { onDelete: 'set null' }),
    ackByName: varchar('ack_by_name', { length: 64 }),
    ackAt: timestamp('ack_at', { withTimezone: true }),
    ackComment: varchar('ack_comment', { length: 500 }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedByName: varchar('closed_by_name', { length: 64 }),
    closeComment: varchar('close_comment', { length: 500 }),
  },
  (t) => [
    uniqueIndex('alarms_ongoing_uq').on(t.plantId, t.sourceSn, t.faultCode).where(sql`status = 'ONGOING'`),
    // The lists' order, newest first (ORDER BY started_at DESC, id DESC). NULLS FIRST is what DESC means in
    // an ORDER BY: drizzle's bare .desc() writes NULLS LAST, an order no list query can read from the index.
    index('alarms_plant_started_idx').on(
      t.plantId,
      t.startedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The dashboard's newest alarms of each organisation in scope, ongoing ones by themselves (0034).
    index('alarms_org_started_idx').on(t.orgId, t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('alarms_org_ongoing_idx')
      .on(t.orgId, t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'ONGOING'`),
    index('alarms_started_idx').on(t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The dashboard's newest ongoing alarms (and their count) without reading the ended ones.
    index('alarms_ongoing_started_idx')
      .on(t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'ONGOING'`),
    // The header's bell (ongoing, nobody acknowledged) counts only these rows, by plant for the scope join.
    index('alarms_open_idx').on(t.plantId).where(sql`status = 'ONGOING' AND ack_at IS NULL`),
    index('alarms_device_ongoing_idx').on(t.deviceId).where(sql`status = 'ONGOING'`),
    // Whether an inverter's reported fault covered a reading (availability, migration 0020).
    index('alarms_device_fault_idx')
      .on(t.deviceId, t.startedAt)
      .where(sql`kind = 'EVENT' AND alarm_level IN ('SERIOUS', 'ERROR')`),
    index('alarms_comm_ongoing_idx').on(t.sourceSn).where(sql`status = 'ONGOING' AND kind = 'COMM'`),
    index('alarms_source_idx').on(t.sourceSn, t.faultCode, t.startedAt.desc()),
  ],
);

/**
 * Alarm mail waiting per recipient: written with the alarm (same transaction), sent by the notifier as
 * one message or one digest per user.
 */
export const alarmNotifications = pgTable(
  'alarm_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alarmId: integer('alarm_id')
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alarm_notifications_uq').on(t.userId, t.alarmId),
    index('alarm_notifications_pending_idx').on(t.userId, t.createdAt).where(sql`sent_at IS NULL`),
    index('alarm_notifications_sent_idx').on(t.userId, t.sentAt),
  ],
);
