import type { ApiTokenScope } from '@pvstar/contract/api-token';
import type { AlarmLevel, CodePurpose, ContactType, Status } from '@pvstar/contract/enums';
import type { Lang } from '@pvstar/contract/lang';
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
import { organizations } from './org.ts';
import { roles } from './role.ts';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    username: varchar('username', { length: 30 }).notNull(),
    nickname: varchar('nickname', { length: 64 }),
    name: varchar('name', { length: 64 }),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 20 }),
    /** argon2id of the MD5 hex the client sends. */
    passwordHash: varchar('password_hash', { length: 200 }).notNull(),
    status: varchar('status', { length: 8 }).$type<Status>().notNull().default('NORMAL'),
    /** The demo login's account: may look at everything its roles allow, change nothing. */
    readOnly: boolean('read_only').notNull().default(false),
    lang: varchar('lang', { length: 8 }).$type<Lang>(),
    /** Alarm levels this user wants by e-mail (personal centre); empty: none. */
    alarmNotifyLevels: jsonb('alarm_notify_levels').$type<AlarmLevel[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * When the user agreed to the service agreement and privacy policy (at registration or a sign-in with
     * the box ticked); a sign-in without the box is accepted only once this is set.
     */
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    // Contacts are stored in one form (normalizeContact), so these indexes make them unique across accounts.
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_phone_uq').on(t.phone),
    index('users_org_idx').on(t.orgId),
    check('users_email_normalised', sql`${t.email} = lower(btrim(${t.email}))`),
    check('users_phone_normalised', sql`${t.phone} ~ '^[+][0-9]+$'`),
  ],
);

/**
 * A new e-mail or phone set on a user by someone else (an administrator): it replaces the stored one only
 * when the user, signed in, confirms the code sent to it. One per user and contact type.
 */
export const pendingContacts = pgTable(
  'pending_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactType: varchar('contact_type', { length: 8 }).$type<ContactType>().notNull(),
    contact: varchar('contact', { length: 254 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    requestedBy: integer('requested_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pending_contacts_user_type_uq').on(t.userId, t.contactType)],
);

/** What migration 0014 did to contacts that named more than one account: one row per contact it cleared. */
export const contactClashLog = pgTable('contact_clash_log', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  username: varchar('username', { length: 30 }).notNull(),
  field: varchar('field', { length: 8 }).$type<'email' | 'phone'>().notNull(),
  clearedValue: varchar('cleared_value', { length: 254 }).notNull(),
  keptByUserId: integer('kept_by_user_id').notNull(),
  keptByUsername: varchar('kept_by_username', { length: 30 }).notNull(),
  /** `contact`: the same contact on another account; `username`: another account's user name. */
  reason: varchar('reason', { length: 16 }).$type<'contact' | 'username'>().notNull(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** Opaque session tokens; only their SHA-256 is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the user last proved presence (sign-in, or a step-up): dangerous actions need it recent (0039). */
    presenceAt: timestamp('presence_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * API tokens (issue 22, docs/decisions/019-api-tokens.md): a user's named credentials for integrations.
 * Only the SHA-256 of the secret is kept, and its first characters (`hint`) to tell tokens apart.
 * `plant_ids`: null for every plant of the user's scope, else the only plants the token sees.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    hint: varchar('hint', { length: 16 }).notNull(),
    scope: varchar('scope', { length: 16 }).$type<ApiTokenScope>().notNull(),
    plantIds: jsonb('plant_ids').$type<number[]>(),
    dailyLimit: integer('daily_limit').notNull(),
    perSecondLimit: integer('per_second_limit').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: varchar('last_used_ip', { length: 64 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_uq').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId),
    check('api_tokens_scope_ck', sql`${t.scope} IN ('READ_ONLY', 'READ_WRITE')`),
  ],
);

/** Every sign-in attempt, by the account string typed (known or not) and by IP, for lock-outs. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountKey: varchar('account_key', { length: 254 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_account_idx').on(t.accountKey, t.createdAt)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contact: varchar('contact', { length: 254 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).$type<CodePurpose>().notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_contact_idx').on(t.contact, t.purpose, t.createdAt)],
);
