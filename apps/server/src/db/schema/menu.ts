import type { MenuType } from '@pvstar/contract/enums';
import { boolean, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Catalogs, pages and buttons; `perm_code` is the permission code roles are granted. */
export const menus = pgTable(
  'menus',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id'),
    type: varchar('type', { length: 8 }).$type<MenuType>().notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** i18n key of the title (menu namespace); the web shows its translation when it has one. */
    keyword: varchar('keyword', { length: 64 }),
    routePath: varchar('route_path', { length: 200 }),
    permCode: varchar('perm_code', { length: 20 }).notNull(),
    pagePath: varchar('page_path', { length: 200 }),
    icon: varchar('icon', { length: 64 }),
    visible: boolean('visible').notNull().default(true),
    /**
     * Off for everyone: hidden in the menu admin, or below an entry that is. Its code is in no caller's
     * grants (derived from `visible` and `parent_id` by db/menu-withdrawal.ts on every change).
     */
    withdrawn: boolean('withdrawn').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    builtin: boolean('builtin').notNull().default(false),
  },
  (t) => [uniqueIndex('menus_perm_code_uq').on(t.permCode)],
);
