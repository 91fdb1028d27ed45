import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, unique } from '../../../test/helper.ts';
import { type PlantFixture, type Row, setUpPlants, tearDownPlants } from '../../../test/plant-fixture.ts';
import { deviceLatest, devices, dongles, plantEnergyDaily, plants, users } from '../../db/schema/index.ts';

/**
 * The plant list, its KPIs and information, and the fleet map
 * (fixture in plant-fixture.ts).
 */

let t: TestApp;
let admin: string;
let dealer: string;
let instA: string;
let instB: string;
let guest: string;
let dataDir: string;
let post: PlantFixture['post'];
let get: PlantFixture['get'];
let add: PlantFixture['add'];
let page: PlantFixture['page'];

beforeAll(async () => {
  ({ t, admin, dealer, instA, instB, guest, dataDir, post, get, add, page } = await setUpPlants());
});
afterAll(async () => {
  await tearDownPlants({ t, dataDir });
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
