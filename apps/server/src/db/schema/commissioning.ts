import type { ChecklistItem, CommissioningItem } from '@pvstar/contract/commissioning';
import type { Lang } from '@pvstar/contract/lang';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organizations } from './org.ts';
import { plants } from './plant.ts';
import { users } from './user.ts';

/**
 * A plant's commissioning (docs/commissioning.md): a row from the moment a plant is added through the
 * portal; the plant shows "commissioning" while `completed_at` is null. Plants that existed before the
 * checklist have no row and count as handed over. At completion the checklist is kept in `result` as it
 * was, so the protocol shows that moment and not today's data.
 */
export const plantCommissioning = pgTable('plant_commissioning', {
  plantId: integer('plant_id')
    .primaryKey()
    .references(() => plants.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
  /** User name of whoever completed it, kept for the protocol when the account is gone. */
  completedByName: varchar('completed_by_name', { length: 64 }),
  result: jsonb('result').$type<ChecklistItem[]>(),
});

/** An item the installer confirmed by hand: who, when, what they noted, and a photo. */
export const commissioningTicks = pgTable(
  'commissioning_ticks',
  {
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    item: varchar('item', { length: 24 }).$type<CommissioningItem>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: varchar('username', { length: 64 }).notNull(),
    note: varchar('note', { length: 500 }).notNull(),
    /** `/file/pictures/<name>` (uploaded through /file/upload by the plant's managers). */
    photo: varchar('photo', { length: 200 }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.plantId, t.item] }),
    index('commissioning_ticks_photo_idx').on(t.photo).where(sql`${t.photo} IS NOT NULL`),
  ],
);

/**
 * An invitation of a plant's owner (decision 025): only the SHA-256 of the 256-bit random token is kept;
 * it expires, and accepting it once ends it (`accepted_at`).
 */
export const ownerInvitations = pgTable(
  'owner_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    lang: varchar('lang', { length: 8 }).$type<Lang>().notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('owner_invitations_token_uq').on(t.tokenHash),
    index('owner_invitations_plant_idx').on(t.plantId),
  ],
);

/**
 * An owner's consent to share a plant's data with the organisation that manages it (its installer), as
 * given when accepting the invitation, withdrawn and given again from the personal centre. One row per
 * (plant, owner): the latest state; the audit log keeps each change.
 */
export const plantConsents = pgTable(
  'plant_consents',
  {
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organisation the consent names (the plant's managing organisation when given). */
    orgId: integer('org_id').references(() => organizations.id, { onDelete: 'set null' }),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.plantId, t.userId] }), index('plant_consents_user_idx').on(t.userId)],
);
