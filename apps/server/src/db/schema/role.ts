import type { DataScope, OrgType, RoleStatus } from '@pvstar/contract/enums';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { menus } from './menu.ts';
import { organizations } from './org.ts';

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The organisation that owns (and may manage) the role. */
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    roleName: varchar('role_name', { length: 64 }).notNull(),
    roleCode: varchar('role_code', { length: 40 }).notNull(),
    roleType: varchar('role_type', { length: 16 }).$type<OrgType>().notNull(),
    roleDesc: varchar('role_desc', { length: 255 }),
    status: varchar('status', { length: 8 }).$type<RoleStatus>().notNull().default('ENABLED'),
    dataScope: varchar('data_scope', { length: 16 }).$type<DataScope>().notNull(),
    builtin: boolean('builtin').notNull().default(false),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_code_uq').on(t.roleCode), index('roles_org_idx').on(t.orgId)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('role_menus_menu_idx').on(t.menuId)],
);
