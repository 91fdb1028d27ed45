import { flattenMenu, PERM } from '@pvstar/contract/perm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, buildTestApp, leakedSecrets, roleIdByCode, type TestApp } from '../../../test/helper.ts';
import { menus } from '../../db/schema/index.ts';

type MenuNode = { id: number; parentId: number | null; permCode: string; name: string; children: MenuNode[] };
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

let t: TestApp;
let admin: string;
let dealer: string;
let codeCounter = 0;
/** A permission code no built-in menu uses. */
const freshCode = () => `8${String(Date.now() % 1_000_000).padStart(6, '0')}${++codeCounter}`;

const post = (url: string, token: string, body: unknown) => t.call('POST', url, { token, body });
const tree = async (token = admin) => {
  const res = await t.call('GET', '/system/menu/tree', { token });
  expect(res.status).toBe(200);
  return res.body.data as MenuNode[];
};
const idOf = async (code: string) =>
  (await t.ctx.db.select({ id: menus.id }).from(menus).where(eq(menus.permCode, code)))[0]!.id;
const menuRow = async (id: number) => (await t.ctx.db.select().from(menus).where(eq(menus.id, id)))[0];
const menuBody = (over: Record<string, unknown> = {}) => ({
  type: 'MENU',
  name: 'Custom report',
  keyword: 'customReport',
  routePath: '/report/custom',
  permCode: freshCode(),
  visible: true,
  sort: 5,
  ...over,
});

beforeAll(async () => {
  t = await buildTestApp();
  [admin, dealer] = await Promise.all([t.login('admin'), t.login('demo-dealer')]);
});
afterAll(() => t.close());

describe('the menu tree', () => {
  it('contains every code of the contract menu table, nested as there', async () => {
    const all = flatten(await tree());
    const byCode = new Map(all.map((n) => [n.permCode, n]));
    for (const node of flattenMenu()) {
      expect(byCode.has(node.code), node.code).toBe(true);
      const parent = node.parentCode ? byCode.get(node.parentCode)!.id : null;
      expect(byCode.get(node.code)!.parentId, node.code).toBe(parent);
    }
    const system = byCode.get(PERM.system)!;
    expect(system.children.map((c) => c.permCode)).toEqual([
      PERM.systemUser,
      PERM.systemRole,
      PERM.systemMenu,
      PERM.systemAudit,
      PERM.systemWebhook,
    ]);
  });

  it('is for menu administrators only (dealer → 403)', async () => {
    const res = await t.call('GET', '/system/menu/tree', { token: dealer });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
  });
});

describe('custom menus', () => {
  it('are added, edited and deleted', async () => {
    const parentId = await idOf(PERM.report);
    const body = menuBody({ parentId });
    const add = await post('/system/menu/add', admin, body);
    expect(add.status).toBe(200);
    const id = add.body.data.id;
    const report = flatten(await tree()).find((n) => n.permCode === PERM.report)!;
    expect(report.children.map((c) => c.permCode)).toContain(body.permCode);

    const edit = await post('/system/menu/edit', admin, {
      ...body,
      id,
      name: 'Monthly report',
      visible: false,
    });
    expect(edit.status).toBe(200);
    expect(await menuRow(id)).toMatchObject({ name: 'Monthly report', visible: false, builtin: false });

    const del = await t.call('GET', '/system/menu/delete', { token: admin, query: { menuId: id } });
    expect(del.status).toBe(200);
    expect(await menuRow(id)).toBeUndefined();
    expect(flatten(await tree()).map((n) => n.permCode)).not.toContain(body.permCode);
  });

  it('refuses a permission code in use (409 naming permCode)', async () => {
    const res = await post('/system/menu/add', admin, menuBody({ permCode: PERM.station }));
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('Permission code: This permission code is already used');
    expect(res.body.data.fields[0].field).toBe('permCode');
    const mine = await post('/system/menu/add', admin, menuBody());
    const clash = await post('/system/menu/edit', admin, {
      ...menuBody({ permCode: PERM.report }),
      id: mine.body.data.id,
    });
    expect(clash.status).toBe(409);
  });

  it('validate their fields, naming each', async () => {
    const digits = await post('/system/menu/add', admin, menuBody({ permCode: 'abc' }));
    expect(digits.status).toBe(400);
    expect(digits.body.msg).toBe('Permission code: Digits only');
    const type = await post('/system/menu/add', admin, menuBody({ type: 'WIDGET' }));
    expect(type.status).toBe(400);
    expect(type.body.data.fields[0].field).toBe('type');
    const de = await t.call('POST', '/system/menu/add', {
      token: admin,
      body: menuBody({ name: '' }),
      lang: 'de-DE',
    });
    expect(de.body.msg).toBe('Name: Pflichtfeld');
  });

  it('refuse an unknown parent or a cycle (400 naming parentId)', async () => {
    const missing = await post('/system/menu/add', admin, menuBody({ parentId: 999_999 }));
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields[0].field).toBe('parentId');
    const top = await post('/system/menu/add', admin, menuBody({ type: 'CATALOG' }));
    const childBody = menuBody({ parentId: top.body.data.id });
    const child = await post('/system/menu/add', admin, childBody);
    const cycle = await post('/system/menu/edit', admin, {
      ...menuBody({ type: 'CATALOG' }),
      id: top.body.data.id,
      parentId: child.body.data.id,
    });
    expect(cycle.status).toBe(400);
    expect((await menuRow(top.body.data.id))!.parentId).toBeNull();
  });

  it('with sub-menus cannot be deleted (409)', async () => {
    const top = await post('/system/menu/add', admin, menuBody({ type: 'CATALOG' }));
    await post('/system/menu/add', admin, menuBody({ parentId: top.body.data.id }));
    const res = await t.call('GET', '/system/menu/delete', {
      token: admin,
      query: { menuId: top.body.data.id },
    });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('Delete the sub-menus first');
  });

  it('that do not exist answer 404', async () => {
    const del = await t.call('GET', '/system/menu/delete', { token: admin, query: { menuId: 999_999 } });
    expect(del.status).toBe(404);
    const edit = await post('/system/menu/edit', admin, { ...menuBody(), id: 999_999 });
    expect(edit.status).toBe(404);
  });
});

