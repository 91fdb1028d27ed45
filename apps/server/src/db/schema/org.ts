import type { OrgType, Status } from '@pvstar/contract/enums';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** The organisation tree. `path` is the materialised path `/1/4/9/` so a subtree is one LIKE prefix. */
export const organizations = pgTable(
  'organizations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id'),
    path: varchar('path', { length: 500 }).notNull().default(''),
    name: varchar('name', { length: 64 }).notNull(),
    type: varchar('type', { length: 16 }).$type<OrgType>().notNull(),
    description: varchar('description', { length: 500 }),
    contactName: varchar('contact_name', { length: 64 }),
    contactPhone: varchar('contact_phone', { length: 20 }),
    contactEmail: varchar('contact_email', { length: 254 }),
    address: varchar('address', { length: 255 }),
    status: varchar('status', { length: 8 }).$type<Status>().notNull().default('NORMAL'),
    /** Everyone in this organisation and below must sign in with a second factor (issue 17). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('organizations_path_idx').using('btree', sql`${t.path} text_pattern_ops`),
    index('organizations_parent_idx').on(t.parentId),
  ],
);
