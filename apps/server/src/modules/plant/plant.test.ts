import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PERM } from '@pvstar/contract/perm';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  deviceLatest,
  devices,
  dongles,
  organizations,
  plantEnergyDaily,
  plants,
  users,
} from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import {
  addRole,
  addUser,
  buildTestApp,
  leakedSecrets,
  nextIp,
  orgIdByName,
  type TestApp,
  unique,
  userIdByName,
} from '../../test/helper.ts';
import { verifyDongleSecret } from '../device/dongle-credentials.ts';

let t: TestApp;
let dataDir: string;
let admin: string;
let dealer: string;
let instA: string;
let instB: string;
let guest: string;
let owner: string;
let demo: string;
let orgA: number;
let orgB: number;

let serialCounter = 0;
/** A serial number no test has used: letters, digits and dashes, 6–32 characters. */
const serial = (kind: string) => {
  serialCounter += 1;
  return `${kind}-${Date.now().toString(36).toUpperCase().slice(-5)}${String(serialCounter).padStart(4, '0')}`;
};

/** A valid add body: one dongle with one inverter in Bavaria, Germany. */
const addBody = (over: Record<string, unknown> = {}) => ({
  stationName: unique('Plant '),
  stationType: 'PHOTOVOLTAIC',
  installedCapacity: 9.87,
  gridConnectionTime: '2025-05-01',
  buildDate: '2025-04-20',
  angleOfRoll: 30,
  azimuth: 0,
  onlineElectrovalence: 0.082,
  buyElectrovalence: 0.32,
  countryCode: 'DE',
  regionCode: 'DE-BY',
  detailAddress: 'Hauptstraße 5, Augsburg',
  latitude: 48.37,
  longitude: 10.89,
  devices: {
    dongles: [
      {
        sn: serial('DGL'),
        networkingMode: 'WIFI',
        inverters: [{ sn: serial('INV'), inverterType: 'SINGLE_PHASE', ratedPower: 6000 }],
        batteries: [],
      },
    ],
  },
  ...over,
});

const post = (url: string, token: string, body: unknown, lang?: 'en-GB' | 'de-DE' | 'zh-CN') =>
  t.call('POST', url, { token, body, ...(lang ? { lang } : {}) });
const get = (url: string, token: string, lang?: 'en-GB' | 'de-DE' | 'zh-CN') =>
  t.call('GET', url, { token, ...(lang ? { lang } : {}) });
const add = async (token: string, over: Record<string, unknown> = {}) => {
  const body = addBody(over);
  const res = await post('/station/station/add', token, body);
  expect(res.status, res.body.msg).toBe(200);
  return {
    body,
    data: res.body.data as { id: number; stationNo: string; dongles: { sn: string; secret: string }[] },
  };
};
type Row = { id: number; stationName: string; [k: string]: unknown };
const page = async (token: string, filter: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/station/station/page', {
    token,
    body: filter,
    query: { pageNum: 1, pageSize: 100 },
  });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data as { total: number; list: Row[] };
};
const plantCount = async () =>
  ((await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(plants)) as [{ n: number }])[0].n;
