import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { plants } from './plant.ts';
import { users } from './user.ts';

/**
 * A plant's public share link (the kiosk page, GET /public/plant/:token). Only the SHA-256 of the 256-bit
 * random token is kept, so a copy of the database opens no live page; the token is shown once, when the
 * link is made (docs/decisions/021-public-plant-page.md). `tokenPrefix` (the first 6 of its 43 characters)
 * lets the manager tell links apart. Revoked links stay listed (who made and ended them is in the audit log).
 */
export const plantShareLinks = pgTable(
  'plant_share_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    tokenPrefix: varchar('token_prefix', { length: 8 }).notNull(),
    label: varchar('label', { length: 60 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('plant_share_links_token_uq').on(t.tokenHash),
    index('plant_share_links_plant_idx').on(t.plantId),
  ],
);
