import { CO2_KG_PER_TREE_YEAR, DASHBOARD_TREND_DAYS, GRID_CO2_DEFAULT } from '@pvstar/contract/dashboard';
import type { DeviceStatus } from '@pvstar/contract/enums';
import type { DeviceKind } from '@pvstar/contract/metrics';
import { PERM } from '@pvstar/contract/perm';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, addUser, buildTestApp, orgIdByName, type TestApp, unique } from '../../../test/helper.ts';
import { sqlRows } from '../../db/rows.ts';
import { deviceLatest, devices, dongles, plantEnergyDaily, plants } from '../../db/schema/index.ts';
import { createOrg } from '../../db/seed/seed.ts';
import { localDay } from '../../domain/calendar.ts';
import { refreshPowerNow } from '../../domain/power-now-rollup.ts';

/**
 * A tree of its own (dealer → installers A and B → an owner under A), so that whatever demo plants the
 * seed adds never enter the hand-computed sums.
 */
let t: TestApp;
const tokens: Record<'dealer' | 'instA' | 'instB' | 'owner' | 'guest' | 'noPlants', string> = {} as never;
const ids: Record<'A1' | 'A2' | 'B1' | 'B2', number> = {} as never;
const today = localDay(Date.now(), 'Europe/Berlin');
const daysBefore = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

type Energy = [gen: number, cons: number, feedIn: number, purchase: number, revenue: number];

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.ctx.db;
  const root = await orgIdByName(t, 'PVSTAR');
  const dealer = await createOrg(db, { name: unique('Dash Dealer '), type: 'DEALER', parentId: root });
  const instA = await createOrg(db, { name: unique('Dash Inst A '), type: 'INSTALLER', parentId: dealer });
  const instB = await createOrg(db, { name: unique('Dash Inst B '), type: 'INSTALLER', parentId: dealer });
  const ownerOrg = await createOrg(db, { name: unique('Dash Owner '), type: 'OWNER', parentId: instA });

  // A role that opens the system pages but no plant area.
  const noPlantRole = await addRole(t, { org: root, perms: [PERM.system, PERM.systemUser] });

  const users = {
    dealer: await addUser(t, { org: dealer, roles: ['DEALER_ADMIN'], prefix: 'dd' }),
    instA: await addUser(t, { org: instA, roles: ['INSTALLER_ADMIN'], prefix: 'da' }),
    instB: await addUser(t, { org: instB, roles: ['INSTALLER_ADMIN'], prefix: 'db' }),
    owner: await addUser(t, { org: ownerOrg, roles: ['OWNER'], prefix: 'do' }),
    guest: await addUser(t, { org: instA, roles: ['GUEST'], prefix: 'dg' }),
    noPlants: await addUser(t, { org: instA, roles: [noPlantRole], prefix: 'dn' }),
  };
  for (const [k, u] of Object.entries(users)) tokens[k as keyof typeof tokens] = await t.login(u.username);

  const plant = async (
    key: keyof typeof ids,
    values: Partial<typeof plants.$inferInsert> & { orgId: number; installedCapacity: number },
  ) => {
    const [row] = await db
      .insert(plants)
      .values({ plantNo: unique('DSH'), name: `Plant ${key}`, type: 'PHOTOVOLTAIC', ...values })
      .returning({ id: plants.id });
    ids[key] = row!.id;
  };
  await plant('A1', {
    orgId: instA,
    ownerUserId: users.owner.id,
    type: 'ENERGY_STORAGE',
    installedCapacity: 10,
    storageCapacity: 5,
    status: 'NORMAL',
  });
  await plant('A2', { orgId: instA, installedCapacity: 6.5, status: 'FAULT' });
  await plant('B1', {
    orgId: instB,
    installedCapacity: 20,
    storageCapacity: 10,
    status: 'WARNING',
    currency: 'CHF',
  });
  await plant('B2', { orgId: instB, installedCapacity: 3, status: 'OFFLINE' });

  const days: [keyof typeof ids, string, Energy][] = [
    ['A1', today, [12, 8, 5, 1, 2.5]],
    ['A1', daysBefore(1), [20, 10, 12, 2, 4]],
    ['A1', daysBefore(400), [30, 15, 20, 5, 6]],
    ['A2', today, [7, 0, 7, 0, 0.7]],
    // The first day of the trend window, and the day just before it.
    ['A2', daysBefore(DASHBOARD_TREND_DAYS - 1), [3, 1, 2, 0, 0.3]],
    ['A2', daysBefore(DASHBOARD_TREND_DAYS), [4, 0, 4, 0, 0.4]],
    ['B1', today, [50, 20, 40, 10, 6]],
    ['B1', daysBefore(1), [40, 15, 30, 5, 5]],
  ];
  await db.insert(plantEnergyDaily).values(
    days.map(([key, day, [generation, consumption, feedIn, purchase, revenue]]) => ({
      plantId: ids[key],
      day,
      generation,
      consumption,
      feedIn,
      purchase,
      revenue,
    })),
  );

  const device = async (
    key: keyof typeof ids,
    kind: DeviceKind,
    status: DeviceStatus,
    latest?: Record<string, number>,
  ) => {
    const sn = unique('DSN');
    let [dongle] = await db.select().from(dongles).where(eq(dongles.plantId, ids[key]));
    if (!dongle)
      [dongle] = await db
        .insert(dongles)
        .values({ sn: unique('DGL'), plantId: ids[key], secretHash: 'x', status: 'ONLINE' })
        .returning();
    const [row] = await db
      .insert(devices)
      .values({ sn, dongleId: dongle!.id, plantId: ids[key], kind, status })
      .returning({ id: devices.id });
    if (latest) await db.insert(deviceLatest).values({ deviceId: row!.id, ts: new Date(), data: latest });
    // As ingest would: the plant's power now follows its devices.
    await refreshPowerNow(db, { plantIds: [ids[key]] }, new Date());
  };
  const flow = (
    power: number,
    pvPower: number,
    gridPower: number,
    loadPower: number,
    batteryPower: number,
  ) => ({
    power,
    pvPower,
    gridPower,
    loadPower,
    batteryPower,
  });
  await device('A1', 'INVERTER', 'ONLINE', flow(3000, 3200, -500, 2000, -700));
  await device('A1', 'BATTERY', 'ONLINE', { power: -700, soc: 50 });
  // Offline: its last values are stale and must not count.
  await device('A2', 'INVERTER', 'OFFLINE', flow(999, 999, 999, 999, 999));
  // In fault but still reporting: counts.
  await device('A2', 'INVERTER', 'FAULT', flow(100, 100, 50, 150, 0));
  await device('B1', 'INVERTER', 'ONLINE', flow(5000, 5000, -4000, 1000, 0));
  await device('B1', 'METER', 'NOT_CONNECTED');
});
afterAll(() => t.close());

