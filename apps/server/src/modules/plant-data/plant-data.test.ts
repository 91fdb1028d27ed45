import { topics } from '@pvstar/contract/mqtt';
import { PERM } from '@pvstar/contract/perm';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  deviceLatest,
  devices,
  dongles,
  plantEnergyDaily,
  plants,
  telemetrySamples,
} from '../../db/schema/index.ts';
import { createIngest } from '../../ingest/ingest.ts';
import {
  addRole,
  addUser,
  buildTestApp,
  orgIdByName,
  type TestApp,
  userIdByName,
} from '../../test/helper.ts';

/**
 * The plant detail's data: a fixture plant of installer A with known daily roll-ups, samples and latest
 * values, read at a fixed "now" (2026-11-15 12:00 in Berlin) so every expected figure is hand-computed.
 */
const NOW = Date.parse('2026-11-15T11:00:00Z');
const iso = (s: string) => new Date(s).toISOString();

let t: TestApp;
let plantA: number;
let plantB: number;
let inv1: number;
let inv2: number;
let battery: number;
let meter: number;
let ev: number;
let invB: number;
const tokens: Record<string, string> = {};

/** Daily roll-ups of plant A (prices 0.08 feed-in, 0.30 purchase); stored as they are, revenue included. */
const DAYS = [
  // day, generation, consumption, charge, discharge, feedIn, purchase, revenue
  ['2026-11-15', 10, 8, 2, 1, 3, 2, 2.34],
  ['2026-11-13', 20, 12, 4, 3, 9, 1, 4.02],
  ['2026-10-31', 5, 10, 0, 0, 0, 6, 1.5],
  ['2026-01-01', 1, 2, 0, 0, 0.5, 1.5, 0.19],
  ['2025-06-30', 30, 15, 5, 5, 18, 3, 5.04],
] as const;

const call = (method: 'GET' | 'POST', url: string, who: string, body?: unknown) =>
  t.call(method, url, { token: tokens[who], ...(body ? { body } : {}) });
const energy = (who: string, body: Record<string, unknown>) =>
  call('POST', '/station/station/energy', who, { id: plantA, ...body });

beforeAll(async () => {
  t = await buildTestApp();
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
    })
    .returning({ id: plants.id });
  plantA = a!.id;
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
    })
    .returning({ id: plants.id });
  plantB = b!.id;
  const [dA] = await db
    .insert(dongles)
    .values({ sn: 'DGL-PD-A', plantId: plantA, secretHash: 'x', intervalSeconds: 60 })
    .returning({ id: dongles.id });
  const [dB] = await db
    .insert(dongles)
    .values({ sn: 'DGL-PD-B', plantId: plantB, secretHash: 'y', intervalSeconds: 60 })
    .returning({ id: dongles.id });
  const add = async (sn: string, kind: string, dongleId: number, plantId: number) =>
    (
      await db
        .insert(devices)
        .values({ sn, kind, dongleId, plantId, status: 'ONLINE', model: `${kind} model` })
        .returning({ id: devices.id })
    )[0]!.id;
  // Inserted out of order: the answer orders by kind.
  ev = await add('EV-PD-A', 'EV_CHARGER', dA!.id, plantA);
  meter = await add('MTR-PD-A', 'METER', dA!.id, plantA);
  battery = await add('BAT-PD-A', 'BATTERY', dA!.id, plantA);
  inv1 = await add('INV-PD-A1', 'INVERTER', dA!.id, plantA);
  inv2 = await add('INV-PD-A2', 'INVERTER', dA!.id, plantA);
  invB = await add('INV-PD-B1', 'INVERTER', dB!.id, plantB);

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
});

afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

