import type { DeviceType } from '@pvstar/contract/device';
import type { ReplacementReason } from '@pvstar/contract/device-replacement';
import { index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { devices, dongles, plants } from './plant.ts';
import { users } from './user.ts';

/**
 * The history of a device position (decision 024): each time a device or dongle of a plant was replaced by
 * a new serial number, the old and new serial, when the new one took over, why, who recorded it, and the
 * old device's last counters. The row of the position (`devices` or `dongles`) stays, with the new serial:
 * its samples, days and alarms continue. `replaced_at` splits an inverter's readings into one meter per
 * device (ingest and the recomputation never measure a reading of the new device from one of the old).
 */
export const deviceReplacements = pgTable(
  'device_replacements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    /** The device position; null for a dongle's replacement. */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    /** The dongle position; null for a device's replacement. */
    dongleId: integer('dongle_id').references(() => dongles.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<DeviceType>().notNull(),
    oldSn: varchar('old_sn', { length: 32 }).notNull(),
    newSn: varchar('new_sn', { length: 32 }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull(),
    reason: varchar('reason', { length: 16 }).$type<ReplacementReason>().notNull(),
    note: varchar('note', { length: 500 }),
    /** The old device's energy counters at its last reading (kWh): its lifetime ended there. */
    finalCounters: jsonb('final_counters').$type<Record<string, number>>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: varchar('username', { length: 30 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('device_replacements_device_idx').on(t.deviceId, t.replacedAt),
    index('device_replacements_dongle_idx').on(t.dongleId, t.replacedAt),
    index('device_replacements_plant_idx').on(t.plantId),
  ],
);
