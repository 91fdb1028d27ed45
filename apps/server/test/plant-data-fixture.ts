import type { DeviceKind } from '@pvstar/contract/metrics';
import { PERM } from '@pvstar/contract/perm';
import { vi } from 'vitest';
import {
  deviceLatest,
  devices,
  dongles,
  plantEnergyDaily,
  plants,
  telemetrySamples,
} from '../src/db/schema/index.ts';
import { addRole, addUser, buildTestApp, orgIdByName, type TestApp, userIdByName } from './helper.ts';

/**
 * Test fixtures of the plant detail's data tests: a fixture plant of installer A with known daily roll-ups,
 * samples and latest values, read at a fixed "now" (2026-11-15 12:00 in Berlin) so every expected figure is
 * hand-computed. Each test file builds its own app (and database) with `setUpPlantData` in its `beforeAll`.
 */
export const NOW = Date.parse('2026-11-15T11:00:00Z');
export const iso = (s: string) => new Date(s).toISOString();

export interface PlantDataFixture {
  t: TestApp;
  plantA: number;
  plantB: number;
  inv1: number;
  inv2: number;
  battery: number;
  meter: number;
  ev: number;
  invB: number;
  /** Sign-in tokens by login name, plus `listOnly` (may list plants but not open one). */
  tokens: Record<string, string>;
  call: (method: 'GET' | 'POST', url: string, who: string, body?: unknown) => ReturnType<TestApp['call']>;
  /** `POST /station/station/energy` for plant A. */
  energy: (who: string, body: Record<string, unknown>) => ReturnType<TestApp['call']>;
}

/** Daily roll-ups of plant A (prices 0.08 feed-in, 0.30 purchase); stored as they are, revenue included. */
const DAYS = [
  // day, generation, consumption, charge, discharge, feedIn, purchase, revenue
  ['2026-11-15', 10, 8, 2, 1, 3, 2, 2.34],
  ['2026-11-13', 20, 12, 4, 3, 9, 1, 4.02],
  ['2026-10-31', 5, 10, 0, 0, 0, 6, 1.5],
  ['2026-01-01', 1, 2, 0, 0, 0.5, 1.5, 0.19],
  ['2025-06-30', 30, 15, 5, 5, 18, 3, 5.04],
] as const;

