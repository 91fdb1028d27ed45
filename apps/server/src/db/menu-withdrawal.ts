import { flattenMenu, PERM, SUB_PAGE_CODES } from '@pvstar/contract/perm';
import { sql } from 'drizzle-orm';
import { intArray } from './arrays.ts';
import type { DbOrTx } from './client.ts';
import { menus } from './schema/index.ts';

type MenuLink = { id: number; parentId: number | null; permCode: string; visible: boolean; builtin: boolean };

/** A built-in page reached from its page (add, detail): stored hidden, it follows its page. */
export const isSubPage = (m: Pick<MenuLink, 'builtin' | 'permCode'>) =>
  m.builtin && SUB_PAGE_CODES.has(m.permCode);
const hiddenByAdmin = (m: MenuLink) => !m.visible && !isSubPage(m);

/** The ids of the entries that are off for everyone: hidden by an administrator, or below one that is. */
export function withdrawnIds(rows: readonly MenuLink[]): Set<number> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const off = new Set<number>();
  for (const row of rows) {
    // Walk up; a broken parent link ends the walk (the menu checks refuse cycles).
    const seen = new Set<number>();
    for (let m: MenuLink | undefined = row; m && !seen.has(m.id); m = byId.get(m.parentId ?? -1)) {
      seen.add(m.id);
      if (hiddenByAdmin(m)) {
        off.add(row.id);
        break;
      }
    }
  }
  return off;
}

/**
 * The menu admin's own page, the entries above it and its buttons: hiding any of them would leave nobody
 * able to show anything again.
 */
const MENU_ADMIN = (() => {
  const flat = flattenMenu();
  const parentOf = new Map(flat.map((n) => [n.code, n.parentCode]));
  const codes = new Set<string>();
  for (let c: string | null | undefined = PERM.systemMenu; c; c = parentOf.get(c)) codes.add(c);
  for (const n of flat) if (n.code.startsWith(PERM.systemMenu)) codes.add(n.code);
  return codes;
})();

/** Whether a menu table in this state would switch the menu admin off. */
export function withdrawsMenuAdmin(rows: readonly MenuLink[]): boolean {
  const off = withdrawnIds(rows);
  return rows.some((r) => off.has(r.id) && r.builtin && MENU_ADMIN.has(r.permCode));
}

/** Brings `menus.withdrawn` in line with the table's visibility and parents; run in the changing transaction. */
export async function refreshWithdrawn(db: DbOrTx) {
  const rows = await db
    .select({
      id: menus.id,
      parentId: menus.parentId,
      permCode: menus.permCode,
      visible: menus.visible,
      builtin: menus.builtin,
    })
    .from(menus);
  const off = sql`(${menus.id} = ANY(${intArray([...withdrawnIds(rows)])}))`;
  await db.update(menus).set({ withdrawn: off }).where(sql`${menus.withdrawn} IS DISTINCT FROM ${off}`);
}