const dashboard = async (token: string) => {
  const res = await t.call('GET', '/station/dashboard', { token });
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('dashboard figures', () => {
  it("equal the hand-computed sums of installer A's plants", async () => {
    const d = await dashboard(tokens.instA);
    expect(d).toMatchObject({
      plantCount: 2,
      installedCapacity: 16.5,
      energyStorage: 5,
      faultCount: 1,
      alarmCount: 0,
      statusCounts: { OFFLINE: 0, NORMAL: 1, WARNING: 0, FAULT: 1 },
      todayGeneration: 19,
      totalGeneration: 76,
      currency: 'EUR',
      todayRevenue: 3.2,
      totalRevenue: 13.9,
      revenueByCurrency: [{ currency: 'EUR', plantCount: 2, today: 3.2, total: 13.9 }],
      recentAlerts: [],
    });
    // Yield = self-consumption + feed-in, per plant and day: today 7 + 0, in total 7+8+10 + 0+1+0.
    expect(d.pie.today).toEqual({
      generation: 19,
      selfConsumption: 7,
      feedIn: 12,
      yieldSelfConsumed: 7,
      yieldFedIn: 12,
      batteryRetained: 0,
      purchase: 1,
      consumption: 8,
    });
    expect(d.pie.total).toEqual({
      generation: 76,
      selfConsumption: 26,
      feedIn: 50,
      yieldSelfConsumed: 26,
      yieldFedIn: 50,
      batteryRetained: 0,
      purchase: 8,
      consumption: 34,
    });
    // The offline inverter's stale values are left out; the one in fault still reports.
    expect(d.powerFlow).toEqual({
      ts: expect.any(String),
      pvPower: 3300,
      gridPower: -450,
      loadPower: 2150,
      batteryPower: -700,
      inverterCount: 2,
    });
  });

  it('lists the plants by power now, with their devices grouped by kind and status', async () => {
    const d = await dashboard(tokens.instA);
    expect(d.plants.map((p: { id: number }) => p.id)).toEqual([ids.A1, ids.A2]);
    const [a1, a2] = d.plants;
    expect(a1).toMatchObject({
      stationName: 'Plant A1',
      type: 'ENERGY_STORAGE',
      status: 'NORMAL',
      installedCapacity: 10,
      // PV power now, the plant list's figure (not the AC output, 3000 W while charging the battery).
      power: 3200,
      todayGeneration: 12,
    });
    // Per kind in the catalogue's order (inverter first), each with every state counted.
    expect(a1.deviceGroups).toEqual([
      {
        kind: 'INVERTER',
        total: 1,
        byStatus: { ONLINE: 1, OFFLINE: 0, NOT_CONNECTED: 0, FAULT: 0, ABNORMAL: 0 },
      },
      {
        kind: 'BATTERY',
        total: 1,
        byStatus: { ONLINE: 1, OFFLINE: 0, NOT_CONNECTED: 0, FAULT: 0, ABNORMAL: 0 },
      },
    ]);
    expect(a2).toMatchObject({ power: 100, todayGeneration: 7, status: 'FAULT' });
    expect(a2.deviceGroups).toEqual([
      {
        kind: 'INVERTER',
        total: 2,
        byStatus: { ONLINE: 0, OFFLINE: 1, NOT_CONNECTED: 0, FAULT: 1, ABNORMAL: 0 },
      },
    ]);
  });

  it('has a zero-filled trend of 365 days that ends today', async () => {
    const d = await dashboard(tokens.instA);
    expect(d.trend).toHaveLength(DASHBOARD_TREND_DAYS);
    expect(d.trend.at(-1)).toEqual({ day: today, generation: 19, consumption: 8 });
    expect(d.trend.at(-2)).toEqual({ day: daysBefore(1), generation: 20, consumption: 10 });
    expect(d.trend[0]).toEqual({ day: daysBefore(DASHBOARD_TREND_DAYS - 1), generation: 3, consumption: 1 });
    // Consecutive days, and the only non-zero ones are the three with rows.
    expect(d.trend.map((e: { day: string }) => e.day)).toEqual(
      Array.from({ length: DASHBOARD_TREND_DAYS }, (_, i) => daysBefore(DASHBOARD_TREND_DAYS - 1 - i)),
    );
    expect(d.trend.filter((e: { generation: number }) => e.generation > 0)).toHaveLength(3);
    expect(d.trend.reduce((s: number, e: { generation: number }) => s + e.generation, 0)).toBe(42);
  });

  it("derives CO₂ from the total generation under the default grid factor (plants without a country's)", async () => {
    const d = await dashboard(tokens.instA);
    expect(d.social.grids).toEqual([
      { countryCode: null, ...GRID_CO2_DEFAULT, plantCount: 2, generation: 76 },
    ]);
    // Exact: the card rounds them as it shows them.
    expect(d.social.co2ReducedT).toBeCloseTo((76 * GRID_CO2_DEFAULT.kgPerKwh) / 1000, 8);
    expect(d.social.treeYears).toBeCloseTo((76 * GRID_CO2_DEFAULT.kgPerKwh) / CO2_KG_PER_TREE_YEAR, 8);
    expect(d.social.co2KgPerTreeYear).toBe(CO2_KG_PER_TREE_YEAR);
  });
});

describe('dashboard scope', () => {
  it("leaves installer A's plants out of installer B's dashboard", async () => {
    const d = await dashboard(tokens.instB);
    expect(d.plants.map((p: { id: number }) => p.id)).toEqual([ids.B1, ids.B2]);
    expect(d).toMatchObject({
      plantCount: 2,
      installedCapacity: 23,
      faultCount: 0,
      statusCounts: { OFFLINE: 1, NORMAL: 0, WARNING: 1, FAULT: 0 },
      todayGeneration: 50,
      totalGeneration: 90,
      // One plant in each currency: the tie goes to the first alphabetically.
      currency: 'CHF',
      todayRevenue: 6,
      totalRevenue: 11,
    });
    expect(d.powerFlow).toMatchObject({ pvPower: 5000, gridPower: -4000, inverterCount: 1 });
    expect(d.plants[0].deviceGroups.map((g: { kind: string }) => g.kind)).toEqual(['INVERTER', 'METER']);
    expect(d.plants[1].deviceGroups).toEqual([]);
  });

  it("gives the dealer both installers' plants, revenue in the currency most plants use", async () => {
    const d = await dashboard(tokens.dealer);
    expect(d).toMatchObject({
      plantCount: 4,
      installedCapacity: 39.5,
      energyStorage: 15,
      faultCount: 1,
      statusCounts: { OFFLINE: 1, NORMAL: 1, WARNING: 1, FAULT: 1 },
      todayGeneration: 69,
      totalGeneration: 166,
      currency: 'EUR',
      todayRevenue: 3.2,
      totalRevenue: 13.9,
    });
    expect(d.revenueByCurrency).toEqual([
      { currency: 'EUR', plantCount: 3, today: 3.2, total: 13.9 },
      { currency: 'CHF', plantCount: 1, today: 6, total: 11 },
    ]);
    expect(d.plants.map((p: { id: number }) => p.id)).toEqual([ids.B1, ids.A1, ids.A2, ids.B2]);
    expect(d.powerFlow.pvPower).toBe(8300);
    expect(d.trend.at(-1)).toEqual({ day: today, generation: 69, consumption: 28 });
  });

  it('shows an owner only their own plants', async () => {
    const d = await dashboard(tokens.owner);
    expect(d.plants.map((p: { id: number }) => p.id)).toEqual([ids.A1]);
    expect(d).toMatchObject({ plantCount: 1, todayGeneration: 12, totalGeneration: 62, totalRevenue: 12.5 });
    expect(d.powerFlow.pvPower).toBe(3200);
  });

  it("shows a guest of installer A installer A's plants", async () => {
    const d = await dashboard(tokens.guest);
    expect(d.plants.map((p: { id: number }) => p.id)).toEqual([ids.A1, ids.A2]);
    expect(d.totalGeneration).toBe(76);
  });

  it('answers callers of one scope asking at once alike, with a change made before they asked', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => dashboard(tokens.instA)));
    for (const d of answers) expect(d.totalGeneration).toBe(76);
    const extra = { plantId: ids.A1, day: daysBefore(3), generation: 1 };
    await t.ctx.db.insert(plantEnergyDaily).values(extra);
    // The guest of installer A sees installer A's plants: one scope, one computation.
    const after = await Promise.all([dashboard(tokens.instA), dashboard(tokens.guest)]);
    expect(after.map((d) => d.totalGeneration)).toEqual([77, 77]);
    await t.ctx.db.execute(
      sql`DELETE FROM plant_energy_daily WHERE plant_id = ${extra.plantId} AND day = ${extra.day}`,
    );
  });

  it('answers 403 without the plant code and 401 without a session', async () => {
    const res = await t.call('GET', '/station/dashboard', { token: tokens.noPlants });
    expect(res.status).toBe(403);
    expect(res.body.data).toBeNull();
    expect((await t.call('GET', '/station/dashboard')).status).toBe(401);
  });

  it('answers zeros and a full trend for a caller whose scope holds no plants', async () => {
    const root = await orgIdByName(t, 'PVSTAR');
    const lonely = await createOrg(t.ctx.db, {
      name: unique('Empty Inst '),
      type: 'INSTALLER',
      parentId: root,
    });
    const u = await addUser(t, { org: lonely, roles: ['INSTALLER_ADMIN'], prefix: 'de' });
    const d = await dashboard(await t.login(u.username));
    expect(d).toMatchObject({
      plantCount: 0,
      totalGeneration: 0,
      currency: null,
      totalRevenue: 0,
      revenueByCurrency: [],
      plants: [],
      powerFlow: { ts: null, pvPower: 0, gridPower: 0, loadPower: 0, batteryPower: 0, inverterCount: 0 },
    });
    expect(d.trend).toHaveLength(DASHBOARD_TREND_DAYS);
    expect(d.trend.at(-1).day).toBe(today);
  });
});