/** Builds the test app, signs in the demo logins and stores plants A and B; freezes Date at `NOW`. */
export async function setUpPlantData(): Promise<PlantDataFixture> {
  const tokens: Record<string, string> = {};
  const t = await buildTestApp();
  const db = t.ctx.db;
  for (const who of [
    'demo-installer-a',
    'demo-installer-b',
    'demo-dealer',
    'demo-owner',
    'demo-guest',
    'admin',
  ])
    tokens[who] = await t.login(who);
  // An installer whose role may list plants but not open one.
  const orgA = await orgIdByName(t, 'Solartechnik Alpha');
  const listRole = await addRole(t, { org: orgA, perms: [PERM.station, PERM.stationMonitor] });
  const listOnly = await addUser(t, { org: orgA, roles: [listRole] });
  tokens.listOnly = await t.login(listOnly.username, listOnly.password);

  const [a] = await db
    .insert(plants)
    .values({
      plantNo: 'P-PD-A',
      orgId: orgA,
      ownerUserId: await userIdByName(t, 'demo-owner'),
      name: 'Detail plant A',
      type: 'ENERGY_STORAGE',
      installedCapacity: 9.6,
      storageCapacity: 10.24,
      feedInPrice: 0.08,
      purchasePrice: 0.3,
      timezone: 'Europe/Berlin',
      status: 'NORMAL',
      // Registered with its history: its stored days reach back before its registration.
      createdAt: new Date('2026-11-01T00:00:00Z'),
    })
    .returning({ id: plants.id });
  const plantA = a!.id;
  const [b] = await db
    .insert(plants)
    .values({
      plantNo: 'P-PD-B',
      orgId: await orgIdByName(t, 'Energie Bravo'),
      name: 'Detail plant B',
      type: 'PHOTOVOLTAIC',
      installedCapacity: 5,
      timezone: 'Europe/Berlin',
      status: 'NORMAL',
      createdAt: new Date('2026-11-01T00:00:00Z'),
    })
    .returning({ id: plants.id });
  const plantB = b!.id;
  const [dA] = await db
    .insert(dongles)
    .values({ sn: 'DGL-PD-A', plantId: plantA, secretHash: 'x', intervalSeconds: 60 })
    .returning({ id: dongles.id });
  const [dB] = await db
    .insert(dongles)
    .values({ sn: 'DGL-PD-B', plantId: plantB, secretHash: 'y', intervalSeconds: 60 })
    .returning({ id: dongles.id });
  const add = async (sn: string, kind: DeviceKind, dongleId: number, plantId: number) =>
    (
      await db
        .insert(devices)
        .values({ sn, kind, dongleId, plantId, status: 'ONLINE', model: `${kind} model` })
        .returning({ id: devices.id })
    )[0]!.id;
  // Inserted out of order: the answer orders by kind.
  const ev = await add('EV-PD-A', 'EV_CHARGER', dA!.id, plantA);
  const meter = await add('MTR-PD-A', 'METER', dA!.id, plantA);
  const battery = await add('BAT-PD-A', 'BATTERY', dA!.id, plantA);
  const inv1 = await add('INV-PD-A1', 'INVERTER', dA!.id, plantA);
  const inv2 = await add('INV-PD-A2', 'INVERTER', dA!.id, plantA);
  const invB = await add('INV-PD-B1', 'INVERTER', dB!.id, plantB);

  await db.insert(plantEnergyDaily).values([
    ...DAYS.map(([day, generation, consumption, charge, discharge, feedIn, purchase, revenue]) => ({
      plantId: plantA,
      day,
      generation,
      consumption,
      charge,
      discharge,
      feedIn,
      purchase,
      revenue,
    })),
    // Another plant's day: must never show up in A's figures.
    { plantId: plantB, day: '2026-11-15', generation: 999, consumption: 999, feedIn: 999, revenue: 999 },
  ]);

  const sample = (deviceId: number, ts: string, data: Record<string, number>) => ({
    deviceId,
    ts: new Date(ts),
    data,
  });
  await db.insert(telemetrySamples).values([
    // 2026-11-14 in Berlin is 2026-11-13T23:00Z .. 2026-11-14T23:00Z.
    sample(inv1, '2026-11-13T22:59:00Z', { pvPower: 111 }),
    sample(inv1, '2026-11-13T23:00:00Z', {
      pvPower: 0,
      loadPower: 300,
      gridPower: 300,
      batteryPower: 0,
      soc: 40,
    }),
    sample(inv1, '2026-11-14T10:00:00Z', {
      pvPower: 1000,
      loadPower: 400,
      gridPower: -500,
      batteryPower: -100,
      soc: 50,
    }),
    sample(inv1, '2026-11-14T10:02:00Z', {
      pvPower: 2000,
      loadPower: 600,
      gridPower: -1200,
      batteryPower: -200,
      soc: 52,
    }),
    sample(inv2, '2026-11-14T10:01:00Z', { pvPower: 500, loadPower: 0, gridPower: 0, batteryPower: 0 }),
    sample(inv1, '2026-11-14T10:07:30Z', {
      pvPower: 3000,
      loadPower: 700,
      gridPower: -2000,
      batteryPower: -300,
      soc: 55,
    }),
    sample(inv1, '2026-11-14T23:00:00Z', { pvPower: 222 }),
    // Not an inverter, and not this plant: neither counts.
    sample(battery, '2026-11-14T10:00:00Z', { power: -99_999, soc: 1 }),
    sample(invB, '2026-11-14T10:00:00Z', { pvPower: 77_777, loadPower: 1, gridPower: 1, batteryPower: 1 }),
  ]);

  const latest = (deviceId: number, ts: string, data: Record<string, number>) => ({
    deviceId,
    ts: new Date(ts),
    data,
  });
  await db.insert(deviceLatest).values([
    latest(inv1, '2026-11-15T10:59:30Z', {
      pvPower: 1500,
      gridPower: -300,
      loadPower: 900,
      batteryPower: -300,
      soc: 64,
    }),
    latest(battery, '2026-11-15T10:59:30Z', { soc: 63, status: 1, power: -300 }),
    latest(meter, '2026-11-15T10:59:30Z', { power: -300 }),
    latest(ev, '2026-11-15T10:59:30Z', { power: 0, state: 0 }),
    latest(invB, '2026-11-15T10:59:30Z', {
      pvPower: 4000,
      gridPower: -4000,
      loadPower: 0,
      batteryPower: 0,
    }),
  ]);
  // Only Date is frozen: the database, the timers and the network run as usual.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });

  const call: PlantDataFixture['call'] = (method, url, who, body) =>
    t.call(method, url, { token: tokens[who], ...(body ? { body } : {}) });
  const energy: PlantDataFixture['energy'] = (who, body) =>
    call('POST', '/station/station/energy', who, { id: plantA, ...body });
  return { t, plantA, plantB, inv1, inv2, battery, meter, ev, invB, tokens, call, energy };
}

export async function tearDownPlantData(t: TestApp) {
  vi.useRealTimers();
  await t.close();
}
