import { DEFAULT_ROLE_PERMS, PERM } from '@pvstar/contract/perm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  buildTestApp,
  leakedSecrets,
  orgIdByName,
  roleIdByCode,
  type TestApp,
  unique,
} from '../../../test/helper.ts';
import { roleMenus, roles, userRoles } from '../../db/schema/index.ts';

let t: TestApp;
let admin: string;
/** A dealer user whose (custom) role adds role management to the dealer's default codes. */
let rm1: string;
/** The same, in a second dealer created by the admin. */
let rm2: string;
let rm2Role: number;
/** The code of the dealer role with role management. */
let rmCode: string;

const ROLE_CODES = [PERM.systemRole, PERM.roleAdd, PERM.roleEdit, PERM.roleDelete, PERM.roleStatus];
const post = (url: string, token: string, body: unknown) => t.call('POST', url, { token, body });
const roleBody = (over: Record<string, unknown> = {}) => ({
  roleName: 'Plant viewer',
  roleCode: unique('R_'),
  roleType: 'INSTALLER',
  dataScope: 'ORG',
  permCodes: [PERM.station, PERM.stationMonitor, PERM.report],
  ...over,
});
const userInfo = (token: string) => t.call('GET', '/auth/user/getUserInfo', { token });
const permsOf = (info: { body: { data: { rolePermList: { permList: string[] }[] } } }) =>
  new Set(info.body.data.rolePermList.flatMap((r) => r.permList));
const pageIds = async (token: string) => {
  const res = await t.call('POST', '/system/role/page', { token, body: {}, query: { pageSize: 100 } });
  expect(res.status).toBe(200);
  return res.body.data.list.map((r: { id: number }) => r.id) as number[];
};
const roleRow = async (id: number) => (await t.ctx.db.select().from(roles).where(eq(roles.id, id)))[0];

async function addRole(token: string, over: Record<string, unknown> = {}) {
  const res = await post('/system/role/add', token, roleBody(over));
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data.id as number;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  const rootId = await orgIdByName(t, 'PVSTAR');
  const code = unique('DEALER_RM');
  rmCode = code;
  await addRole(admin, {
    roleName: 'Dealer with role management',
    roleCode: code,
    roleType: 'DEALER',
    dataScope: 'ORG_AND_SUB',
    permCodes: [...DEFAULT_ROLE_PERMS.DEALER, ...ROLE_CODES],
  });
  const second = await post('/system/org/add', admin, {
    name: unique('Nordhandel'),
    type: 'DEALER',
    parentId: rootId,
  });
  const u1 = await addUser(t, { org: 'Sonnenhandel GmbH', roles: [code] });
  const u2 = await addUser(t, { org: second.body.data.id, roles: [code] });
  [rm1, rm2] = await Promise.all([t.login(u1.username, u1.password), t.login(u2.username, u2.password)]);
  rm2Role = await addRole(rm2, { roleName: 'Nord viewer' });
});
afterAll(() => t.close());