const editBodyOf = (id: number, body: ReturnType<typeof addBody>, over: Record<string, unknown> = {}) => ({
  id,
  ...body,
  ...over,
});

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-station-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  [admin, dealer, instA, instB, guest, owner] = await Promise.all([
    t.login('admin'),
    t.login('demo-dealer'),
    t.login('demo-installer-a'),
    t.login('demo-installer-b'),
    t.login('demo-guest'),
    t.login('demo-owner'),
  ]);
  const res = await t.call('POST', '/auth/user/demo/login', { body: {}, ip: nextIp() });
  demo = res.body.data as string;
  orgA = await orgIdByName(t, 'Solartechnik Alpha');
  orgB = await orgIdByName(t, 'Energie Bravo');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('adding a plant', () => {
  it('registers the plant with its dongle, returns the secret once and keeps only its hash', async () => {
    const { body, data } = await add(instA);
    expect(data.stationNo).toMatch(/^P\d{8}\d{4}$/);
    expect(data.dongles).toHaveLength(1);
    const [issued] = data.dongles;
    expect(issued!.sn).toBe(body.devices.dongles[0]!.sn);
    expect(Buffer.from(issued!.secret, 'base64url')).toHaveLength(32);

    const [stored] = await t.ctx.db.select().from(dongles).where(eq(dongles.sn, issued!.sn));
    expect(stored!.secretHash).toBe(sha256(issued!.secret));
    expect(stored!.secretHash).not.toContain(issued!.secret);
    expect(await verifyDongleSecret(t.ctx.db, issued!.sn, issued!.secret)).toBe(true);
    expect(await verifyDongleSecret(t.ctx.db, issued!.sn, `${issued!.secret.slice(0, -1)}x`)).toBe(false);

    const [plant] = await t.ctx.db.select().from(plants).where(eq(plants.id, data.id));
    expect(plant).toMatchObject({
      orgId: orgA,
      name: body.stationName,
      timezone: 'Europe/Berlin',
      countryCode: 'DE',
      regionCode: 'DE-BY',
      status: 'OFFLINE',
      tilt: 30,
      azimuth: 0,
      createdBy: await userIdByName(t, 'demo-installer-a'),
    });
    const devs = await t.ctx.db.select().from(devices).where(eq(devices.plantId, data.id));
    expect(devs.map((d) => [d.sn, d.kind, d.inverterType, d.ratedPower, d.status])).toEqual([
      [body.devices.dongles[0]!.inverters[0]!.sn, 'INVERTER', 'SINGLE_PHASE', 6000, 'NOT_CONNECTED'],
    ]);

    // The detail never shows the secret again, nor its hash.
    const detail = await get(`/station/station/detail/${data.id}`, instA);
    expect(detail.status).toBe(200);
    expect(detail.body.data.dongles[0]).toMatchObject({ sn: issued!.sn, status: 'NOT_CONNECTED' });
    expect(JSON.stringify(detail.body)).not.toContain(issued!.secret);
    expect(JSON.stringify(detail.body)).not.toContain(stored!.secretHash);
    expect(t.responses.filter((r) => r.includes(stored!.secretHash))).toEqual([]);
    expect(leakedSecrets(t)).toEqual([]);

    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'station.add'), eq(auditLog.targetId, String(data.id))));
    expect(entry?.detail).toMatchObject({ plantNo: data.stationNo, dongles: [issued!.sn] });
    expect(JSON.stringify(entry?.detail)).not.toContain(issued!.secret);
  });

  it('keeps each device’s bus address, and refuses one outside Modbus 1–247 naming the field', async () => {
    const dongle = (address: unknown) => ({
      sn: serial('DGL'),
      networkingMode: 'WIFI',
      inverters: [{ sn: serial('INV'), inverterType: 'SINGLE_PHASE', deviceAddress: 1 }],
      batteries: [{ sn: serial('BAT'), deviceAddress: address }],
      meters: [{ sn: serial('MTR') }],
    });
    const { data } = await add(instA, {
      stationType: 'ENERGY_STORAGE',
      energyStorage: 10,
      devices: { dongles: [dongle(2)] },
    });
    const detail = await get(`/station/station/detail/${data.id}`, instA);
    const addresses = detail.body.data.dongles[0].devices.map(
      (d: { kind: string; deviceAddress: number | null }) => [d.kind, d.deviceAddress],
    );
    expect(Object.fromEntries(addresses)).toEqual({ INVERTER: 1, BATTERY: 2, METER: null });
    const before = await plantCount();
    const bad = await post(
      '/station/station/add',
      instA,
      addBody({ devices: { dongles: [dongle(248)] } }),
      'en-GB',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('devices.dongles.0.batteries.0.deviceAddress');
    expect(await plantCount()).toBe(before);
  });

  it('numbers plants by day without gaps and fills a storage plant with its battery', async () => {
    const a = await add(instA);
    const b = await add(instA, {
      stationType: 'ENERGY_STORAGE',
      energyStorage: 10.24,
      devices: {
        dongles: [
          {
            sn: serial('DGL'),
            networkingMode: 'ETHERNET',
            inverters: [{ sn: serial('INV'), inverterType: 'THREE_PHASE' }],
            batteries: [{ sn: serial('BAT'), manufacturer: 'BYD', model: 'HVS 10.2' }],
            meters: [{ sn: serial('MTR') }],
          },
        ],
      },
    });
    expect(Number(b.data.stationNo.slice(9))).toBe(Number(a.data.stationNo.slice(9)) + 1);
    const kinds = await t.ctx.db
      .select({ kind: devices.kind, manufacturer: devices.manufacturer })
      .from(devices)
      .where(eq(devices.plantId, b.data.id))
      .orderBy(devices.kind);
    expect(kinds).toEqual([
      { kind: 'BATTERY', manufacturer: 'BYD' },
      { kind: 'INVERTER', manufacturer: null },
      { kind: 'METER', manufacturer: null },
    ]);
  });

  it('creates an owner organisation and account for an unknown contact, and sends the first password', async () => {
    const email = `${unique('owner')}@example.com`;
    const { data } = await add(instA, {
      ownerName: 'Familie Schulz',
      contactType: 'EMAIL',
      contactInformation: email,
    });
    const [plant] = await t.ctx.db.select().from(plants).where(eq(plants.id, data.id));
    expect(plant!.ownerUserId).not.toBeNull();
    const [user] = await t.ctx.db
      .select({ user: users, org: organizations })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.orgId))
      .where(eq(users.id, plant!.ownerUserId!));
    expect(user!.user.email).toBe(email.toLowerCase());
    expect(user!.org).toMatchObject({ type: 'OWNER', name: 'Familie Schulz', parentId: orgA });
    const [message] = await t.outboxFor(email.toLowerCase());
    expect(message!.body).toContain(user!.user.username);
    const password = message!.body.match(/password is (\S+?)\./)?.[1];
    expect(password).toBeTruthy();

    // The new owner signs in with it and sees exactly this plant.
    const ownerToken = await t.login(user!.user.username, password!);
    const mine = await page(ownerToken);
    expect(mine.list.map((r) => r.id)).toEqual([data.id]);
    const info = await get(`/auth/user/getUserInfo`, ownerToken);
    expect(info.body.data.rolePermList[0].roleType).toBe('OWNER');
  });

  it("links an existing owner within the caller's reach instead of creating one", async () => {
    const ownerId = await userIdByName(t, 'demo-owner');
    const before = (
      (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }]
    )[0].n;
    const { data } = await add(instA, {
      ownerName: 'Anna Weber',
      contactType: 'EMAIL',
      contactInformation: 'Owner@Demo.pvstar.local',
    });
    const [plant] = await t.ctx.db.select().from(plants).where(eq(plants.id, data.id));
    expect(plant!.ownerUserId).toBe(ownerId);
    expect(plant!.ownerContact).toBe('owner@demo.pvstar.local');
    const after = (
      (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }]
    )[0].n;
    expect(after).toBe(before);
    expect((await page(owner)).list.map((r) => r.id)).toContain(data.id);
    const detail = await get(`/station/station/detail/${data.id}`, instA);
    expect(detail.body.data).toMatchObject({
      userName: 'demo-owner',
      ownerName: 'Anna Weber',
      contactType: 'EMAIL',
      contactInformation: 'ow***@demo.pvstar.local',
    });
  });

  it('stores an out-of-reach contact on the plant only, answering as for any other owner', async () => {
    // An owner under installer B: installer A must neither link nor learn of the account.
    const bOwnerOrg = (
      await t.ctx.db
        .insert(organizations)
        .values({ name: unique('B owner '), type: 'OWNER', parentId: orgB, path: '' })
        .returning({ id: organizations.id })
    )[0]!.id;
    const [bOrg] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, orgB));
    await t.ctx.db
      .update(organizations)
      .set({ path: `${bOrg!.path}${bOwnerOrg}/` })
      .where(eq(organizations.id, bOwnerOrg));
    const bOwner = await addUser(t, { org: bOwnerOrg, roles: ['OWNER'] });
    const usersBefore = (
      (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }]
    )[0].n;

    const body = addBody({ ownerName: 'Someone', contactType: 'EMAIL', contactInformation: bOwner.email });
    const res = await post('/station/station/add', instA, body);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['dongles', 'id', 'stationNo']);
    const [plant] = await t.ctx.db.select().from(plants).where(eq(plants.id, res.body.data.id));
    expect(plant).toMatchObject({ ownerUserId: null, ownerName: 'Someone', ownerContact: bOwner.email });
    const usersAfter = (
      (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }]
    )[0].n;
    expect(usersAfter).toBe(usersBefore);
    expect(await t.outboxFor(bOwner.email)).toEqual([]);
    expect((await get(`/station/station/detail/${res.body.data.id}`, instA)).body.data.userName).toBeNull();
  });

  it('lets the dealer place a plant with an installer below it, not with an owner organisation', async () => {
    const { data } = await add(dealer, { orgId: orgB });
    expect((await t.ctx.db.select().from(plants).where(eq(plants.id, data.id)))[0]!.orgId).toBe(orgB);
    const ownerOrg = await orgIdByName(t, 'Familie Weber');
    const res = await post('/station/station/add', dealer, addBody({ orgId: ownerOrg }));
    expect(res.status).toBe(422);
    expect(res.body.data.fields[0].field).toBe('orgId');
    // Installer A cannot place a plant with installer B (out of reach: like a missing organisation).
    const outside = await post('/station/station/add', instA, addBody({ orgId: orgB }));
    expect(outside.status).toBe(404);
    expect(outside.body.data.fields[0].field).toBe('orgId');
  });
});