describe('GET /station/station/overview/:id', () => {
  it('sums today, this month, this year and the lifetime from the daily roll-ups', async () => {
    const res = await call('GET', `/station/station/overview/${plantA}`, 'demo-installer-a');
    expect(res.status).toBe(200);
    const o = res.body.data;
    expect(o).toMatchObject({
      status: 'NORMAL',
      currency: 'EUR',
      timezone: 'Europe/Berlin',
      day: '2026-11-15',
      installedCapacity: 9.6,
      energyStorage: 10.24,
      hasBattery: true,
    });
    expect(o.today).toEqual({
      generation: 10,
      consumption: 8,
      charge: 2,
      discharge: 1,
      feedIn: 3,
      purchase: 2,
      selfConsumption: 6,
      selfSufficiency: 0.75,
      revenue: 2.34,
    });
    expect(o.month).toEqual({
      generation: 30,
      consumption: 20,
      charge: 6,
      discharge: 4,
      feedIn: 12,
      purchase: 3,
      selfConsumption: 16,
      selfSufficiency: 0.85,
      revenue: 6.36,
    });
    expect(o.year).toEqual({
      generation: 36,
      consumption: 32,
      charge: 6,
      discharge: 4,
      feedIn: 12.5,
      purchase: 10.5,
      selfConsumption: 21.5,
      selfSufficiency: 0.6719,
      revenue: 8.05,
    });
    expect(o.total).toEqual({
      generation: 66,
      consumption: 47,
      charge: 11,
      discharge: 9,
      feedIn: 30.5,
      purchase: 13.5,
      selfConsumption: 33.5,
      selfSufficiency: 0.7128,
      revenue: 13.09,
    });
  });

  it('shows the power flow from the latest values of the plant’s own devices', async () => {
    const o = (await call('GET', `/station/station/overview/${plantA}`, 'demo-installer-a')).body.data;
    expect(o.powerFlow).toEqual({
      ts: iso('2026-11-15T10:59:30Z'),
      pvPower: 1500,
      gridPower: -300,
      loadPower: 900,
      batteryPower: -300,
      soc: 64,
      evPower: 0,
    });
  });

  it('shows no flow for an offline plant, nor for values older than three intervals', async () => {
    const db = t.ctx.db;
    await db.update(plants).set({ status: 'OFFLINE' }).where(eq(plants.id, plantA));
    const offline = (await call('GET', `/station/station/overview/${plantA}`, 'demo-installer-a')).body.data;
    expect(offline.status).toBe('OFFLINE');
    expect(offline.powerFlow).toEqual({
      ts: null,
      pvPower: 0,
      gridPower: 0,
      loadPower: 0,
      batteryPower: 0,
      soc: null,
      evPower: 0,
    });
    await db.update(plants).set({ status: 'NORMAL' }).where(eq(plants.id, plantA));
    // Four minutes old at an interval of 60 s: stale.
    await db
      .update(deviceLatest)
      .set({ ts: new Date('2026-11-15T10:56:00Z') })
      .where(inArray(deviceLatest.deviceId, [inv1, battery, meter, ev]));
    const stale = (await call('GET', `/station/station/overview/${plantA}`, 'demo-installer-a')).body.data;
    expect(stale.powerFlow).toMatchObject({ ts: null, pvPower: 0, gridPower: 0, soc: null });
    await db
      .update(deviceLatest)
      .set({ ts: new Date('2026-11-15T10:59:30Z') })
      .where(inArray(deviceLatest.deviceId, [inv1, battery, meter, ev]));
  });
});

describe('GET /station/station/powerCurve/:id', () => {
  it('averages each inverter over 5 minutes, sums the inverters, and keeps to the local day and plant', async () => {
    const res = await call('GET', `/station/station/powerCurve/${plantA}`, 'demo-installer-a', undefined);
    expect(res.status).toBe(200);
    // Today by default: so far only the sample of its first instant (23:00 UTC the day before).
    expect(res.body.data).toEqual({
      date: '2026-11-15',
      timezone: 'Europe/Berlin',
      points: [
        {
          ts: iso('2026-11-14T23:00:00Z'),
          pvPower: 222,
          loadPower: null,
          gridPower: null,
          batteryPower: null,
          soc: null,
        },
      ],
    });

    const day = await t.call('GET', `/station/station/powerCurve/${plantA}`, {
      token: tokens['demo-installer-a'],
      query: { date: '2026-11-14' },
    });
    expect(day.status).toBe(200);
    expect(day.body.data.date).toBe('2026-11-14');
    expect(day.body.data.points).toEqual([
      {
        ts: iso('2026-11-13T23:00:00Z'),
        pvPower: 0,
        loadPower: 300,
        gridPower: 300,
        batteryPower: 0,
        soc: 40,
      },
      // inverter 1: mean of two samples; inverter 2 adds its own mean; soc only where reported.
      {
        ts: iso('2026-11-14T10:00:00Z'),
        pvPower: 2000,
        loadPower: 500,
        gridPower: -850,
        batteryPower: -150,
        soc: 51,
      },
      {
        ts: iso('2026-11-14T10:05:00Z'),
        pvPower: 3000,
        loadPower: 700,
        gridPower: -2000,
        batteryPower: -300,
        soc: 55,
      },
    ]);
  });

  it('refuses a malformed date or one more than ten years away, naming `date`', async () => {
    for (const date of ['2026-02-30', 'yesterday', '2037-01-01', '2016-01-01']) {
      const res = await t.call('GET', `/station/station/powerCurve/${plantA}`, {
        token: tokens['demo-installer-a'],
        query: { date },
      });
      expect(res.status, date).toBe(400);
      expect(res.body.data.fields[0].field, date).toBe('date');
    }
  });
});

