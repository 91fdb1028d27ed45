import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, buildTestApp, orgIdByName, type TestApp, unique } from '../../../test/helper.ts';
import {
  deviceEnergyDaily,
  deviceLatest,
  devices,
  dongles,
  plantEnergyDaily,
  plants,
} from '../../db/schema/index.ts';
import { createOrg } from '../../db/seed/seed.ts';
import { localDay } from '../../domain/calendar.ts';
import { refreshPowerNow } from '../../domain/power-now-rollup.ts';

/**
 * One figure per concept (docs/energy.md "Power now", "Total generation"): at one moment and for one
 * scope, the plant list's KPI, its row, the plant overview's power flow and the dashboard's fleet flow and
 * top plant show the same power now; the overview's total generation is the sum of the counters the
 * real-time tab lists. The fixture holds what made them differ: an inverter charging its battery (AC
 * output below PV power), one whose values are too old though the sweeper has not marked it offline yet,
 * an offline one, and counters that ran before the plant joined the portal.
 */
let t: TestApp;
let token: string;
let plantId: number;
let dongleId: number;
const INTERVAL_S = 60;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.ctx.db;
  const root = await orgIdByName(t, 'PVSTAR');
  const inst = await createOrg(db, { name: unique('Power Inst '), type: 'INSTALLER', parentId: root });
  const user = await addUser(t, { org: inst, roles: ['INSTALLER_ADMIN'], prefix: 'pn' });
  token = await t.login(user.username);
  const [p] = await db
    .insert(plants)
    .values({
      plantNo: unique('PN'),
      name: 'Power now plant',
      type: 'ENERGY_STORAGE',
      orgId: inst,
      installedCapacity: 12,
      storageCapacity: 10,
      timezone: 'Europe/Berlin',
      status: 'NORMAL',
    })
    .returning({ id: plants.id });
  plantId = p!.id;
  const [g] = await db
    .insert(dongles)
    .values({ sn: unique('DGL-PN-'), plantId, secretHash: 'x', intervalSeconds: INTERVAL_S })
    .returning({ id: dongles.id });
  dongleId = g!.id;
  const add = async (kind: 'INVERTER' | 'BATTERY', status: 'ONLINE' | 'OFFLINE') =>
    (
      await db
        .insert(devices)
        .values({ sn: unique(`PN-${kind}-`), kind, dongleId: g!.id, plantId, status })
        .returning({ id: devices.id })
    )[0]!.id;
  const charging = await add('INVERTER', 'ONLINE');
  const stale = await add('INVERTER', 'ONLINE');
  const offline = await add('INVERTER', 'OFFLINE');
  const battery = await add('BATTERY', 'ONLINE');
  const now = Date.now();
  const ago = (s: number) => new Date(now - s * 1000);
  await db.insert(deviceLatest).values([
    // PV 3 kW, 1 kW of it into the battery: AC output 2 kW.
    {
      deviceId: charging,
      ts: ago(10),
      data: {
        power: 2000,
        pvPower: 3000,
        batteryPower: -1000,
        gridPower: -500,
        loadPower: 1500,
        totalGeneration: 16_900,
      },
    },
    // Five minutes old at a 60 s interval: not "now", whether or not the sweeper has run.
    {
      deviceId: stale,
      ts: ago(300),
      data: { power: 1000, pvPower: 1000, gridPower: -1000, totalGeneration: 100 },
    },
    { deviceId: offline, ts: ago(20), data: { power: 700, pvPower: 700, totalGeneration: 50 } },
    { deviceId: battery, ts: ago(10), data: { power: -1000, soc: 55 } },
  ]);
  // What ingest and the plant's edits would do after writing these.
  await refreshPowerNow(db, { plantIds: [plantId] }, new Date());
  // The portal stored 11.41 MWh since the plant joined; the counters had run before.
  const day = localDay(now, 'Europe/Berlin');
  await db.insert(plantEnergyDaily).values({ plantId, day, generation: 11_410 });
  await db.insert(deviceEnergyDaily).values({ deviceId: charging, day, generation: 11_410 });
});

afterAll(async () => {
  await t?.close();
});