describe('refusing bad input, writing nothing', () => {
  const refused = async (over: Record<string, unknown>, status: number, field: string, text?: string) => {
    const before = await plantCount();
    const res = await post('/station/station/add', instA, addBody(over));
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    const fields = (res.body.data?.fields ?? []) as { field: string; message: string }[];
    expect(fields.map((f) => f.field)).toContain(field);
    if (text) expect(fields.find((f) => f.field === field)!.message).toBe(text);
    expect(await plantCount()).toBe(before);
    return res;
  };

  it('refuses a latitude of 91 and a longitude of -181', async () => {
    await refused({ latitude: 91 }, 400, 'latitude', 'Latitude lies between -90 and 90');
    await refused({ longitude: -181 }, 400, 'longitude', 'Longitude lies between -180 and 180');
  });

  it('refuses a negative tilt, an azimuth beyond 360 and no capacity', async () => {
    await refused({ angleOfRoll: -5 }, 400, 'angleOfRoll', 'Tilt lies between 0 and 90 degrees');
    await refused({ azimuth: 361 }, 400, 'azimuth');
    await refused({ installedCapacity: 0 }, 400, 'installedCapacity', 'Must be greater than 0');
  });

  it('asks for a device when there is none, and for an inverter on each dongle', async () => {
    await refused({ devices: { dongles: [] } }, 400, 'devices.dongles', 'Please add a device');
    await refused(
      { devices: { dongles: [{ sn: serial('DGL'), inverters: [], batteries: [] }] } },
      400,
      'devices.dongles.0.inverters',
      'Please add a device',
    );
  });

  it('asks to complete an incomplete battery', async () => {
    const res = await refused(
      {
        devices: {
          dongles: [
            {
              sn: serial('DGL'),
              inverters: [{ sn: serial('INV'), inverterType: 'SINGLE_PHASE' }],
              batteries: [{ sn: '', manufacturer: 'BYD' }],
            },
          ],
        },
      },
      400,
      'devices.dongles.0.batteries.0.sn',
      'Complete device and battery info',
    );
    expect(res.body.msg).toContain('Complete device and battery info');
  });

  it('wants storage capacity for a storage plant and a region of the chosen country', async () => {
    await refused({ stationType: 'ENERGY_STORAGE' }, 400, 'energyStorage', 'Required');
    await refused({ regionCode: 'AT-1' }, 422, 'regionCode');
    await refused({ countryCode: 'XX', regionCode: null }, 422, 'countryCode');
    await refused({ timezone: 'Mars/Olympus' }, 422, 'timezone');
  });

  it('refuses a serial named twice in one request', async () => {
    const sn = serial('INV');
    await refused(
      {
        devices: {
          dongles: [
            {
              sn: serial('DGL'),
              inverters: [
                { sn, inverterType: 'SINGLE_PHASE' },
                { sn, inverterType: 'SINGLE_PHASE' },
              ],
            },
          ],
        },
      },
      400,
      'devices.dongles.0.inverters.1.sn',
    );
  });

  it('refuses a serial registered anywhere with one answer, whoever holds it', async () => {
    const own = await add(instA);
    const foreign = await add(instB);
    const ownDongle = own.body.devices.dongles[0]!.sn;
    const foreignDongle = foreign.body.devices.dongles[0]!.sn;
    const foreignInverter = foreign.body.devices.dongles[0]!.inverters[0]!.sn;
    const dongleWith = (sn: string) => ({
      devices: {
        dongles: [{ sn, inverters: [{ sn: serial('INV'), inverterType: 'SINGLE_PHASE' }] }],
      },
    });
    const a = await refused(dongleWith(ownDongle), 409, 'devices.dongles.0.sn');
    const b = await refused(dongleWith(foreignDongle), 409, 'devices.dongles.0.sn');
    expect(b.body).toEqual(a.body);
    // The inverter of another tenant, and an inverter's serial used as a dongle: the same answer.
    const c = await refused(
      {
        devices: {
          dongles: [{ sn: serial('DGL'), inverters: [{ sn: foreignInverter, inverterType: 'THREE_PHASE' }] }],
        },
      },
      409,
      'devices.dongles.0.inverters.0.sn',
    );
    const fieldText = (r: typeof a) => r.body.data.fields[0].message;
    expect(fieldText(c)).toBe(fieldText(a));
    const d = await refused(dongleWith(foreignInverter), 409, 'devices.dongles.0.sn');
    expect(d.body).toEqual(a.body);
    // Lower case is the same serial.
    await refused(dongleWith(foreignDongle.toLowerCase()), 409, 'devices.dongles.0.sn');
  });
});