describe('adding roles', () => {
  it('adds a role within the caller grants; the detail lists its codes', async () => {
    const body = roleBody({ roleDesc: 'sees plants' });
    const res = await post('/system/role/add', rm1, body);
    expect(res.status).toBe(200);
    const detail = await t.call('GET', `/system/role/detail/${res.body.data.id}`, { token: rm1 });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      roleCode: body.roleCode,
      roleType: 'INSTALLER',
      dataScope: 'ORG',
      status: 'ENABLED',
      builtin: false,
      orgName: 'Sonnenhandel GmbH',
      userCount: 0,
    });
    expect([...detail.body.data.permCodes].sort()).toEqual([...body.permCodes].sort());
  });

  it('refuses codes the caller does not hold (403 naming permCodes)', async () => {
    const body = roleBody({ permCodes: [PERM.station, PERM.menuAdd] });
    const res = await post('/system/role/add', rm1, body);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('Function permissions: You cannot grant a permission you do not hold yourself');
    expect(res.body.data.fields[0].field).toBe('permCodes');
    expect(await t.ctx.db.select().from(roles).where(eq(roles.roleCode, body.roleCode))).toEqual([]);
  });

  it('refuses a data scope wider than the caller own (dealer giving ALL → 403)', async () => {
    const body = roleBody({ dataScope: 'ALL' });
    const res = await post('/system/role/add', rm1, body);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('Data permissions: You cannot grant wider data permissions than your own');
    expect(await t.ctx.db.select().from(roles).where(eq(roles.roleCode, body.roleCode))).toEqual([]);
  });

  it('refuses a role type above the caller’s organisation (dealer making a PROVIDER role → 403 naming roleType)', async () => {
    const body = roleBody({ roleType: 'PROVIDER' });
    const res = await t.call('POST', '/system/role/add', { token: rm1, body, lang: 'de-DE' });
    expect(res.status).toBe(403);
    expect(res.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['roleType']);
    expect(res.body.msg).toBe(
      'Rollentyp: Sie können keine Rolle eines Typs über dem Ihrer Organisation anlegen',
    );
    expect(await t.ctx.db.select().from(roles).where(eq(roles.roleCode, body.roleCode))).toEqual([]);
    // Raising one of its roles to a provider role is refused the same way, and changes nothing.
    const id = await addRole(rm1, { roleType: 'DEALER' });
    const before = await roleRow(id);
    const edit = await post('/system/role/edit', rm1, { id, ...roleBody({ roleType: 'PROVIDER' }) });
    expect(edit.status).toBe(403);
    expect(await roleRow(id)).toEqual(before);
  });

  it('needs function permissions (400 naming permCodes)', async () => {
    const res = await post('/system/role/add', rm1, roleBody({ permCodes: [] }));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Function permissions: Choose at least one function permission');
    expect(res.body.data.fields).toEqual([
      { field: 'permCodes', message: 'Choose at least one function permission' },
    ]);
    const de = await t.call('POST', '/system/role/add', {
      token: rm1,
      body: roleBody({ permCodes: [] }),
      lang: 'de-DE',
    });
    expect(de.body.msg.startsWith('Funktionsberechtigungen: ')).toBe(true);
  });

  it('needs data permissions (400 naming dataScope)', async () => {
    const { dataScope: _, ...body } = roleBody();
    const res = await post('/system/role/add', rm1, body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Data permissions: Choose the data permissions');
    expect(res.body.data.fields[0].field).toBe('dataScope');
  });

  it('refuses a role code in use (409)', async () => {
    const res = await post('/system/role/add', rm1, roleBody({ roleCode: 'OWNER' }));
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('Role code: This role code is already used');
  });

  it('refuses an unknown permission code, naming permCodes', async () => {
    const body = roleBody({ permCodes: [PERM.station, '99999'] });
    const res = await post('/system/role/add', admin, body);
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('permCodes');
    expect(res.body.msg).toBe('Function permissions: Unknown permission code');
    expect(await t.ctx.db.select().from(roles).where(eq(roles.roleCode, body.roleCode))).toEqual([]);
    const long = await post('/system/role/add', admin, roleBody({ permCodes: ['1'.repeat(21)] }));
    expect(long.status).toBe(400);
  });

  it('refuses an installer, which has no role management (403)', async () => {
    const installer = await t.login('demo-installer-a');
    expect((await post('/system/role/add', installer, roleBody())).status).toBe(403);
    expect((await t.call('POST', '/system/role/page', { token: installer, body: {} })).status).toBe(403);
  });

  it('lets the dealer manage roles within its own permissions', async () => {
    const dealer = await t.login('demo-dealer');
    const ok = await post(
      '/system/role/add',
      dealer,
      roleBody({ permCodes: [PERM.station, PERM.stationMonitor], dataScope: 'ORG' }),
    );
    expect(ok.status).toBe(200);
    const tooWide = await post('/system/role/add', dealer, roleBody({ dataScope: 'ALL' }));
    expect(tooWide.status).toBe(403);
    expect(tooWide.body.data.fields[0].field).toBe('dataScope');
    const menuCode = await post('/system/role/add', dealer, roleBody({ permCodes: [PERM.systemMenu] }));
    expect(menuCode.status).toBe(403);
  });
});