describe('GET /station/station/realtime/:id', () => {
  it('lists every device with its latest values, inverters first', async () => {
    const res = await call('GET', `/station/station/realtime/${plantA}`, 'demo-installer-a');
    expect(res.status).toBe(200);
    const list = res.body.data.devices;
    expect(list.map((d: { sn: string }) => d.sn)).toEqual([
      'INV-PD-A1',
      'INV-PD-A2',
      'BAT-PD-A',
      'MTR-PD-A',
      'EV-PD-A',
    ]);
    expect(list[0]).toEqual({
      id: inv1,
      sn: 'INV-PD-A1',
      kind: 'INVERTER',
      status: 'ONLINE',
      model: 'INVERTER model',
      ts: iso('2026-11-15T10:59:30Z'),
      data: { pvPower: 1500, gridPower: -300, loadPower: 900, batteryPower: -300, soc: 64 },
    });
    // Never reported: no time, no values.
    expect(list[1]).toMatchObject({ id: inv2, ts: null, data: {} });
    expect(list[2]).toMatchObject({ kind: 'BATTERY', data: { soc: 63, status: 1, power: -300 } });
  });

  it('follows what ingest stores: a newer message replaces the values, an older one does not', async () => {
    const ingest = createIngest({ db: t.ctx.db, log: pino({ level: 'silent' }), now: () => NOW });
    const send = (ts: string, pvPower: number) =>
      ingest.handle(
        topics.telemetry('DGL-PD-A'),
        Buffer.from(
          JSON.stringify({
            msgId: `m-${ts}`,
            ts: Date.parse(ts),
            devices: [{ sn: 'INV-PD-A2', kind: 'INVERTER', data: { pvPower, gridPower: -pvPower } }],
          }),
        ),
      );
    await Promise.all([send('2026-11-15T10:59:50Z', 2500), send('2026-11-15T10:59:00Z', 100)]);
    const list = (await call('GET', `/station/station/realtime/${plantA}`, 'demo-installer-a')).body.data
      .devices;
    expect(list[1]).toMatchObject({
      sn: 'INV-PD-A2',
      ts: iso('2026-11-15T10:59:50Z'),
      data: { pvPower: 2500, gridPower: -2500 },
    });
    // And the flow adds the second inverter.
    const flow = (await call('GET', `/station/station/overview/${plantA}`, 'demo-installer-a')).body.data
      .powerFlow;
    expect(flow).toMatchObject({ ts: iso('2026-11-15T10:59:50Z'), pvPower: 4000, gridPower: -2800 });
    // The stored samples feed the curve of today (which began at 23:00 UTC with the fixture's sample).
    const curve = (await call('GET', `/station/station/powerCurve/${plantA}`, 'demo-installer-a')).body.data;
    expect(curve.points).toEqual([
      {
        ts: iso('2026-11-14T23:00:00Z'),
        pvPower: 222,
        loadPower: null,
        gridPower: null,
        batteryPower: null,
        soc: null,
      },
      {
        ts: iso('2026-11-15T10:55:00Z'),
        pvPower: 1300,
        loadPower: null,
        gridPower: -1300,
        batteryPower: null,
        soc: null,
      },
    ]);
  });
});

