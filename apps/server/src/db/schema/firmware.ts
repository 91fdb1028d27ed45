import type {
  FirmwareDescriptions,
  FirmwareManifest,
  FirmwareStatus,
  FirmwareType,
  UpgradeDeviceStatus,
  UpgradeTaskStatus,
} from '@pvstar/contract/firmware';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { manufacturerKeys, manufacturers } from './basic.ts';
import { organizations } from './org.ts';
import { plants } from './plant.ts';
import { users } from './user.ts';

/**
 * Uploaded firmware images. An upload is kept under DATA_DIR/files/firmware/<id>.bin; a program names
 * it within a day, or housekeeping removes it.
 */
export const firmwareFiles = pgTable('firmware_files', {
  /** 128 random bits in hex: also the stored file's name. */
  id: varchar('id', { length: 32 }).primaryKey(),
  fileName: varchar('file_name', { length: 200 }).notNull(),
  size: integer('size').notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  /**
   * Ed25519 over the canonical bytes of `manifest`, base64. Rows from before manifests (migration 0038)
   * keep the signature over the image's bytes and a null `manifest`; null for an image stored before
   * signatures were required (0017). Neither can start a task.
   */
  signature: varchar('signature', { length: 88 }),
  /** The key that verified `signature` at upload (null: unsigned, or its manufacturer was deleted). */
  keyId: integer('key_id').references(() => manufacturerKeys.id, { onDelete: 'set null' }),
  /** The manufacturer's signed manifest, as verified at upload: the program's type and version come from it. */
  manifest: jsonb('manifest').$type<FirmwareManifest>(),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A firmware program: one image of one firmware type for one manufacturer's devices. */
export const firmwarePrograms = pgTable(
  'firmware_programs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'restrict' }),
    firmwareType: varchar('firmware_type', { length: 16 }).$type<FirmwareType>().notNull(),
    version: varchar('version', { length: 32 }).notNull(),
    status: varchar('status', { length: 8 }).$type<FirmwareStatus>().notNull().default('ENABLED'),
    description: varchar('description', { length: 500 }).notNull(),
    descriptions: jsonb('descriptions').$type<FirmwareDescriptions>().notNull(),
    supportAll: boolean('support_all').notNull().default(true),
    fileId: varchar('file_id', { length: 32 })
      .notNull()
      .references(() => firmwareFiles.id, { onDelete: 'restrict' }),
    /** The organisation that added it: it and its sub-organisations use it, only it changes it. */
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: varchar('created_by_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Registered before signed manifests (migration 0038): listed, never rolled out, and its version may
     * be registered again with a manifest.
     */
    legacy: boolean('legacy').notNull().default(false),
    /** Set by a provider administrator: the program may go to devices running a newer version. */
    rollbackReason: varchar('rollback_reason', { length: 200 }),
    rollbackBy: integer('rollback_by').references(() => users.id, { onDelete: 'set null' }),
    rollbackByName: varchar('rollback_by_name', { length: 64 }),
    rollbackAt: timestamp('rollback_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('firmware_programs_version_uq')
      .on(t.manufacturerId, t.firmwareType, t.version, t.orgId)
      .where(sql`NOT legacy`),
    index('firmware_programs_org_idx').on(t.orgId),
  ],
);

/** The serial numbers a partial program supports (from the uploaded spreadsheet). */
export const firmwareProgramSns = pgTable(
  'firmware_program_sns',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => firmwarePrograms.id, { onDelete: 'cascade' }),
    sn: varchar('sn', { length: 32 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.programId, t.sn] })],
);

/** An upgrade task: a program rolled out to chosen devices, in up to two stages. */
export const upgradeTasks = pgTable(
  'upgrade_tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 64 }).notNull(),
    programId: integer('program_id')
      .notNull()
      .references(() => firmwarePrograms.id, { onDelete: 'restrict' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 16 }).$type<UpgradeTaskStatus>().notNull(),
    statusReason: varchar('status_reason', { length: 200 }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    firstBatchPercent: smallint('first_batch_percent').notNull(),
    successThreshold: smallint('success_threshold').notNull(),
    stage: smallint('stage').notNull().default(1),
    remark: varchar('remark', { length: 200 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: varchar('created_by_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The program's rollback mark when the task was created (its commands say a downgrade is allowed). */
    rollbackReason: varchar('rollback_reason', { length: 200 }),
    rollbackByName: varchar('rollback_by_name', { length: 64 }),
    rollbackAt: timestamp('rollback_at', { withTimezone: true }),
  },
  (t) => [
    index('upgrade_tasks_org_idx').on(t.orgId),
    index('upgrade_tasks_active_idx').on(t.status).where(sql`status IN ('SCHEDULED', 'RUNNING')`),
  ],
);

/**
 * One device (or dongle) of a task. The firmware.upgrade command carries `cmd_id`; its download link
 * works once with the token whose SHA-256 is kept here, until `token_expires_at`; `token_used_at` is set
 * by the download that used it up.
 */
export const upgradeTaskDevices = pgTable(
  'upgrade_task_devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => upgradeTasks.id, { onDelete: 'cascade' }),
    /** The upgraded device, or null for dongle firmware (then the dongle is the target). */
    deviceId: integer('device_id'),
    dongleId: integer('dongle_id').notNull(),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    sn: varchar('sn', { length: 32 }).notNull(),
    dongleSn: varchar('dongle_sn', { length: 32 }).notNull(),
    batch: smallint('batch').notNull(),
    status: varchar('status', { length: 16 }).$type<UpgradeDeviceStatus>().notNull().default('QUEUED'),
    progress: smallint('progress').notNull().default(0),
    fromVersion: varchar('from_version', { length: 32 }),
    reason: varchar('reason', { length: 500 }),
    attempts: smallint('attempts').notNull().default(0),
    cmdId: varchar('cmd_id', { length: 64 }),
    tokenHash: varchar('token_hash', { length: 64 }),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    tokenUsedAt: timestamp('token_used_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('upgrade_task_devices_task_idx').on(t.taskId, t.status),
    uniqueIndex('upgrade_task_devices_cmd_uq').on(t.cmdId),
    uniqueIndex('upgrade_task_devices_token_uq').on(t.tokenHash),
    index('upgrade_task_devices_dongle_busy_idx')
      .on(t.dongleId)
      .where(sql`status IN ('SENT', 'DOWNLOADING')`),
  ],
);

/** What happened to each device of a task, oldest first (the detail page's history). */
export const upgradeDeviceEvents = pgTable(
  'upgrade_device_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    taskDeviceId: integer('task_device_id')
      .notNull()
      .references(() => upgradeTaskDevices.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    status: varchar('status', { length: 16 }).$type<UpgradeDeviceStatus>().notNull(),
    progress: smallint('progress'),
    detail: varchar('detail', { length: 500 }),
  },
  (t) => [index('upgrade_device_events_device_idx').on(t.taskDeviceId, t.id)],
);
