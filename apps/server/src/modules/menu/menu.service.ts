import type { MenuAddBody, MenuEditBody, MenuRow } from '@pvstar/contract/menu';
import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { isSubPage, refreshWithdrawn, withdrawsMenuAdmin } from '../../db/menu-withdrawal.ts';
import { menus } from '../../db/schema/index.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, conflict, invalidField, notFound } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';

type MenuRecord = typeof menus.$inferSelect;

function toTree(rows: MenuRecord[]): MenuRow[] {
  const nodes = new Map<number, MenuRow>(
    rows.map((m) => [
      m.id,
      {
        id: m.id,
        parentId: m.parentId,
        type: m.type,
        name: m.name,
        keyword: m.keyword,
        routePath: m.routePath,
        permCode: m.permCode,
        pagePath: m.pagePath,
        icon: m.icon,
        visible: m.visible,
        sort: m.sort,
        builtin: m.builtin,
        children: [],
      },
    ]),
  );
  const roots: MenuRow[] = [];
  for (const m of rows) {
    const parent = m.parentId === null ? undefined : nodes.get(m.parentId);
    (parent ? parent.children : roots).push(nodes.get(m.id)!);
  }
  return roots;
}

export type MenuDeps = Pick<AppContext, 'db'>;

export function createMenuService(deps: MenuDeps) {
  return { ...createMenuReads(deps), ...createMenuWrites(deps) };
}

/** The menu rows, and the checks a change passes. */
function createMenuChecks(ctx: MenuDeps) {
  const { db } = ctx;
  const all = () => db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));

  async function checkParent(parentId: number | null | undefined, selfId?: number) {
    if (parentId === null || parentId === undefined) return null;
    const rows = await all();
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (!byId.has(parentId)) throw invalidField('parentId', 'menu.badParent');
    // Walk up from the parent: reaching self would make a cycle.
    for (
      let p: MenuRecord | undefined = byId.get(parentId);
      p;
      p = p.parentId ? byId.get(p.parentId) : undefined
    )
      if (p.id === selfId) throw invalidField('parentId', 'menu.badParent');
    return parentId;
  }

  async function checkCode(code: string, exceptId?: number) {
    const [t] = await db.select({ id: menus.id }).from(menus).where(eq(menus.permCode, code));
    if (t && t.id !== exceptId) throw conflict('menu.codeTaken', 'permCode');
  }
  return { all, checkParent, checkCode };
}

/** The tree and what a role may be granted. */
function createMenuReads(ctx: MenuDeps) {
  const { all } = createMenuChecks(ctx);
  return {
    async tree(): Promise<MenuRow[]> {
      return toTree(await all());
    },

    /** The menus a caller holds, as a tree: what it may put into a role. */
    async grantable(caller: Caller): Promise<MenuRow[]> {
      const rows = (await all()).filter((m) => caller.perms.has(m.permCode));
      return toTree(
        rows.map((m) =>
          m.parentId && !rows.some((p) => p.id === m.parentId) ? { ...m, parentId: null } : m,
        ),
      );
    },
  };
}

/** Adding, editing and removing a menu row. */
function createMenuWrites(ctx: MenuDeps) {
  const { db } = ctx;
  const { all, checkParent, checkCode } = createMenuChecks(ctx);
  return {
    async add(caller: Caller, body: MenuAddBody, ip: string) {
      await checkCode(body.permCode);
      const parentId = await checkParent(body.parentId);
      const row = await db.transaction(async (tx) => {
        const [added] = await tx
          .insert(menus)
          .values({
            ...body,
            parentId,
            keyword: body.keyword ?? null,
            routePath: body.routePath ?? null,
            pagePath: body.pagePath ?? null,
            icon: body.icon ?? null,
          })
          .returning({ id: menus.id });
        await refreshWithdrawn(tx);
        return added;
      });
      await audit(db, caller, {
        action: 'menu.add',
        targetType: 'menu',
        targetId: row!.id,
        detail: { permCode: body.permCode },
        ip,
      });
      return { id: row!.id };
    },

    async edit(caller: Caller, body: MenuEditBody, ip: string) {
      const [menu] = await db.select().from(menus).where(eq(menus.id, body.id));
      if (!menu) throw notFound();
      await checkCode(body.permCode, menu.id);
      const parentId = await checkParent(body.parentId, menu.id);
      // A built-in menu keeps its code and route: the server's routes and the web's pages rely on them.
      const fixed = menu.builtin
        ? { permCode: menu.permCode, routePath: menu.routePath, pagePath: menu.pagePath, type: menu.type }
        : {};
      const visible = isSubPage(menu) ? menu.visible : body.visible;
      const rows = await all();
      const after = rows.map((r) => (r.id === menu.id ? { ...r, parentId, visible } : r));
      if (withdrawsMenuAdmin(after))
        throw invalidField(parentId === menu.parentId ? 'visible' : 'parentId', 'menu.keepsMenuAdmin');
      await db.transaction(async (tx) => {
        await tx
          .update(menus)
          .set({
            type: body.type,
            name: body.name,
            keyword: body.keyword ?? null,
            routePath: body.routePath ?? null,
            permCode: body.permCode,
            pagePath: body.pagePath ?? null,
            icon: body.icon ?? null,
            visible,
            sort: body.sort,
            parentId,
            ...fixed,
          })
          .where(eq(menus.id, menu.id));
        await refreshWithdrawn(tx);
      });
      await audit(db, caller, { action: 'menu.edit', targetType: 'menu', targetId: menu.id, ip });
    },

    async remove(caller: Caller, id: number, ip: string) {
      const [menu] = await db.select().from(menus).where(eq(menus.id, id));
      if (!menu) throw notFound();
      if (menu.builtin) throw new AppError(409, 'menu.builtin');
      const [{ n }] = (await db
        .select({ n: sql<number>`count(*)::int` })
        .from(menus)
        .where(eq(menus.parentId, id))) as [{ n: number }];
      if (n > 0) throw new AppError(409, 'menu.hasChildren');
      await db.delete(menus).where(eq(menus.id, id));
      await audit(db, caller, {
        action: 'menu.delete',
        targetType: 'menu',
        targetId: id,
        detail: { permCode: menu.permCode },
        ip,
      });
    },
  };
}
