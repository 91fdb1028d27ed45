import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  buildTestApp,
  orgIdByName,
  type TestApp,
  unique,
  uniquePhone,
  userIdByName,
} from '../../../test/helper.ts';
import { plants, users } from '../../db/schema/index.ts';
import { createOrg } from '../../db/seed/seed.ts';

let t: TestApp;
let admin: string;
let dealer: string;
let instA: string;
let instB: string;
let guest: string;
let demoOwner: string;
let orgA: number;
let orgB: number;
/** Owners of this file's own: one under installer A (with a phone), one under installer B. */
let ownerA: { id: number; username: string; email: string; phone: string; orgId: number };
let ownerB: { id: number; username: string; email: string };
const plantIds: number[] = [];

type Row = { userId: number; username: string; [k: string]: unknown };
const page = async (token: string, body: Record<string, unknown> = {}, pageSize = 100) => {
  const res = await t.call('POST', '/system/owner/queryOwner', {
    token,
    body,
    query: { pageNum: 1, pageSize },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { total: number; list: Row[] };
};
const names = async (token: string, body: Record<string, unknown> = {}) =>
  (await page(token, body)).list.map((r) => r.username);
const ownerPlants = (token: string, userId: number) =>
  t.call('GET', '/system/owner/plants', { token, query: { userId } });
const reveal = (token: string, id: number, viewType: 'EMAIL' | 'MOBILE') =>
  t.call('POST', '/system/user/getMobileOrEmail', { token, body: { viewType, id } });

beforeAll(async () => {
  t = await buildTestApp();
  [admin, dealer, instA, instB, guest, demoOwner] = await Promise.all([
    t.login('admin'),
    t.login('demo-dealer'),
    t.login('demo-installer-a'),
    t.login('demo-installer-b'),
    t.login('demo-guest'),
    t.login('demo-owner'),
  ]);
  orgA = await orgIdByName(t, 'Solartechnik Alpha');
  orgB = await orgIdByName(t, 'Energie Bravo');
  const db = t.ctx.db;
  const ownerOrgA = await createOrg(db, { name: unique('Familie Test '), type: 'OWNER', parentId: orgA });
  const ownerOrgB = await createOrg(db, { name: unique('Familie Bravo '), type: 'OWNER', parentId: orgB });
  const phone = uniquePhone();
  const a = await addUser(t, { org: ownerOrgA, roles: ['OWNER'], prefix: 'owna', phone });
  ownerA = { ...a, phone, orgId: ownerOrgA };
  await db.update(users).set({ name: 'Greta Sonnenschein' }).where(eq(users.id, a.id));
  ownerB = await addUser(t, { org: ownerOrgB, roles: ['OWNER'], prefix: 'ownb' });
  // Two plants of owner A managed by installer A, one managed by installer B (out of A's reach).
  for (const [orgId, cap, name] of [
    [orgA, 5, 'Sonnendach Nord'],
    [orgA, 7.5, 'Carport Süd'],
    [orgB, 4, 'Ferienhaus'],
  ] as const) {
    const [row] = await db
      .insert(plants)
      .values({
        plantNo: unique('OWN'),
        orgId,
        ownerUserId: a.id,
        name,
        type: 'PHOTOVOLTAIC',
        installedCapacity: cap,
      })
      .returning({ id: plants.id });
    plantIds.push(row!.id);
  }
});
afterAll(() => t.close());

describe('the owner list', () => {
  it('shows installer A its owners (the Weber family among them) and no other users', async () => {
    const data = await page(instA);
    const list = data.list.map((r) => r.username);
    expect(list).toContain('demo-owner');
    expect(list).toContain(ownerA.username);
    expect(list).not.toContain(ownerB.username);
    expect(list).not.toContain('demo-installer-a');
    expect(list).not.toContain('demo-guest');
    expect(data.total).toBe(data.list.length);
    const weber = data.list.find((r) => r.username === 'demo-owner')!;
    expect(weber).toMatchObject({
      name: 'Anna Weber',
      orgName: 'Familie Weber',
      parentOrgName: 'Solartechnik Alpha',
      email: 'ow***@demo.pvstar.local',
      phone: null,
      status: 'NORMAL',
    });
    expect(Number.isNaN(Date.parse(weber.registerDate as string))).toBe(false);
  });

  it("counts only the owner's plants within the caller's scope", async () => {
    const rowA = (await page(instA)).list.find((r) => r.userId === ownerA.id)!;
    expect(rowA).toMatchObject({ name: 'Greta Sonnenschein', plantCount: 2, installedCapacity: 12.5 });
    const rowDealer = (await page(dealer)).list.find((r) => r.userId === ownerA.id)!;
    expect(rowDealer).toMatchObject({ plantCount: 3, installedCapacity: 16.5 });
  });

  it("keeps installer A's owners out of installer B's list, and the dealer sees both", async () => {
    const b = await names(instB);
    expect(b).toContain(ownerB.username);
    expect(b).not.toContain(ownerA.username);
    expect(b).not.toContain('demo-owner');
    const d = await names(dealer);
    expect(d).toEqual(expect.arrayContaining([ownerA.username, ownerB.username, 'demo-owner']));
  });

  it('filters by name, exact contact, organisation and status', async () => {
    expect(await names(instA, { name: 'SONNENSCHEIN' })).toEqual([ownerA.username]);
    expect(await names(instA, { name: 'weber' })).toEqual(['demo-owner']);
    expect(await names(instA, { name: ownerA.username.slice(0, 6) })).toContain(ownerA.username);
    // Exact after normalising: case and spacing do not matter, a part does not match.
    expect(await names(instA, { contact: ` ${ownerA.email.toUpperCase()} ` })).toEqual([ownerA.username]);
    const spaced = `${ownerA.phone.slice(0, 6)} ${ownerA.phone.slice(6)}`;
    expect(await names(instA, { contact: spaced })).toEqual([ownerA.username]);
    expect(await names(instA, { contact: ownerA.phone.slice(0, -1) })).toEqual([]);
    // Another installer's owner cannot be found by contact either.
    expect(await names(instB, { contact: ownerA.email })).toEqual([]);
    // An organisation: the owner organisation itself, or one above it.
    expect(await names(instA, { orgId: ownerA.orgId })).toEqual([ownerA.username]);
    const underB = await names(dealer, { orgId: orgB });
    expect(underB).toContain(ownerB.username);
    expect(underB).not.toContain(ownerA.username);
    expect(await names(instB, { orgId: orgA })).toEqual([]);
    await t.ctx.db.update(users).set({ status: 'FREEZE' }).where(eq(users.id, ownerA.id));
    expect(await names(instA, { status: 'FREEZE' })).toEqual([ownerA.username]);
    expect(await names(instA, { status: 'NORMAL' })).not.toContain(ownerA.username);
    await t.ctx.db.update(users).set({ status: 'NORMAL' }).where(eq(users.id, ownerA.id));
  });

  it('refuses a contact that is neither a whole phone number nor an e-mail address, naming the field', async () => {
    for (const contact of ['abc', 'x@', '12']) {
      const res = await t.call('POST', '/system/owner/queryOwner', { token: instA, body: { contact } });
      expect(res.status).toBe(400);
      expect(res.body.data.fields).toEqual([
        { field: 'contact', message: 'Enter a complete phone number or e-mail address' },
      ]);
    }
    const badStatus = await t.call('POST', '/system/owner/queryOwner', {
      token: instA,
      body: { status: 'GONE' },
    });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['status']);
    const badSize = await t.call('POST', '/system/owner/queryOwner', {
      token: instA,
      body: {},
      query: { pageSize: 7 },
    });
    expect(badSize.status).toBe(400);
    expect(badSize.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['pageSize']);
  });

  it('pages in a stable order', async () => {
    const all = await page(admin);
    const first = await page(admin, {}, 10);
    expect(first.total).toBe(all.total);
    expect(first.list.map((r) => r.userId)).toEqual(all.list.slice(0, 10).map((r) => r.userId));
    const ids = all.list.map((r) => r.userId);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
  });

  it('never sends an unmasked contact in a list', async () => {
    await page(admin);
    await page(dealer, { contact: ownerA.phone });
    const lists = t.responses.filter((r) => r.includes('"list"'));
    expect(lists.length).toBeGreaterThan(3);
    for (const body of lists) {
      expect(body).not.toContain(ownerA.email);
      expect(body).not.toContain(ownerA.phone);
      expect(body).not.toContain('owner@demo.pvstar.local');
    }
  });

  it('answers 403 without the owner list code', async () => {
    for (const res of [
      await t.call('POST', '/system/owner/queryOwner', { token: demoOwner, body: {} }),
      await ownerPlants(demoOwner, ownerA.id),
    ])
      expect(res.status).toBe(403);
    expect((await t.call('POST', '/system/owner/queryOwner', { body: {} })).status).toBe(401);
  });
});

describe("an owner's plants", () => {
  it('lists the plants within scope', async () => {
    const res = await ownerPlants(instA, ownerA.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: plantIds[0],
        stationNo: expect.any(String),
        stationName: 'Sonnendach Nord',
        type: 'PHOTOVOLTAIC',
        status: 'OFFLINE',
        installedCapacity: 5,
      },
      expect.objectContaining({ id: plantIds[1], stationName: 'Carport Süd', installedCapacity: 7.5 }),
    ]);
    const all = await ownerPlants(dealer, ownerA.id);
    expect(all.body.data.map((p: { id: number }) => p.id)).toEqual(plantIds);
    // The guest of installer A may look (list code) too.
    expect((await ownerPlants(guest, ownerA.id)).body.data).toHaveLength(2);
  });

  it("answers 404 for another installer's owner, exactly like for no one, and for a non-owner", async () => {
    const missing = await ownerPlants(instB, 999_999);
    expect(missing.status).toBe(404);
    const foreign = await ownerPlants(instB, ownerA.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    const installer = await ownerPlants(dealer, await userIdByName(t, 'demo-installer-a'));
    expect(installer.status).toBe(404);
  });
});

describe('revealing an owner contact (through the user route)', () => {
  it('reveals with the reveal code and in scope', async () => {
    const phone = await reveal(instA, ownerA.id, 'MOBILE');
    expect(phone.status).toBe(200);
    expect(phone.body.data).toBe(ownerA.phone);
    const email = await reveal(dealer, ownerA.id, 'EMAIL');
    expect(email.body.data).toBe(ownerA.email);
  });

  it('answers 403 without 2003001001 and 404 outside the scope', async () => {
    const noCode = await reveal(guest, ownerA.id, 'EMAIL');
    expect(noCode.status).toBe(403);
    expect(JSON.stringify(noCode.body)).not.toContain(ownerA.email);
    const foreign = await reveal(instB, ownerA.id, 'EMAIL');
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(ownerA.email);
  });
});