describe('editing a plant', () => {
  it('keeps existing serials and their secrets, issues secrets to new dongles, removes the rest', async () => {
    const batterySn = serial('BAT');
    const { body, data } = await add(instA, {
      ownerName: 'Familie Keller',
      contactType: 'MOBILE',
      contactInformation: '+49 170 5550101',
    });
    const first = body.devices.dongles[0]!;
    const [before] = await t.ctx.db.select().from(dongles).where(eq(dongles.sn, first.sn));
    const secondDongle = serial('DGL');
    const res = await post(
      '/station/station/edit',
      instA,
      editBodyOf(data.id, body, {
        stationName: `${body.stationName} (renamed)`,
        stationType: 'ENERGY_STORAGE',
        energyStorage: 5,
        // The owner's contact left empty: the stored one stays.
        contactInformation: '',
        devices: {
          dongles: [
            {
              sn: first.sn,
              networkingMode: 'ETHERNET',
              inverters: [{ sn: serial('INV'), inverterType: 'THREE_PHASE' }],
              batteries: [{ sn: batterySn }],
            },
            {
              sn: secondDongle,
              inverters: [{ sn: first.inverters[0]!.sn, inverterType: 'SINGLE_PHASE' }],
            },
          ],
        },
      }),
    );
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.dongles.map((d: { sn: string }) => d.sn)).toEqual([secondDongle]);
    const [after] = await t.ctx.db.select().from(dongles).where(eq(dongles.sn, first.sn));
    expect(after).toMatchObject({
      id: before!.id,
      secretHash: before!.secretHash,
      networkingMode: 'ETHERNET',
    });
    expect(await verifyDongleSecret(t.ctx.db, secondDongle, res.body.data.dongles[0].secret)).toBe(true);
    // The inverter moved to the new dongle and kept its row.
    const [moved] = await t.ctx.db.select().from(devices).where(eq(devices.sn, first.inverters[0]!.sn));
    const [second] = await t.ctx.db.select().from(dongles).where(eq(dongles.sn, secondDongle));
    expect(moved!.dongleId).toBe(second!.id);
    const [plant] = await t.ctx.db.select().from(plants).where(eq(plants.id, data.id));
    expect(plant).toMatchObject({
      name: `${body.stationName} (renamed)`,
      ownerContact: '+491705550101',
      ownerContactType: 'MOBILE',
      storageCapacity: 5,
      updatedBy: await userIdByName(t, 'demo-installer-a'),
    });

    // Removing the second dongle removes its devices and their data.
    const inverterId = moved!.id;
    await t.ctx.db.insert(deviceLatest).values({ deviceId: inverterId, ts: new Date(), data: { power: 1 } });
    const res2 = await post(
      '/station/station/edit',
      instA,
      editBodyOf(data.id, body, {
        contactInformation: '',
        devices: {
          dongles: [
            {
              sn: first.sn,
              inverters: [{ sn: serial('INV'), inverterType: 'THREE_PHASE' }],
            },
          ],
        },
      }),
    );
    expect(res2.status, res2.body.msg).toBe(200);
    expect(await t.ctx.db.select().from(dongles).where(eq(dongles.sn, secondDongle))).toEqual([]);
    expect(
      await t.ctx.db
        .select()
        .from(devices)
        .where(inArray(devices.sn, [batterySn, moved!.sn])),
    ).toEqual([]);
    expect(await t.ctx.db.select().from(deviceLatest).where(eq(deviceLatest.deviceId, inverterId))).toEqual(
      [],
    );
    expect(await verifyDongleSecret(t.ctx.db, secondDongle, res.body.data.dongles[0].secret)).toBe(false);
  });

  it('removes the owner when the owner fields are emptied', async () => {
    const { body, data } = await add(instA, {
      ownerName: 'Anna Weber',
      contactType: 'EMAIL',
      contactInformation: 'owner@demo.pvstar.local',
    });
    const res = await post(
      '/station/station/edit',
      instA,
      editBodyOf(data.id, body, { ownerName: '', contactType: null, contactInformation: '' }),
    );
    expect(res.status).toBe(200);
    const [plant] = await t.ctx.db.select().from(plants).where(eq(plants.id, data.id));
    expect(plant).toMatchObject({ ownerUserId: null, ownerName: null, ownerContact: null });
  });
});

