import type { SecondFactorStep } from '@pvstar/contract/two-factor';
import { bigint, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './user.ts';

/**
 * A user's TOTP secret (RFC 6238). `enabledAt` is null while set-up waits for the first code. The secret is
 * kept as base32 text (no key to encrypt it with exists yet: docs/decisions/011-two-factor.md) and is never
 * answered after set-up. `lastTimeStep` is the newest accepted time step: a code is good once.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: varchar('secret', { length: 64 }).notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes; only their SHA-256 is kept (they are random, 50 bits each). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/**
 * The second step of a sign-in: issued when the first factor was right, good for a few minutes and five
 * wrong codes. `kind` VERIFY asks for a code; SETUP (organisation requires it, user has none) sets one up.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 8 }).$type<SecondFactorStep['step']>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('two_factor_challenges_token_idx').on(t.tokenHash),
    index('two_factor_challenges_user_idx').on(t.userId),
  ],
);

/**
 * "Remember this device for 30 days": the SHA-256 of a random token the browser keeps. `passwordStamp` is a
 * hash of the password hash when it was issued, so a password change (by any route) ends it; a 2FA reset or
 * disable deletes the rows.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    passwordStamp: varchar('password_stamp', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 255 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trusted_devices_token_idx').on(t.tokenHash), index('trusted_devices_user_idx').on(t.userId)],
);