describe('built-in menus', () => {
  it('cannot be deleted (409)', async () => {
    const id = await idOf(PERM.systemUser);
    const res = await t.call('GET', '/system/menu/delete', { token: admin, query: { menuId: id } });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('A built-in menu cannot be deleted');
    expect(await menuRow(id)).toBeDefined();
  });

  it('keep their code and route when edited (name and visibility change)', async () => {
    const id = await idOf(PERM.report);
    const before = (await menuRow(id))!;
    const res = await post('/system/menu/edit', admin, {
      id,
      type: 'MENU',
      name: 'Reports',
      routePath: '/hacked',
      permCode: freshCode(),
      visible: true,
      sort: before.sort,
    });
    expect(res.status).toBe(200);
    expect(await menuRow(id)).toMatchObject({
      name: 'Reports',
      permCode: PERM.report,
      routePath: before.routePath,
      type: before.type,
    });
  });
});

describe('a hidden menu entry', () => {
  const codesOf = async (token: string) => {
    const res = await t.call('GET', '/auth/user/getUserInfo', { token });
    expect(res.status, res.body.msg).toBe(200);
    return new Set((res.body.data.rolePermList as { permList: string[] }[]).flatMap((r) => r.permList));
  };
  const setVisible = async (code: string, visible: boolean, lang?: 'de-DE') => {
    const row = (await menuRow(await idOf(code)))!;
    return t.call('POST', '/system/menu/edit', {
      token: admin,
      body: {
        id: row.id,
        parentId: row.parentId,
        type: row.type,
        name: row.name,
        permCode: row.permCode,
        ...(row.keyword ? { keyword: row.keyword } : {}),
        ...(row.routePath ? { routePath: row.routePath } : {}),
        ...(row.pagePath ? { pagePath: row.pagePath } : {}),
        ...(row.icon ? { icon: row.icon } : {}),
        sort: row.sort,
        visible,
      },
      ...(lang ? { lang } : {}),
    });
  };
  const bell = (token: string) => t.call('GET', '/iot/alarm/bell', { token });

  it('is off for everyone — its page, its buttons and what is below it — until it is shown again', async () => {
    const token = await t.call('POST', '/system/apiToken/add', {
      token: dealer,
      body: { name: `Hidden menu ${freshCode()}`, scope: 'READ_WRITE' },
    });
    expect(token.status, token.body.msg).toBe(200);
    const apiToken = token.body.data.token as string;
    expect((await bell(dealer)).status).toBe(200);
    expect((await bell(apiToken)).status).toBe(200);

    expect((await setVisible(PERM.fault, false)).status).toBe(200);
    for (const who of [admin, dealer]) {
      const codes = await codesOf(who);
      for (const code of [PERM.fault, PERM.faultAlarm, PERM.faultAlarmAck, PERM.faultAlarmClose])
        expect(codes.has(code), code).toBe(false);
      expect(codes.has(PERM.station)).toBe(true);
    }
    expect((await bell(dealer)).status).toBe(403);
    expect((await bell(apiToken)).status).toBe(403);
    // The menu admin still lists it, hidden, so that it can be shown again.
    expect(flatten(await tree()).find((n) => n.permCode === PERM.fault)).toBeDefined();

    expect((await setVisible(PERM.fault, true)).status).toBe(200);
    expect((await codesOf(dealer)).has(PERM.faultAlarmAck)).toBe(true);
    expect((await bell(apiToken)).status).toBe(200);
  });

  it('stays with the roles that had it when a role is saved meanwhile', async () => {
    const code = await addRole(t, { org: 'PVSTAR', type: 'DEALER', perms: [PERM.station, PERM.faultAlarm] });
    const roleId = await roleIdByCode(t, code);
    expect((await setVisible(PERM.faultAlarm, false)).status).toBe(200);
    const detail = await t.call('GET', `/system/role/detail/${roleId}`, { token: admin });
    expect(detail.status, detail.body.msg).toBe(200);
    const { roleName, roleCode, roleType, status, dataScope } = detail.body.data;
    const body = { id: roleId, roleName, roleCode, roleType, status, dataScope };
    // Sent back as read (hidden code included) and without it: both save, neither drops it.
    for (const permCodes of [detail.body.data.permCodes, [PERM.station]]) {
      const edit = await post('/system/role/edit', admin, { ...body, permCodes });
      expect(edit.status, edit.body.msg).toBe(200);
    }
    expect((await setVisible(PERM.faultAlarm, true)).status).toBe(200);
    const after = await t.call('GET', `/system/role/detail/${roleId}`, { token: admin });
    expect(after.body.data.permCodes).toEqual(expect.arrayContaining([PERM.station, PERM.faultAlarm]));
  });

  it('can be a single button: the page stays, the button goes', async () => {
    expect((await setVisible(PERM.faultAlarmClose, false)).status).toBe(200);
    const codes = await codesOf(dealer);
    expect(codes.has(PERM.faultAlarm)).toBe(true);
    expect(codes.has(PERM.faultAlarmClose)).toBe(false);
    expect((await setVisible(PERM.faultAlarmClose, true)).status).toBe(200);
    expect((await codesOf(dealer)).has(PERM.faultAlarmClose)).toBe(true);
  });

  it('is never the menu administration or what is above it (400 naming visible, nothing changes)', async () => {
    for (const code of [PERM.system, PERM.systemMenu, PERM.menuEdit]) {
      const res = await setVisible(code, false, 'de-DE');
      expect(res.status, code).toBe(400);
      expect(res.body.data.fields[0].field).toBe('visible');
      expect(res.body.msg).toMatch(/^Sichtbarkeit: Die Menüverwaltung/);
      expect((await menuRow(await idOf(code)))!.visible).toBe(true);
    }
    // A neighbour under System may go.
    expect((await setVisible(PERM.systemAudit, false)).status).toBe(200);
    expect((await codesOf(admin)).has(PERM.systemAudit)).toBe(false);
    expect((await setVisible(PERM.systemAudit, true)).status).toBe(200);
  });

  it('leaves the pages reached from a page alone (a detail page is hidden from the sidebar, not off)', async () => {
    const detail = (await menuRow(await idOf(PERM.stationDetail)))!;
    expect(detail.visible).toBe(false);
    expect((await codesOf(dealer)).has(PERM.stationDetail)).toBe(true);
    // Its flag is the table's, not the administrator's: an edit keeps it.
    expect((await setVisible(PERM.stationDetail, true)).status).toBe(200);
    expect((await menuRow(detail.id))!.visible).toBe(false);
  });
});