describe('POST /station/station/energy', () => {
  const zero = {
    generation: 0,
    consumption: 0,
    charge: 0,
    discharge: 0,
    feedIn: 0,
    purchase: 0,
    selfConsumption: 0,
    selfSufficiency: 0,
    revenue: 0,
  };
  const periods = (rows: { period: string }[]) => rows.map((r) => r.period);

  it('date: one row per day of the last 7 days by default, zero rows for missing days', async () => {
    const res = await energy('demo-installer-a', { dateType: 'date' });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.dateType).toBe('date');
    expect(d.currency).toBe('EUR');
    expect(periods(d.rows)).toEqual([
      '2026-11-09',
      '2026-11-10',
      '2026-11-11',
      '2026-11-12',
      '2026-11-13',
      '2026-11-14',
      '2026-11-15',
    ]);
    expect(d.rows[0]).toEqual({ period: '2026-11-09', ...zero });
    expect(d.rows[4]).toEqual({
      period: '2026-11-13',
      generation: 20,
      consumption: 12,
      charge: 4,
      discharge: 3,
      feedIn: 9,
      purchase: 1,
      selfConsumption: 10,
      selfSufficiency: 0.9167,
      revenue: 4.02,
    });
    // Totals are the sums; self-sufficiency from the sums (17/20), not the sum of the days' ratios.
    expect(d.totals).toEqual({
      generation: 30,
      consumption: 20,
      charge: 6,
      discharge: 4,
      feedIn: 12,
      purchase: 3,
      selfConsumption: 16,
      selfSufficiency: 0.85,
      revenue: 6.36,
    });
  });

  it('date: an explicit range across a month end', async () => {
    const d = (await energy('demo-installer-a', { dateType: 'date', from: '2026-10-30', to: '2026-11-02' }))
      .body.data;
    expect(periods(d.rows)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(d.totals).toEqual({
      ...zero,
      generation: 5,
      consumption: 10,
      purchase: 6,
      selfConsumption: 5,
      selfSufficiency: 0.4,
      revenue: 1.5,
    });
  });

  it('month: one row per month, the last 12 by default', async () => {
    const def = (await energy('demo-installer-a', { dateType: 'month' })).body.data;
    expect(periods(def.rows)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    const d = (await energy('demo-installer-a', { dateType: 'month', from: '2026-01-10', to: '2026-11-20' }))
      .body.data;
    expect(d.rows).toHaveLength(11);
    expect(d.rows[0]).toMatchObject({ period: '2026-01', generation: 1, revenue: 0.19 });
    expect(d.rows[9]).toMatchObject({ period: '2026-10', generation: 5, selfSufficiency: 0.4 });
    expect(d.rows[10]).toMatchObject({ period: '2026-11', generation: 30, consumption: 20, revenue: 6.36 });
    expect(d.rows[5]).toEqual({ period: '2026-06', ...zero });
    expect(d.totals).toEqual({
      generation: 36,
      consumption: 32,
      charge: 6,
      discharge: 4,
      feedIn: 12.5,
      purchase: 10.5,
      selfConsumption: 21.5,
      selfSufficiency: 0.6719,
      revenue: 8.05,
    });
  });

  it('year: one row per year, from the first data by default', async () => {
    const d = (await energy('demo-installer-a', { dateType: 'year' })).body.data;
    expect(d.rows).toEqual([
      {
        period: '2025',
        generation: 30,
        consumption: 15,
        charge: 5,
        discharge: 5,
        feedIn: 18,
        purchase: 3,
        selfConsumption: 12,
        selfSufficiency: 0.8,
        revenue: 5.04,
      },
      {
        period: '2026',
        generation: 36,
        consumption: 32,
        charge: 6,
        discharge: 4,
        feedIn: 12.5,
        purchase: 10.5,
        selfConsumption: 21.5,
        selfSufficiency: 0.6719,
        revenue: 8.05,
      },
    ]);
    const ranged = (
      await energy('demo-installer-a', { dateType: 'year', from: '2024-03-01', to: '2025-01-01' })
    ).body.data;
    expect(ranged.rows).toEqual([
      { period: '2024', ...zero },
      expect.objectContaining({ period: '2025', generation: 30 }),
    ]);
    expect(ranged.totals.generation).toBe(30);
  });

  it('total: every year since the first data and the lifetime totals', async () => {
    const d = (await energy('demo-installer-a', { dateType: 'total' })).body.data;
    expect(periods(d.rows)).toEqual(['2025', '2026']);
    expect(d.totals).toEqual({
      generation: 66,
      consumption: 47,
      charge: 11,
      discharge: 9,
      feedIn: 30.5,
      purchase: 13.5,
      selfConsumption: 33.5,
      selfSufficiency: 0.7128,
      revenue: 13.09,
    });
  });

  it("keeps each plant's days its own; a range without data answers zero rows", async () => {
    const b = (await call('POST', '/station/station/energy', 'admin', { id: plantB, dateType: 'total' })).body
      .data;
    expect(periods(b.rows)).toEqual(['2026']);
    expect(b.totals.generation).toBe(999);
    const empty = (
      await call('POST', '/station/station/energy', 'admin', {
        id: plantB,
        dateType: 'date',
        from: '2026-11-01',
        to: '2026-11-03',
      })
    ).body.data;
    expect(empty.rows).toEqual([
      { period: '2026-11-01', ...zero },
      { period: '2026-11-02', ...zero },
      { period: '2026-11-03', ...zero },
    ]);
    expect(empty.totals).toEqual(zero);
  });

  it('refuses bad input, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ dateType: 'week' }, 'dateType'],
      [{}, 'dateType'],
      [{ dateType: 'date', from: '2026-13-01' }, 'from'],
      [{ dateType: 'date', to: '15.11.2026' }, 'to'],
      [{ dateType: 'date', from: '2026-11-10', to: '2026-11-01' }, 'to'],
      [{ dateType: 'date', from: '2025-01-01', to: '2026-11-15' }, 'to'],
      [{ dateType: 'month', from: '2016-12-01', to: '2026-12-31' }, 'to'],
      [{ dateType: 'month', from: '2026-11-01', to: '2026-10-31' }, 'to'],
      [{ dateType: 'year', from: '2027-01-01', to: '2026-01-01' }, 'to'],
      [{ dateType: 'date', from: '2010-01-01', to: '2010-01-02' }, 'from'],
      [{ dateType: 'date', from: '2026-11-01', to: '2040-01-01' }, 'to'],
    ];
    for (const [body, field] of cases) {
      const res = await energy('demo-installer-a', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fields[0].field, JSON.stringify(body)).toBe(field);
    }
    const noId = await call('POST', '/station/station/energy', 'demo-installer-a', { dateType: 'date' });
    expect(noId.status).toBe(400);
    expect(noId.body.data.fields[0].field).toBe('id');
  });
});

