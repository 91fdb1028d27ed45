import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldsOf } from '../../../test/auth-calls.ts';
import {
  addUser,
  buildTestApp,
  leakedSecrets,
  orgIdByName,
  roleIdByCode,
  type TestApp,
  unique,
} from '../../../test/helper.ts';
import { organizations, users } from '../../db/schema/index.ts';

let t: TestApp;
let admin: string;
let dealer: string;
let instA: string;
let rootId: number;
let dealerId: number;
let orgA: number;
let orgB: number;
/** A second dealer (created by the admin) with an installer below it: outside demo-dealer's subtree. */
let otherDealer: { id: number; name: string };
let otherInstaller: { id: number; name: string };

type TreeNode = { id: number; name: string; type: string; children: TreeNode[] };
const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const post = (url: string, token: string, body: unknown) => t.call('POST', url, { token, body });
const orgRow = async (id: number) =>
  (await t.ctx.db.select().from(organizations).where(eq(organizations.id, id)))[0];

async function createOrg(token: string, body: Record<string, unknown>) {
  const res = await post('/system/org/add', token, body);
  expect(res.status, res.body.msg).toBe(200);
  return { id: res.body.data.id as number, name: body.name as string };
}

beforeAll(async () => {
  t = await buildTestApp();
  [admin, dealer, instA] = await Promise.all([
    t.login('admin'),
    t.login('demo-dealer'),
    t.login('demo-installer-a'),
  ]);
  rootId = await orgIdByName(t, 'PVSTAR');
  dealerId = await orgIdByName(t, 'Sonnenhandel GmbH');
  orgA = await orgIdByName(t, 'Solartechnik Alpha');
  orgB = await orgIdByName(t, 'Energie Bravo');
  otherDealer = await createOrg(admin, { name: unique('Nordhandel'), type: 'DEALER', parentId: rootId });
  otherInstaller = await createOrg(admin, {
    name: unique('Nord Solar'),
    type: 'INSTALLER',
    parentId: otherDealer.id,
  });
});
afterAll(() => t.close());

describe('creating organisations', () => {
  it('lets the dealer create an installer under itself and list it', async () => {
    const name = unique('Neue Solar');
    const res = await post('/system/org/add', dealer, {
      name,
      type: 'INSTALLER',
      parentId: dealerId,
      contactName: 'Erika',
      contactEmail: 'erika@test.pvstar.local',
      contactPhone: '',
      address: 'Passau',
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Saved');
    const id = res.body.data.id;
    const list = await t.call('POST', '/system/org/page', { token: dealer, body: { name } });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({
      id,
      name,
      type: 'INSTALLER',
      parentId: dealerId,
      parentName: 'Sonnenhandel GmbH',
      contactPhone: null,
      status: 'NORMAL',
      childCount: 0,
      userCount: 0,
    });
    const detail = await t.call('GET', `/system/org/detail/${id}`, { token: dealer });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id, name, address: 'Passau' });
    expect((await orgRow(id))!.path).toBe(`/${rootId}/${dealerId}/${id}/`);
  });

  it('refuses an installer under an installer (400 naming the type)', async () => {
    const name = unique('Nested');
    const res = await post('/system/org/add', dealer, { name, type: 'INSTALLER', parentId: orgA });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Type: An organisation of this type cannot be placed under the chosen parent');
    expect(fieldsOf(res.body)).toEqual(['type']);
    expect(await t.ctx.db.select().from(organizations).where(eq(organizations.name, name))).toEqual([]);
  });

  it('refuses a type the caller has no add code for (dealer adding a dealer → 403)', async () => {
    const res = await post('/system/org/add', dealer, {
      name: unique('Rival'),
      type: 'DEALER',
      parentId: dealerId,
    });
    expect(res.status).toBe(403);
  });

  it('refuses a parent outside the subtree (404 naming the parent)', async () => {
    for (const parentId of [rootId, otherDealer.id, 999_999]) {
      const res = await post('/system/org/add', dealer, { name: unique('Out'), type: 'INSTALLER', parentId });
      expect(res.status).toBe(404);
      expect(fieldsOf(res.body)).toEqual(['parentId']);
    }
  });

  it('validates the fields, naming each', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Name: Required'],
      [{ name: '<img src=x onerror=alert(1)>' }, 'Name: Special characters are not allowed'],
      [{ contactEmail: 'nope' }, 'Contact e-mail: Invalid e-mail format'],
      [{ type: 'EMPIRE' }, 'Type: Choose one of the offered values'],
    ];
    for (const [over, msg] of cases) {
      const res = await post('/system/org/add', dealer, {
        name: unique('Valid'),
        type: 'INSTALLER',
        parentId: dealerId,
        ...over,
      });
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
  });
});