describe('menu administration by a non-admin', () => {
  it('is refused with 403 (dealer)', async () => {
    const id = await idOf(PERM.report);
    const results = [
      await post('/system/menu/add', dealer, menuBody()),
      await post('/system/menu/edit', dealer, { ...menuBody(), id }),
      await t.call('GET', '/system/menu/delete', { token: dealer, query: { menuId: id } }),
      await t.call('GET', '/system/menu/tree', { token: dealer }),
    ];
    for (const res of results) expect(res.status).toBe(403);
    // The dealer manages roles, so it may see what it can grant: only its own codes.
    const grantable = await t.call('GET', '/system/menu/grantable', { token: dealer });
    expect(grantable.status).toBe(200);
    expect(JSON.stringify(grantable.body.data)).not.toContain(`"${PERM.systemMenu}"`);
    expect((await menuRow(id))!.permCode).toBe(PERM.report);
  });

  it('the grantable tree holds only the caller codes', async () => {
    const custom = menuBody();
    expect((await post('/system/menu/add', admin, custom)).status).toBe(200);
    const res = await t.call('GET', '/system/menu/grantable', { token: admin });
    expect(res.status).toBe(200);
    const codes = flatten(res.body.data).map((n) => n.permCode);
    for (const node of flattenMenu()) expect(codes).toContain(node.code);
    // A new menu is in no role yet, so nobody holds (or may grant) it.
    expect(codes).not.toContain(custom.permCode);
  });
});

it('never answers with a password hash', () => {
  expect(t.responses.length).toBeGreaterThan(10);
  expect(leakedSecrets(t)).toEqual([]);
});