describe("organisations' energy roll-up", () => {
  it('follows the daily rows and the plants: days written, changed and deleted, plants moved and deleted', async () => {
    const db = t.ctx.db;
    // Equal to the daily rows summed per plant's organisation, currency, time zone, day and shard.
    const compare = async () => {
      const daily = await sqlRows(
        db,
        sql`
        SELECT p.org_id, p.currency, p.timezone, to_char(d.day, 'YYYY-MM-DD') AS day, d.plant_id % 4 AS shard,
          round(sum(d.generation)::numeric, 6) AS g, round(sum(d.feed_in)::numeric, 6) AS f,
          round(sum(greatest(d.generation - d.feed_in, 0))::numeric, 6) AS sc, round(sum(d.revenue)::numeric, 6) AS r
        FROM plant_energy_daily d JOIN plants p ON p.id = d.plant_id
        GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
      );
      const orgs = await sqlRows(
        db,
        sql`
        SELECT org_id, currency, timezone, to_char(day, 'YYYY-MM-DD') AS day, shard, round(generation::numeric, 6) AS g,
          round(feed_in::numeric, 6) AS f, round(self_consumption::numeric, 6) AS sc, round(revenue::numeric, 6) AS r
        FROM org_energy_daily
        WHERE round(generation::numeric, 6) <> 0 OR round(feed_in::numeric, 6) <> 0 OR round(revenue::numeric, 6) <> 0
        ORDER BY 1, 2, 3, 4, 5`,
      );
      expect(orgs).toEqual(daily);
    };
    await compare();
    const [a2] = await db.select().from(plants).where(eq(plants.id, ids.A2));
    const [b2] = await db.select().from(plants).where(eq(plants.id, ids.B2));
    // A day whose feed-in passes its generation: self-consumption stays 0 for it.
    await db.execute(sql`UPDATE plant_energy_daily SET generation = generation + 1.5, feed_in = feed_in + 9
      WHERE plant_id = ${ids.A2} AND day = ${today}`);
    await compare();
    await db
      .insert(plantEnergyDaily)
      .values({ plantId: ids.B2, day: daysBefore(2), generation: 4, revenue: 1 });
    await compare();
    await db
      .update(plants)
      .set({ orgId: b2!.orgId, currency: 'CHF', timezone: 'Europe/Zurich' })
      .where(eq(plants.id, ids.A2));
    await compare();
    await db.delete(plantEnergyDaily).where(eq(plantEnergyDaily.plantId, ids.B2));
    await compare();
    const [gone] = await db
      .insert(plants)
      .values({
        plantNo: unique('DSH'),
        name: 'Going',
        type: 'PHOTOVOLTAIC',
        orgId: a2!.orgId,
        installedCapacity: 1,
      })
      .returning({ id: plants.id });
    await db.insert(plantEnergyDaily).values([
      { plantId: gone!.id, day: today, generation: 5, feedIn: 1 },
      { plantId: gone!.id, day: daysBefore(1), generation: 6 },
    ]);
    await compare();
    await db.delete(plants).where(eq(plants.id, gone!.id));
    await compare();
    // Back as before, for the other tests.
    await db
      .update(plants)
      .set({ orgId: a2!.orgId, currency: a2!.currency, timezone: a2!.timezone })
      .where(eq(plants.id, ids.A2));
    await db.execute(sql`UPDATE plant_energy_daily SET generation = generation - 1.5, feed_in = feed_in - 9
      WHERE plant_id = ${ids.A2} AND day = ${today}`);
    await compare();
  });
});
