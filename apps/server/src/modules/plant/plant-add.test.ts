import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  leakedSecrets,
  orgIdByName,
  type TestApp,
  unique,
  userIdByName,
} from '../../../test/helper.ts';
import {
  addBody,
  type PlantFixture,
  serial,
  setUpPlants,
  tearDownPlants,
} from '../../../test/plant-fixture.ts';
import { auditLog, devices, dongles, organizations, plants, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { verifyDongleSecret } from '../device/dongle-credentials.ts';

/**
 * Adding a plant: what is stored, the owner it links or creates, and the bad input refused
 * (fixture in plant-fixture.ts).
 */

let t: TestApp;
let dealer: string;
let instA: string;
let instB: string;
let owner: string;
let orgA: number;
let orgB: number;
let dataDir: string;
let post: PlantFixture['post'];
let get: PlantFixture['get'];
let add: PlantFixture['add'];
let page: PlantFixture['page'];
let plantCount: PlantFixture['plantCount'];

beforeAll(async () => {
  ({ t, dealer, instA, instB, owner, orgA, orgB, dataDir, post, get, add, page, plantCount } =
    await setUpPlants());
});
afterAll(async () => {
  await tearDownPlants({ t, dataDir });
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