const get = async (url: string) => {
  const res = await t.call('GET', url, { token });
  expect(res.status).toBe(200);
  return res.body.data;
};
const post = async (url: string, body: unknown) => {
  const res = await t.call('POST', url, { token, body });
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('power now', () => {
  it('is the same PV power in the plant list, its KPI, the overview and the dashboard', async () => {
    const kpi = await post('/station/station/kpi', {});
    const page = await post('/station/station/page?pageNum=1&pageSize=10', {});
    const overview = await get(`/station/station/overview/${plantId}`);
    const dashboard = await get('/station/dashboard');

    expect(overview.powerFlow.pvPower).toBe(3000);
    expect(kpi.currentPower).toBe(3000);
    expect(page.list.find((r: { id: number }) => r.id === plantId).currentPower).toBe(3000);
    expect(dashboard.powerFlow).toMatchObject({
      pvPower: 3000,
      batteryPower: -1000,
      gridPower: -500,
      loadPower: 1500,
      inverterCount: 1,
    });
    expect(dashboard.powerFlow.ts).toBe(overview.powerFlow.ts);
    expect(dashboard.plants[0]).toMatchObject({ id: plantId, power: 3000 });
    // The overview's flow and the dashboard's sum the same values.
    for (const key of ['gridPower', 'loadPower', 'batteryPower'] as const)
      expect(dashboard.powerFlow[key]).toBe(overview.powerFlow[key]);
  });

  it('counts a device whose clock runs behind, measured against its dongle’s newest message', async () => {
    const { eq } = await import('drizzle-orm');
    // The dongle's newest message is stamped five minutes ago by its own clock: the "stale" inverter's
    // values are as new as that message, so they describe now.
    const behind = new Date(Date.now() - 300_000);
    await t.ctx.db.update(dongles).set({ lastTelemetryAt: behind }).where(eq(dongles.id, dongleId));
    await refreshPowerNow(t.ctx.db, { plantIds: [plantId] }, new Date());
    try {
      const kpi = await post('/station/station/kpi', {});
      const overview = await get(`/station/station/overview/${plantId}`);
      const dashboard = await get('/station/dashboard');
      expect([kpi.currentPower, overview.powerFlow.pvPower, dashboard.powerFlow.pvPower]).toEqual([
        4000, 4000, 4000,
      ]);
    } finally {
      await t.ctx.db.update(dongles).set({ lastTelemetryAt: null }).where(eq(dongles.id, dongleId));
      await refreshPowerNow(t.ctx.db, { plantIds: [plantId] }, new Date());
    }
  });

  it('is none for an offline plant, everywhere', async () => {
    const { eq } = await import('drizzle-orm');
    await t.ctx.db.update(plants).set({ status: 'OFFLINE' }).where(eq(plants.id, plantId));
    await refreshPowerNow(t.ctx.db, { plantIds: [plantId] }, new Date());
    try {
      const kpi = await post('/station/station/kpi', {});
      const overview = await get(`/station/station/overview/${plantId}`);
      const dashboard = await get('/station/dashboard');
      expect([kpi.currentPower, overview.powerFlow.pvPower, dashboard.powerFlow.pvPower]).toEqual([0, 0, 0]);
      expect(dashboard.powerFlow.ts).toBeNull();
    } finally {
      await t.ctx.db.update(plants).set({ status: 'NORMAL' }).where(eq(plants.id, plantId));
      await refreshPowerNow(t.ctx.db, { plantIds: [plantId] }, new Date());
    }
  });
});

describe('total generation', () => {
  it('is, in the overview, the sum of the counters the real-time tab lists', async () => {
    const overview = await get(`/station/station/overview/${plantId}`);
    const realtime = await get(`/station/station/realtime/${plantId}`);
    const counters = realtime.devices
      .filter((d: { kind: string }) => d.kind === 'INVERTER')
      .reduce((sum: number, d: { data: Record<string, number> }) => sum + (d.data.totalGeneration ?? 0), 0);
    expect(overview.lifetime).toEqual({ generation: counters, source: 'COUNTERS' });
    expect(counters).toBe(17_050);
    // The days stored since the plant joined the portal are another figure, labelled so.
    expect(overview.total.generation).toBe(11_410);
  });
});