describe('an installer has no organisation codes', () => {
  it('gets 403 on the organisation routes', async () => {
    const results = [
      await t.call('POST', '/system/org/page', { token: instA, body: {} }),
      await t.call('GET', `/system/org/detail/${orgA}`, { token: instA }),
      await post('/system/org/add', instA, { name: unique('X'), type: 'OWNER', parentId: orgA }),
      await post('/system/org/edit', instA, { id: orgA, name: 'X', type: 'INSTALLER', parentId: dealerId }),
      await post('/system/org/delete', instA, { id: orgA, confirmName: 'Solartechnik Alpha' }),
      await post('/system/org/updateStatus', instA, { id: orgA, status: 'FREEZE' }),
    ];
    for (const res of results) expect(res.status).toBe(403);
    expect((await orgRow(orgA))!).toMatchObject({ name: 'Solartechnik Alpha', status: 'NORMAL' });
  });
});

describe("another dealer's organisations", () => {
  it('answer 404 to the dealer and nothing changes', async () => {
    const before = [await orgRow(otherDealer.id), await orgRow(otherInstaller.id)];
    const results = [
      await t.call('GET', `/system/org/detail/${otherInstaller.id}`, { token: dealer }),
      await post('/system/org/edit', dealer, {
        id: otherInstaller.id,
        name: 'Taken over',
        type: 'INSTALLER',
        parentId: dealerId,
      }),
      await post('/system/org/edit', dealer, {
        id: otherDealer.id,
        name: 'Taken over',
        type: 'DEALER',
        parentId: rootId,
      }),
      await post('/system/org/delete', dealer, { id: otherInstaller.id, confirmName: otherInstaller.name }),
      await post('/system/org/updateStatus', dealer, { id: otherInstaller.id, status: 'STOP' }),
      await post('/system/org/createEmp', dealer, {
        orgId: otherInstaller.id,
        username: unique('emp'),
        nickname: 'Emp',
        email: `${unique('emp')}@test.pvstar.local`,
        roleIds: [await roleIdByCode(t, 'INSTALLER_ADMIN')],
      }),
    ];
    for (const res of results) {
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('Not found');
    }
    expect([await orgRow(otherDealer.id), await orgRow(otherInstaller.id)]).toEqual(before);
    const page = await t.call('POST', '/system/org/page', {
      token: dealer,
      body: {},
      query: { pageSize: 100 },
    });
    const ids = page.body.data.list.map((o: { id: number }) => o.id);
    expect(ids).not.toContain(otherInstaller.id);
    expect(ids).not.toContain(otherDealer.id);
    expect(ids).not.toContain(rootId);
  });

  it('refuses to move an own installer under the other dealer (404)', async () => {
    const mine = await createOrg(dealer, { name: unique('Mover'), type: 'INSTALLER', parentId: dealerId });
    const res = await post('/system/org/edit', dealer, {
      id: mine.id,
      name: mine.name,
      type: 'INSTALLER',
      parentId: otherDealer.id,
    });
    expect(res.status).toBe(404);
    expect((await orgRow(mine.id))!.parentId).toBe(dealerId);
  });
});