describe('dongle secrets', () => {
  it('reissues a secret; the old one stops working', async () => {
    const { data } = await add(instA);
    const old = data.dongles[0]!;
    const [row] = await t.ctx.db.select().from(dongles).where(eq(dongles.sn, old.sn));
    const res = await post('/station/station/dongle/resetSecret', instA, { dongleId: row!.id });
    expect(res.status).toBe(200);
    expect(res.body.data.sn).toBe(old.sn);
    expect(res.body.data.secret).not.toBe(old.secret);
    expect(await verifyDongleSecret(t.ctx.db, old.sn, old.secret)).toBe(false);
    expect(await verifyDongleSecret(t.ctx.db, old.sn, res.body.data.secret)).toBe(true);
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'station.resetSecret'), eq(auditLog.targetId, String(row!.id))));
    expect(entry).toBeTruthy();
  });
});

describe('scope and permissions', () => {
  let plantA: Awaited<ReturnType<typeof add>>;
  let plantB: Awaited<ReturnType<typeof add>>;
  let dongleA: number;
  beforeAll(async () => {
    plantA = await add(instA, { stationName: unique('Scope A ') });
    plantB = await add(instB, { stationName: unique('Scope B ') });
    dongleA = (await t.ctx.db.select().from(dongles).where(eq(dongles.sn, plantA.data.dongles[0]!.sn)))[0]!
      .id;
  });

  it("answers 404 to installer B for everything of installer A's plant, and changes nothing", async () => {
    const id = plantA.data.id;
    const [before] = await t.ctx.db.select().from(plants).where(eq(plants.id, id));
    const [secretBefore] = await t.ctx.db.select().from(dongles).where(eq(dongles.id, dongleA));
    const answers = [
      await get(`/station/station/detail/${id}`, instB),
      await get(`/station/station/findAddress/${id}`, instB),
      await post('/station/station/edit', instB, editBodyOf(id, plantA.body, { stationName: 'Hijacked' })),
      await post('/station/station/delete', instB, { id, confirmName: plantA.body.stationName }),
      await post('/station/station/dongle/resetSecret', instB, { dongleId: dongleA }),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
    const missing = await get('/station/station/detail/999999', instB);
    expect(answers[0]!.body).toEqual(missing.body);
    expect((await t.ctx.db.select().from(plants).where(eq(plants.id, id)))[0]).toEqual(before);
    expect((await t.ctx.db.select().from(dongles).where(eq(dongles.id, dongleA)))[0]).toEqual(secretBefore);
  });

  it("keeps installer A's plants out of installer B's list and KPIs; the dealer sees both", async () => {
    const bList = await page(instB);
    expect(bList.list.map((r) => r.id)).not.toContain(plantA.data.id);
    expect(bList.list.map((r) => r.id)).toContain(plantB.data.id);
    expect(bList.list.every((r) => r.orgId === orgB)).toBe(true);
    const bKpi = await post('/station/station/kpi', instB, {});
    expect(bKpi.body.data.total).toBe(bList.total);
    const dealerIds = (await page(dealer)).list.map((r) => r.id);
    expect(dealerIds).toEqual(expect.arrayContaining([plantA.data.id, plantB.data.id]));
    // Filtering by installer A's organisation from B's side finds nothing.
    expect((await page(instB, { orgId: orgA })).total).toBe(0);
    expect((await page(dealer, { orgId: orgA })).list.every((r) => r.orgId === orgA)).toBe(true);
  });

  it('refuses writes of the demo login and the guest (403), and of a user without the code', async () => {
    const id = plantA.data.id;
    const writes = (token: string) => [
      post('/station/station/add', token, addBody()),
      post('/station/station/edit', token, editBodyOf(id, plantA.body)),
      post('/station/station/delete', token, { id, confirmName: plantA.body.stationName }),
      post('/station/station/dongle/resetSecret', token, { dongleId: dongleA }),
    ];
    for (const token of [demo, guest, owner]) {
      const answers = await Promise.all(writes(token));
      expect(
        answers.map((a) => a.status),
        token,
      ).toEqual([403, 403, 403, 403]);
    }
    // The guest and the demo login may look.
    expect((await page(guest)).list.map((r) => r.id)).toContain(id);
    expect((await page(demo)).list.map((r) => r.id)).toContain(id);

    // An installer role holding only the list page: looks, but changes nothing.
    const viewerRole = await addRole(t, { org: orgA, perms: [PERM.station, PERM.stationMonitor] });
    const viewer = await addUser(t, { org: orgA, roles: [viewerRole] });
    const viewerToken = await t.login(viewer.username, viewer.password);
    expect((await page(viewerToken)).list.map((r) => r.id)).toContain(id);
    const answers = await Promise.all(writes(viewerToken));
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403]);

    // A user of a role without the plant codes cannot even list.
    const bareRole = await addRole(t, { org: orgA, perms: [], scope: 'ORG' });
    const nobody = await addUser(t, { org: orgA, roles: [bareRole] });
    const nobodyToken = await t.login(nobody.username, nobody.password);
    const list = await t.call('POST', '/station/station/page', { token: nobodyToken, body: {} });
    expect(list.status).toBe(403);
    expect((await get(`/station/station/detail/${id}`, nobodyToken)).status).toBe(403);
  });

  it('deletes only after the plant name is typed, with its devices and data', async () => {
    const { body, data } = await add(instA, { stationName: unique('Throwaway ') });
    const wrong = await post('/station/station/delete', instA, {
      id: data.id,
      confirmName: 'something else',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields[0].field).toBe('confirmName');
    expect(await t.ctx.db.select().from(plants).where(eq(plants.id, data.id))).toHaveLength(1);
    const okRes = await post('/station/station/delete', instA, {
      id: data.id,
      confirmName: ` ${body.stationName} `,
    });
    expect(okRes.status).toBe(200);
    expect(await t.ctx.db.select().from(plants).where(eq(plants.id, data.id))).toEqual([]);
    expect(await t.ctx.db.select().from(dongles).where(eq(dongles.sn, data.dongles[0]!.sn))).toEqual([]);
    expect(await verifyDongleSecret(t.ctx.db, data.dongles[0]!.sn, data.dongles[0]!.secret)).toBe(false);
    expect((await get(`/station/station/detail/${data.id}`, instA)).status).toBe(404);
  });
});