describe('seeing roles', () => {
  it('shows a dealer its own and the built-in roles, never another dealer roles', async () => {
    const mine = await addRole(rm1, { roleName: 'Sonnen viewer' });
    const ids1 = await pageIds(rm1);
    expect(ids1).toContain(mine);
    expect(ids1).toContain(await roleIdByCode(t, 'OWNER'));
    expect(ids1).not.toContain(rm2Role);
    const ids2 = await pageIds(rm2);
    expect(ids2).toContain(rm2Role);
    expect(ids2).not.toContain(mine);
    const all = await pageIds(admin);
    expect(all).toEqual(expect.arrayContaining([mine, rm2Role]));
  });

  it("answers 404 for another dealer's role on every route, and nothing changes", async () => {
    const before = await roleRow(rm2Role);
    const results = [
      await t.call('GET', `/system/role/detail/${rm2Role}`, { token: rm1 }),
      await post('/system/role/edit', rm1, { id: rm2Role, ...roleBody({ roleName: 'Hijacked' }) }),
      await post('/system/role/updateStatus', rm1, { id: rm2Role, status: 'DISABLED' }),
      await t.call('GET', '/system/role/delete', { token: rm1, query: { roleId: rm2Role } }),
    ];
    for (const res of results) expect(res.body).toEqual({ code: 404, msg: 'Not found', data: null });
    expect(await roleRow(rm2Role)).toEqual(before);
  });

  it('offers installer A only the roles it may hand out', async () => {
    const instA = await t.login('demo-installer-a');
    const res = await t.call('GET', '/system/role/options', { token: instA });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((r: { id: number }) => r.id);
    for (const code of ['INSTALLER_ADMIN', 'OWNER', 'GUEST'])
      expect(ids).toContain(await roleIdByCode(t, code));
    for (const code of ['PROVIDER_ADMIN', 'DEALER_ADMIN', 'DEMO_VIEWER'])
      expect(ids).not.toContain(await roleIdByCode(t, code));
  });
});

describe('editing roles', () => {
  it('saves a role of the caller', async () => {
    const id = await addRole(rm1);
    const res = await post('/system/role/edit', rm1, {
      id,
      ...roleBody({ roleName: 'Renamed', permCodes: [PERM.station], dataScope: 'SELF' }),
    });
    expect(res.status).toBe(200);
    expect(await roleRow(id)).toMatchObject({ roleName: 'Renamed', dataScope: 'SELF' });
    const codes = await t.ctx.db.select().from(roleMenus).where(eq(roleMenus.roleId, id));
    expect(codes).toHaveLength(1);
  });

  it('refuses to widen a role beyond the caller grants (403) and changes nothing', async () => {
    const id = await addRole(rm1);
    const before = await roleRow(id);
    const perms = await post('/system/role/edit', rm1, { id, ...roleBody({ permCodes: [PERM.menuDelete] }) });
    expect(perms.status).toBe(403);
    const scope = await post('/system/role/edit', rm1, { id, ...roleBody({ dataScope: 'ALL' }) });
    expect(scope.status).toBe(403);
    const { dataScope: _, ...noScope } = roleBody();
    const missing = await post('/system/role/edit', rm1, { id, ...noScope });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields[0].field).toBe('dataScope');
    expect(await roleRow(id)).toEqual(before);
  });

  it('refuses a dealer changing a built-in role (403)', async () => {
    const owner = await roleIdByCode(t, 'OWNER');
    const res = await post('/system/role/edit', rm1, {
      id: owner,
      ...roleBody({ roleCode: 'OWNER', roleType: 'OWNER', dataScope: 'SELF', permCodes: [PERM.station] }),
    });
    expect(res.status).toBe(403);
    const status = await post('/system/role/updateStatus', rm1, { id: owner, status: 'DISABLED' });
    expect(status.status).toBe(403);
    expect((await roleRow(owner))!.status).toBe('ENABLED');
  });
});