describe('editing organisations', () => {
  it('saves the fields of an installer in the subtree', async () => {
    const mine = await createOrg(dealer, { name: unique('Edit Me'), type: 'INSTALLER', parentId: dealerId });
    const name = unique('Edited');
    const res = await post('/system/org/edit', dealer, {
      id: mine.id,
      name,
      type: 'INSTALLER',
      parentId: dealerId,
      description: 'Now with storage',
    });
    expect(res.status).toBe(200);
    expect(await orgRow(mine.id)).toMatchObject({ name, description: 'Now with storage' });
  });

  it('moves an installer and its subtree within the caller reach', async () => {
    const mover = await createOrg(admin, { name: unique('Mover'), type: 'INSTALLER', parentId: dealerId });
    const owner = await createOrg(admin, { name: unique('Owner'), type: 'OWNER', parentId: mover.id });
    const res = await post('/system/org/edit', admin, {
      id: mover.id,
      name: mover.name,
      type: 'INSTALLER',
      parentId: otherDealer.id,
    });
    expect(res.status).toBe(200);
    expect((await orgRow(mover.id))!.path).toBe(`/${rootId}/${otherDealer.id}/${mover.id}/`);
    expect((await orgRow(owner.id))!.path).toBe(`/${rootId}/${otherDealer.id}/${mover.id}/${owner.id}/`);
  });

  it('refuses moving an organisation under its own sub-organisation (400 naming the parent)', async () => {
    const top = await createOrg(admin, { name: unique('Top'), type: 'DEALER', parentId: rootId });
    const below = await createOrg(admin, { name: unique('Below'), type: 'INSTALLER', parentId: top.id });
    const res = await post('/system/org/edit', admin, {
      id: top.id,
      name: top.name,
      type: 'DEALER',
      parentId: below.id,
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['parentId']);
    expect((await orgRow(top.id))!.parentId).toBe(rootId);
  });

  it('refuses changing an installer into a dealer without the dealer code (403)', async () => {
    const mine = await createOrg(dealer, { name: unique('Promote'), type: 'INSTALLER', parentId: dealerId });
    const res = await post('/system/org/edit', dealer, {
      id: mine.id,
      name: mine.name,
      type: 'DEALER',
      parentId: dealerId,
    });
    expect(res.status).toBe(403);
    expect((await orgRow(mine.id))!.type).toBe('INSTALLER');
  });
});

describe('deleting organisations', () => {
  it('refuses while sub-organisations exist (409)', async () => {
    const res = await post('/system/org/delete', dealer, { id: orgA, confirmName: 'Solartechnik Alpha' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('Remove the sub-organisations first');
    expect(await orgRow(orgA)).toBeDefined();
  });

  it('needs the typed name (400 naming confirmName), then deletes', async () => {
    const mine = await createOrg(dealer, {
      name: unique('Delete Me'),
      type: 'INSTALLER',
      parentId: dealerId,
    });
    const wrong = await post('/system/org/delete', dealer, { id: mine.id, confirmName: 'Delete me' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe("Name to confirm: The name typed does not match the organisation's name");
    expect(fieldsOf(wrong.body)).toEqual(['confirmName']);
    expect(await orgRow(mine.id)).toBeDefined();
    const de = await t.call('POST', '/system/org/delete', {
      token: dealer,
      body: { id: mine.id, confirmName: '' },
      lang: 'de-DE',
    });
    expect(de.body.msg.startsWith('Name zur Bestätigung: ')).toBe(true);
    const ok = await post('/system/org/delete', dealer, { id: mine.id, confirmName: mine.name });
    expect(ok.status).toBe(200);
    expect(await orgRow(mine.id)).toBeUndefined();
    expect((await t.call('GET', `/system/org/detail/${mine.id}`, { token: dealer })).status).toBe(404);
  });

  it('refuses while users belong to it (409)', async () => {
    const mine = await createOrg(dealer, { name: unique('Staffed'), type: 'INSTALLER', parentId: dealerId });
    await addUser(t, { org: mine.id, roles: ['INSTALLER_ADMIN'] });
    const res = await post('/system/org/delete', dealer, { id: mine.id, confirmName: mine.name });
    expect(res.status).toBe(409);
    expect(await orgRow(mine.id)).toBeDefined();
  });

  it('refuses deleting or freezing the caller own organisation (400)', async () => {
    const del = await post('/system/org/delete', admin, { id: rootId, confirmName: 'PVSTAR' });
    expect(del.status).toBe(400);
    const freeze = await post('/system/org/updateStatus', admin, { id: rootId, status: 'FREEZE' });
    expect(freeze.status).toBe(400);
    expect((await orgRow(rootId))!.status).toBe('NORMAL');
  });
});

describe('organisation status', () => {
  it('freezing an installer ends the sessions of its users', async () => {
    const mine = await createOrg(dealer, { name: unique('Frozen'), type: 'INSTALLER', parentId: dealerId });
    const u = await addUser(t, { org: mine.id, roles: ['INSTALLER_ADMIN'] });
    const token = await t.login(u.username, u.password);
    const res = await post('/system/org/updateStatus', dealer, { id: mine.id, status: 'FREEZE' });
    expect(res.status).toBe(200);
    expect((await t.call('GET', '/auth/user/getUserInfo', { token })).status).toBe(401);
    expect((await orgRow(mine.id))!.status).toBe('FREEZE');
  });
});

describe('employees', () => {
  it('lets the dealer add an employee to installer A and edit them', async () => {
    const roleId = await roleIdByCode(t, 'INSTALLER_ADMIN');
    const username = unique('emp');
    const res = await post('/system/org/createEmp', dealer, {
      orgId: orgA,
      username,
      nickname: 'Employee',
      email: `${username}@test.pvstar.local`,
      roleIds: [roleId],
    });
    expect(res.status).toBe(200);
    const edit = await post('/system/org/editEmp', dealer, {
      id: res.body.data.id,
      orgId: orgB,
      nickname: 'Moved Employee',
      roleIds: [roleId],
    });
    expect(edit.status).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, res.body.data.id));
    expect(row).toMatchObject({ orgId: orgB, nickname: 'Moved Employee' });
  });
});

describe('the organisation tree', () => {
  it("contains only the dealer's subtree", async () => {
    const res = await post('/system/org/tree', dealer, {});
    expect(res.status).toBe(200);
    const roots = res.body.data as TreeNode[];
    expect(roots.map((r) => r.name)).toEqual(['Sonnenhandel GmbH']);
    const all = flatten(roots);
    const names = all.map((n) => n.name);
    expect(names).toEqual(expect.arrayContaining(['Solartechnik Alpha', 'Energie Bravo', 'Familie Weber']));
    const ids = all.map((n) => n.id);
    for (const id of [rootId, otherDealer.id, otherInstaller.id]) expect(ids).not.toContain(id);
    const a = all.find((n) => n.id === orgA)!;
    expect(a.children.map((c) => c.name)).toContain('Familie Weber');
    const installers = flatten((await post('/system/org/tree', dealer, { types: ['INSTALLER'] })).body.data);
    expect(installers.every((n) => n.type === 'INSTALLER')).toBe(true);
    expect(installers.map((n) => n.id)).toEqual(expect.arrayContaining([orgA, orgB]));
  });

  it("contains only installer A's subtree for installer A (tree is open to the user page)", async () => {
    const res = await post('/system/org/tree', instA, {});
    expect(res.status).toBe(200);
    const all = flatten(res.body.data);
    expect(all.map((n) => n.name).sort()).toEqual(['Familie Weber', 'Solartechnik Alpha']);
  });

  it('contains everything under the provider for the admin', async () => {
    const res = await post('/system/org/tree', admin, {});
    expect(res.body.data.map((r: TreeNode) => r.name)).toEqual(['PVSTAR']);
    const ids = flatten(res.body.data).map((n) => n.id);
    expect(ids).toEqual(expect.arrayContaining([dealerId, orgA, orgB, otherDealer.id, otherInstaller.id]));
  });
});

it('never answers with a password hash', () => {
  expect(leakedSecrets(t)).toEqual([]);
});