describe('the list, KPIs and information', () => {
  it('filters by name, number, type, status and owner, newest first', async () => {
    const tag = unique('Filter');
    const one = await add(instA, {
      stationName: `${tag} one`,
      ownerName: 'Zora Quell',
      contactType: 'EMAIL',
      contactInformation: `${unique('z')}@example.com`,
    });
    const two = await add(instA, { stationName: `${tag} two`, stationType: 'BALCONY_PHOTOVOLTAICS' });
    const byName = await page(instA, { stationName: tag.toLowerCase() });
    expect(byName.list.map((r) => r.id)).toEqual([two.data.id, one.data.id]);
    expect((await page(instA, { stationNo: one.data.stationNo })).list.map((r) => r.id)).toEqual([
      one.data.id,
    ]);
    expect(
      (await page(instA, { stationName: tag, stationType: 'BALCONY_PHOTOVOLTAICS' })).list.map((r) => r.id),
    ).toEqual([two.data.id]);
    expect((await page(instA, { stationName: tag, ownerName: 'zora' })).list.map((r) => r.id)).toEqual([
      one.data.id,
    ]);
    const [ownerRow] = await t.ctx.db.select().from(plants).where(eq(plants.id, one.data.id));
    const [ownerUser] = await t.ctx.db.select().from(users).where(eq(users.id, ownerRow!.ownerUserId!));
    expect((await page(instA, { ownerName: ownerUser!.username })).list.map((r) => r.id)).toEqual([
      one.data.id,
    ]);
    expect((await page(instA, { stationName: tag, status: 'NORMAL' })).total).toBe(0);
    const bad = await t.call('POST', '/station/station/page', { token: instA, body: { status: 'SLEEPING' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('status');
  });

  it("shows live power and today's generation, and KPI totals equal the sum of the rows", async () => {
    const { data } = await add(instA, { stationName: unique('Live ') });
    const { data: idle } = await add(instA, { stationName: unique('Idle ') });
    const [inv] = await t.ctx.db.select().from(devices).where(eq(devices.plantId, data.id));
    await t.ctx.db.update(devices).set({ status: 'ONLINE' }).where(eq(devices.id, inv!.id));
    await t.ctx.db.update(plants).set({ status: 'NORMAL' }).where(eq(plants.id, data.id));
    await t.ctx.db
      .insert(deviceLatest)
      .values({ deviceId: inv!.id, ts: new Date(), data: { power: 3456.5 } });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    await t.ctx.db.insert(plantEnergyDaily).values([
      { plantId: data.id, day: today, generation: 12.345 },
      { plantId: data.id, day: '2020-01-01', generation: 99 },
    ]);
    // An offline plant has no current power, whatever its last values say.
    const [idleInv] = await t.ctx.db.select().from(devices).where(eq(devices.plantId, idle.id));
    await t.ctx.db
      .insert(deviceLatest)
      .values({ deviceId: idleInv!.id, ts: new Date(), data: { power: 999 } });

    const rows = await page(dealer);
    const live = rows.list.find((r) => r.id === data.id)!;
    expect(live).toMatchObject({
      currentPower: 3456.5,
      todayGeneration: 12.345,
      status: 'NORMAL',
      deviceCount: 2,
    });
    expect(rows.list.find((r) => r.id === idle.id)).toMatchObject({ currentPower: 0, todayGeneration: 0 });

    const kpi = (await post('/station/station/kpi', dealer, {})).body.data;
    expect(rows.total).toBe(rows.list.length);
    const sum = (key: string) => rows.list.reduce((s, r) => s + Number(r[key] ?? 0), 0);
    expect(kpi.total).toBe(rows.total);
    expect(kpi.installedCapacity).toBeCloseTo(sum('installedCapacity'), 3);
    expect(kpi.energyStorage).toBeCloseTo(sum('energyStorage'), 3);
    expect(kpi.todayGeneration).toBeCloseTo(sum('todayGeneration'), 3);
    expect(kpi.currentPower).toBeCloseTo(sum('currentPower'), 3);
    const byStatus = Object.values(kpi.byStatus as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(byStatus).toBe(kpi.total);
    expect(kpi.byStatus.NORMAL).toBe(rows.list.filter((r) => r.status === 'NORMAL').length);
    // The same filter narrows both.
    const filtered = await post('/station/station/kpi', dealer, { status: 'NORMAL' });
    expect(filtered.body.data.total).toBe(kpi.byStatus.NORMAL);
  });

  it('tells an offline plant whose dongle never reported ("not connected yet") from one that went silent', async () => {
    const { body, data } = await add(instA, { stationName: unique('Fresh ') });
    const listed = async () =>
      (await page(instA, { stationName: body.stationName })).list.find((r) => r.id === data.id);
    const detail = async () => (await get(`/station/station/detail/${data.id}`, instA)).body.data as Row;
    expect((await listed())?.status).toBe('OFFLINE');
    expect((await listed())?.neverConnected).toBe(true);
    expect((await detail()).neverConnected).toBe(true);

    // The dongle has been heard from once: offline now means it went silent.
    await t.ctx.db.update(dongles).set({ lastSeenAt: new Date() }).where(eq(dongles.plantId, data.id));
    expect((await listed())?.neverConnected).toBe(false);
    expect((await detail()).neverConnected).toBe(false);
  });

  it("names the location in the caller's language", async () => {
    const { data } = await add(instA);
    const de = await get(`/station/station/findAddress/${data.id}`, instA, 'de-DE');
    expect(de.body.data).toMatchObject({
      countryCode: 'DE',
      countryName: 'Deutschland',
      regionCode: 'DE-BY',
      regionNames: ['Deutschland', 'Bayern'],
      latitude: 48.37,
      longitude: 10.89,
      timezone: 'Europe/Berlin',
    });
    const en = await get(`/station/station/findAddress/${data.id}`, instA, 'en-GB');
    expect(en.body.data.regionNames).toEqual(['Germany', 'Bavaria']);
    const detail = await get(`/station/station/detail/${data.id}`, instA, 'zh-CN');
    expect(detail.body.data.stationArea).toBe('德国 / Bavaria');
    expect(detail.body.data).toMatchObject({
      organization: 'Solartechnik Alpha',
      angleOfRoll: 30,
      azimuth: 0,
      onlineElectrovalence: 0.082,
      buyElectrovalence: 0.32,
      currency: 'EUR',
      gridConnectionTime: '2025-05-01',
      buildDate: '2025-04-20',
      updateByName: 'demo-installer-a',
    });
  });

  it('offers the managing organisations within reach', async () => {
    const tree = await get('/station/station/orgTree', instB);
    expect(tree.status).toBe(200);
    expect(JSON.stringify(tree.body.data)).not.toContain('Solartechnik Alpha');
    expect(tree.body.data[0].name).toBe('Energie Bravo');
    const guestTree = await get('/station/station/orgTree', guest);
    expect(guestTree.status).toBe(200);
    const adminTree = await get('/station/station/orgTree', admin);
    expect(JSON.stringify(adminTree.body.data)).not.toContain('Familie Weber');
  });
});

describe('the fleet map', () => {
  type Point = { id: number; stationName: string; [k: string]: unknown };
  const map = async (token: string, filter: Record<string, unknown> = {}) => {
    const res = await post('/station/station/map', token, filter);
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as { list: Point[]; withoutLocation: number };
  };

  it("shows every plant of the caller's scope with its place, status and power now; none of another installer's", async () => {
    const { data: live } = await add(instA, {
      stationName: unique('Map live '),
      latitude: 48.1,
      longitude: 11.6,
    });
    const { data: fresh } = await add(instA, { stationName: unique('Map fresh ') });
    const { data: other } = await add(instB, { stationName: unique('Map other ') });
    const [inv] = await t.ctx.db.select().from(devices).where(eq(devices.plantId, live.id));
    await t.ctx.db.update(devices).set({ status: 'ONLINE' }).where(eq(devices.id, inv!.id));
    await t.ctx.db.update(plants).set({ status: 'NORMAL' }).where(eq(plants.id, live.id));
    await t.ctx.db
      .insert(deviceLatest)
      .values({ deviceId: inv!.id, ts: new Date(), data: { power: 2345.6 } });

    const a = await map(instA);
    expect(a.list.find((p) => p.id === live.id)).toEqual({
      id: live.id,
      stationName: expect.stringMatching(/^Map live /),
      status: 'NORMAL',
      neverConnected: false,
      latitude: 48.1,
      longitude: 11.6,
      installedCapacity: 9.87,
      currentPower: 2345.6,
    });
    // Not connected yet, as the list says it.
    expect(a.list.find((p) => p.id === fresh.id)).toMatchObject({ status: 'OFFLINE', neverConnected: true });
    expect(a.list.map((p) => p.id)).not.toContain(other.id);
    // The same plants as the list, all of them (not a page).
    const listed = await page(instA);
    expect(a.list.map((p) => p.id).sort()).toEqual(listed.list.map((r) => r.id).sort());
    expect(a.withoutLocation).toBe(0);

    const b = await map(instB);
    expect(b.list.map((p) => p.id)).toContain(other.id);
    expect(b.list.map((p) => p.id)).not.toContain(live.id);
    expect(JSON.stringify(b)).not.toContain('Map live ');
    const both = await map(dealer);
    expect(both.list.map((p) => p.id)).toEqual(expect.arrayContaining([live.id, fresh.id, other.id]));
  });

  it("honours the list's filters and counts the plants without coordinates instead of placing them", async () => {
    const name = unique('Map nowhere ');
    const { data: nowhere } = await add(instA, { stationName: name });
    await t.ctx.db.update(plants).set({ latitude: null, longitude: null }).where(eq(plants.id, nowhere.id));
    const all = await map(instA);
    expect(all.list.map((p) => p.id)).not.toContain(nowhere.id);
    expect(all.withoutLocation).toBe(1);
    const named = await map(instA, { stationName: name });
    expect(named).toEqual({ list: [], withoutLocation: 1 });
    const normal = await map(dealer, { status: 'NORMAL' });
    expect(normal.list.length).toBeGreaterThan(0);
    expect(normal.list.every((p) => p.status === 'NORMAL')).toBe(true);
  });

  it('refuses a bad filter with a 400 naming the field', async () => {
    const res = await post('/station/station/map', instA, { status: 'SOMETIMES' }, 'en-GB');
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^Status:/);
  });
});