describe('scope and permissions', () => {
  const routes = (id: number): [string, string, unknown?][] => [
    ['GET', `/station/station/overview/${id}`],
    ['GET', `/station/station/powerCurve/${id}`],
    ['GET', `/station/station/realtime/${id}`],
    ['POST', '/station/station/energy', { id, dateType: 'date' }],
  ];
  const all = (who: string, id: number) =>
    Promise.all(routes(id).map(([m, url, body]) => call(m as 'GET' | 'POST', url, who, body)));

  it("answers 404 for another installer's plant, like a plant that does not exist", async () => {
    for (const res of await all('demo-installer-b', plantA)) {
      expect(res.status).toBe(404);
      expect(res.body.data).toBeNull();
    }
    for (const res of await all('demo-installer-a', plantB)) expect(res.status).toBe(404);
    for (const res of await all('demo-installer-a', 2_000_000)) expect(res.status).toBe(404);
  });

  it('lets the dealer above, the guest, the read-only demo login and the owner of the plant look', async () => {
    // Every route here only reads: the read-only demo login may use them all.
    tokens.demo = (await t.call('POST', '/auth/user/demo/login', { body: {} })).body.data;
    for (const who of ['demo-dealer', 'demo-guest', 'demo', 'demo-owner'])
      for (const res of await all(who, plantA)) expect(res.status, who).toBe(200);
    // The owner sees only its own plants.
    for (const res of await all('demo-owner', plantB)) expect(res.status).toBe(404);
  });

  it('needs the plant detail code (403) and a sign-in (401)', async () => {
    for (const res of await all('listOnly', plantA)) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(403);
    }
    const anon = await t.call('GET', `/station/station/overview/${plantA}`);
    expect(anon.status).toBe(401);
  });
});
