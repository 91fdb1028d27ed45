import type {
  ParamChange,
  ParamValues,
  RemoteAction,
  RemoteAuditOutcome,
  RemoteCommandStatus,
} from '@pvstar/contract/remote';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { devices, plants } from './plant.ts';
import { users } from './user.ts';

/**
 * Remote parameter commands (params.read / params.write) sent to an inverter through its dongle. The
 * row follows the command to its end; `remote_param_audit` keeps the history that cannot change.
 */
export const remoteCommands = pgTable(
  'remote_commands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** What travels on MQTT: `rp-` and 32 hex digits (the result router tells remote from firmware by it). */
    cmdId: varchar('cmd_id', { length: 64 }).notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    dongleSn: varchar('dongle_sn', { length: 32 }).notNull(),
    action: varchar('action', { length: 8 }).$type<RemoteAction>().notNull(),
    status: varchar('status', { length: 16 }).$type<RemoteCommandStatus>().notNull().default('PENDING'),
    /** Writes: the values sent (only the changed ones) and what they were before. */
    changes: jsonb('changes').$type<ParamChange[]>().notNull().default(sql`'[]'::jsonb`),
    /** The read-back that confirms a write goes out under its own id. */
    verifyCmdId: varchar('verify_cmd_id', { length: 64 }),
    error: varchar('error', { length: 500 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: varchar('username', { length: 30 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('remote_commands_cmd_uq').on(t.cmdId),
    uniqueIndex('remote_commands_verify_uq').on(t.verifyCmdId),
    // NULLS FIRST: the order of `ORDER BY … DESC`, so the device's newest commands are read from the index.
    index('remote_commands_device_idx').on(t.deviceId, t.id.desc().nullsFirst()),
    index('remote_commands_open_idx')
      .on(t.expiresAt)
      .where(sql`status IN ('PENDING', 'ACCEPTED', 'VERIFYING')`),
    // One open write per inverter, held by the database: two writes sent at once cannot both pass the check.
    uniqueIndex('remote_commands_one_open_write_uq')
      .on(t.deviceId)
      .where(sql`action = 'WRITE' AND status IN ('PENDING', 'ACCEPTED', 'VERIFYING')`),
  ],
);

/** The device's parameters as it last reported them (a read, or a write's read-back). */
export const remoteParamSnapshots = pgTable('remote_param_snapshots', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  values: jsonb('values').$type<ParamValues>().notNull(),
  readAt: timestamp('read_at', { withTimezone: true }).notNull(),
});

/**
 * Every read and write attempt and every answer, append-only (a trigger refuses UPDATE and DELETE):
 * who, when, which device, old and new values, what the device said. Plant and device are kept as
 * plain ids and names, so the history outlives them.
 */
export const remoteParamAudit = pgTable(
  'remote_param_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    cmdId: varchar('cmd_id', { length: 64 }),
    action: varchar('action', { length: 8 }).$type<RemoteAction>().notNull(),
    outcome: varchar('outcome', { length: 16 }).$type<RemoteAuditOutcome>().notNull(),
    userId: integer('user_id'),
    username: varchar('username', { length: 30 }).notNull(),
    plantId: integer('plant_id').notNull(),
    deviceId: integer('device_id'),
    deviceSn: varchar('device_sn', { length: 32 }).notNull(),
    changes: jsonb('changes').$type<ParamChange[]>().notNull().default(sql`'[]'::jsonb`),
    deviceAnswer: varchar('device_answer', { length: 4000 }),
    /** A message key (and its parameters) of the common catalogue: translated when read. */
    reasonKey: varchar('reason_key', { length: 64 }),
    reasonParams: jsonb('reason_params').$type<Record<string, string | number>>(),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [
    // The log's order (`at DESC, id DESC`), NULLS FIRST as `DESC` means, so a page is read from the index.
    index('remote_param_audit_device_idx').on(t.deviceId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('remote_param_audit_plant_idx').on(t.plantId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
