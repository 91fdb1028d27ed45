import type { BasicDeviceType } from '@pvstar/contract/enums';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Device manufacturers (basic data, global): one name per manufacturer, whatever its case. */
export const manufacturers = pgTable(
  'manufacturers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 64 }).notNull(),
    abbreviation: varchar('abbreviation', { length: 32 }),
    description: varchar('description', { length: 500 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('manufacturers_name_lower_uq').on(sql`lower(${t.name})`)],
);

/** Device specifications (models) per device type; a manufacturer in use cannot be deleted. */
export const deviceSpecs = pgTable(
  'device_specs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deviceType: varchar('device_type', { length: 16 }).$type<BasicDeviceType>().notNull(),
    deviceSpecs: varchar('device_specs', { length: 100 }).notNull(),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('device_specs_manufacturer_idx').on(t.manufacturerId),
    index('device_specs_type_idx').on(t.deviceType),
    // The same model of the same maker and type is one row.
    uniqueIndex('device_specs_uq').on(t.deviceType, t.manufacturerId, sql`lower(${t.deviceSpecs})`),
  ],
);

/**
 * A manufacturer's Ed25519 public keys for firmware signatures (raw 32 bytes in base64). Never deleted,
 * only retired: a retired key verifies no new upload, and the images it signed are not rolled out.
 */
export const manufacturerKeys = pgTable(
  'manufacturer_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    publicKey: varchar('public_key', { length: 44 }).notNull(),
    /** `SHA256:` and the SHA-256 of the raw key in unpadded base64: the key id devices see. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    label: varchar('label', { length: 64 }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('manufacturer_keys_uq').on(t.manufacturerId, t.fingerprint)],
);

/**
 * Which manufacturer a signing key's fingerprint belongs to, for ever: written by a trigger on the first
 * registration of the key (migration 0038), which refuses the key for any other manufacturer — also once
 * retired, also once its manufacturer is deleted (hence no foreign key).
 */
export const firmwareKeyOwners = pgTable('firmware_key_owners', {
  fingerprint: varchar('fingerprint', { length: 64 }).primaryKey(),
  manufacturerId: integer('manufacturer_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