describe('role status and deletion', () => {
  it("disabling a role removes its codes from its users' user info, enabling restores them", async () => {
    const code = unique('R_');
    const id = await addRole(admin, { roleCode: code, permCodes: [PERM.station, PERM.report] });
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: [code] });
    const token = await t.login(u.username, u.password);
    expect(permsOf(await userInfo(token)).has(PERM.report)).toBe(true);

    const off = await post('/system/role/updateStatus', admin, { id, status: 'DISABLED' });
    expect(off.status).toBe(200);
    const info = await userInfo(token);
    expect(info.status).toBe(200);
    expect(info.body.data.rolePermList).toEqual([]);
    expect(permsOf(info).has(PERM.report)).toBe(false);

    await post('/system/role/updateStatus', admin, { id, status: 'ENABLED' });
    expect(permsOf(await userInfo(token)).has(PERM.report)).toBe(true);
  });

  it('a disabled role can no longer be assigned', async () => {
    const code = unique('R_');
    const id = await addRole(admin, { roleCode: code });
    await post('/system/role/updateStatus', admin, { id, status: 'DISABLED' });
    const res = await post('/system/user/add', admin, {
      orgId: await orgIdByName(t, 'Solartechnik Alpha'),
      username: unique('u'),
      nickname: 'x',
      email: `${unique('u')}@test.pvstar.local`,
      roleIds: [id],
    });
    expect(res.status).toBe(403);
  });

  it('refuses deleting a built-in role (400)', async () => {
    const guest = await roleIdByCode(t, 'GUEST');
    const res = await t.call('GET', '/system/role/delete', { token: admin, query: { roleId: guest } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('A built-in role cannot be deleted');
    expect(await roleRow(guest)).toBeDefined();
    const dealerTry = await t.call('GET', '/system/role/delete', { token: rm1, query: { roleId: guest } });
    expect(dealerTry.status).toBe(403);
  });

  it('deletes a custom role; its users lose its codes', async () => {
    const code = unique('R_');
    const id = await addRole(rm1, { roleCode: code, permCodes: [PERM.report] });
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN', code] });
    expect((await post('/system/role/page', rm1, { roleName: 'Plant viewer' })).status).toBe(200);
    const res = await t.call('GET', '/system/role/delete', { token: rm1, query: { roleId: id } });
    expect(res.status).toBe(200);
    expect(await roleRow(id)).toBeUndefined();
    expect(await t.ctx.db.select().from(userRoles).where(eq(userRoles.roleId, id))).toEqual([]);
    const token = await t.login(u.username, u.password);
    expect((await userInfo(token)).body.data.rolePermList).toHaveLength(1);
    expect((await t.call('GET', `/system/role/detail/${id}`, { token: rm1 })).status).toBe(404);
  });

  it('an organisation that is deleted takes its own roles along', async () => {
    const rootId = await orgIdByName(t, 'PVSTAR');
    const name = unique('Kurzhandel');
    const org = await post('/system/org/add', admin, { name, type: 'DEALER', parentId: rootId });
    const u = await addUser(t, { org: org.body.data.id, roles: [rmCode] });
    const id = await addRole(await t.login(u.username, u.password));
    expect((await roleRow(id))!.orgId).toBe(org.body.data.id);
    expect(
      (await t.call('GET', '/system/user/delete', { token: admin, query: { userId: u.id } })).status,
    ).toBe(200);
    const res = await post('/system/org/delete', admin, { id: org.body.data.id, confirmName: name });
    expect(res.status).toBe(200);
    expect(await roleRow(id)).toBeUndefined();
    expect(await t.ctx.db.select().from(roleMenus).where(eq(roleMenus.roleId, id))).toEqual([]);
  });
});

it('never answers with a password hash', () => {
  expect(t.responses.length).toBeGreaterThan(10);
  expect(leakedSecrets(t)).toEqual([]);
});
