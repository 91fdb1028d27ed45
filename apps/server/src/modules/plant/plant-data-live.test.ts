import { exactFigure } from '@pvstar/contract/figures';
import { topics } from '@pvstar/contract/mqtt';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper.ts';
import {
  iso,
  NOW,
  type PlantDataFixture,
  setUpPlantData,
  tearDownPlantData,
} from '../../../test/plant-data-fixture.ts';
import { deviceLatest, plants } from '../../db/schema/index.ts';
import { createIngest } from '../../ingest/ingest.ts';

/**
 * The plant detail's live data: overview, power curve and real-time values
 * (fixture in plant-data-fixture.ts).
 */

let t: TestApp;
let plantA: number;
let inv1: number;
let inv2: number;
let battery: number;
let meter: number;
let ev: number;
let tokens: Record<string, string>;
let call: PlantDataFixture['call'];

beforeAll(async () => {
  ({ t, plantA, inv1, inv2, battery, meter, ev, tokens, call } = await setUpPlantData());
});

afterAll(async () => {
  await tearDownPlantData(t);
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
      selfSufficiency: exactFigure(21.5 / 32),
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
      selfSufficiency: exactFigure(33.5 / 47),
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
