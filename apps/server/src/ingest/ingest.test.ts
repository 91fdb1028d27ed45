import { topics } from '@pvstar/contract/mqtt';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { sqlRow, sqlRows } from '../db/rows.ts';
import {
  deviceEnergyDaily,
  deviceLatest,
  devices,
  dongles,
  plantEnergyDaily,
  plants,
  telemetrySamples,
} from '../db/schema/index.ts';
import { derived, revenueOf } from '../domain/energy.ts';
import { recomputeEnergy } from './energy-recompute.ts';
import { createIngest, type Ingest } from './ingest.ts';

const log = pino({ level: 'silent' });
let t: TestApp;
let ingest: Ingest;
let plantId: number;
let inverterId: number;
let clock = 0;

/** 2026-06-21 in Berlin (UTC+2). */
const at = (hhmm: string, day = '2026-06-21') => Date.parse(`${day}T${hhmm}:00+02:00`);
const telemetry = (
  ts: number,
  data: Record<string, number>,
  opts: { dongle?: string; device?: string; msgId?: string } = {},
) =>
  Buffer.from(
    JSON.stringify({
      msgId: opts.msgId ?? `m-${ts}`,
      ts,
      devices: [{ sn: opts.device ?? 'INV-000001', kind: 'INVERTER', data }],
    }),
  );
const send = (payload: Buffer, dongle = 'DGL-000001', kind: 'telemetry' | 'status' = 'telemetry') =>
  ingest.handle(kind === 'status' ? topics.status(dongle) : topics.telemetry(dongle), payload);
/**
 * Sends a reading as a dongle reporting live does: the server's clock a minute past its time. Older
 * readings are history (BACKLOG_AGE_MS): stored and metered, but they move no status and no newest values.
 */
async function sendLive(
  ts: number,
  data: Record<string, number>,
  opts: Parameters<typeof telemetry>[2] = {},
) {
  const was = clock;
  clock = ts + 60_000;
  try {
    await send(telemetry(ts, data, opts), opts.dongle);
  } finally {
    clock = was;
  }
}
const count = async () =>
  (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(telemetrySamples))[0]!.n;
const plantDay = async (day: string) =>
  (
    await t.ctx.db
      .select()
      .from(plantEnergyDaily)
      .where(sql`${plantEnergyDaily.plantId} = ${plantId} AND ${plantEnergyDaily.day} = ${day}`)
  )[0];

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.ctx.db;
  const [plant] = await db
    .insert(plants)
    .values({
      plantNo: 'P-ING-1',
      orgId: 3,
      name: 'Ingest plant',
      type: 'ENERGY_STORAGE',
      installedCapacity: 10,
      feedInPrice: 0.08,
      purchasePrice: 0.3,
      timezone: 'Europe/Berlin',
    })
    .returning({ id: plants.id });
  plantId = plant!.id;
  const [other] = await db
    .insert(plants)
    .values({ plantNo: 'P-ING-2', orgId: 4, name: 'Other plant', type: 'PHOTOVOLTAIC', installedCapacity: 5 })
    .returning({ id: plants.id });
  const [dA] = await db
    .insert(dongles)
    .values({ sn: 'DGL-000001', plantId, secretHash: 'x' })
    .returning({ id: dongles.id });
  const [dB] = await db
    .insert(dongles)
    .values({ sn: 'DGL-000002', plantId: other!.id, secretHash: 'y' })
    .returning({ id: dongles.id });
  const [inv] = await db
    .insert(devices)
    .values({ sn: 'INV-000001', dongleId: dA!.id, plantId, kind: 'INVERTER' })
    .returning({ id: devices.id });
  inverterId = inv!.id;
  await db.insert(devices).values({ sn: 'BAT-000001', dongleId: dA!.id, plantId, kind: 'BATTERY' });
  await db
    .insert(devices)
    .values({ sn: 'INV-000002', dongleId: dB!.id, plantId: other!.id, kind: 'INVERTER' });
  clock = at('23:59', '2026-06-22');
  ingest = createIngest({ db, log, flushMs: 5, now: () => clock });
});
afterAll(() => t.close());

describe('ingest', () => {
  it('stores a sample and its latest values, and marks device, dongle and plant online', async () => {
    await sendLive(at('10:00'), { power: 4200, pvPower: 4300, dailyGeneration: 10 });
    expect(await count()).toBe(1);
    const [latest] = await t.ctx.db.select().from(deviceLatest).where(eq(deviceLatest.deviceId, inverterId));
    expect(latest!.data).toMatchObject({ power: 4200, dailyGeneration: 10 });
    const [device] = await t.ctx.db.select().from(devices).where(eq(devices.id, inverterId));
    expect(device!.status).toBe('ONLINE');
    const [plant] = await t.ctx.db.select().from(plants).where(eq(plants.id, plantId));
    expect(plant!.status).toBe('NORMAL');
    const [dongle] = await t.ctx.db.select().from(dongles).where(eq(dongles.sn, 'DGL-000001'));
    expect(dongle!.status).toBe('ONLINE');
  });

  it('changes nothing when the same message comes twice (a QoS 1 redelivery)', async () => {
    const before = await count();
    const msg = telemetry(at('11:00'), { power: 5000, dailyGeneration: 14 });
    await send(msg);
    const energy = await plantDay('2026-06-21');
    await send(msg);
    expect(await count()).toBe(before + 1);
    expect(await plantDay('2026-06-21')).toEqual(energy);
    expect(ingest.stats().duplicates).toBeGreaterThanOrEqual(1);
  });

  it('keeps the newest values when samples arrive out of order, and counts late ones into their day', async () => {
    await sendLive(at('12:30'), { power: 6100, dailyGeneration: 21 });
    await sendLive(at('12:00'), { power: 5800, dailyGeneration: 19 });
    const [latest] = await t.ctx.db.select().from(deviceLatest).where(eq(deviceLatest.deviceId, inverterId));
    expect(latest!.data.power).toBe(6100);
    expect((await plantDay('2026-06-21'))!.generation).toBe(21);
  });

  it('puts a counter reset at local midnight into the next day', async () => {
    await send(telemetry(at('23:55'), { dailyGeneration: 41.5, dailyConsumption: 22 }));
    await send(telemetry(at('00:05', '2026-06-22'), { dailyGeneration: 0, dailyConsumption: 0.2 }));
    // A late sample of the old day, after the reset, still lands in the old day.
    await send(telemetry(at('23:58'), { dailyGeneration: 41.6, dailyConsumption: 22.1 }));
    expect((await plantDay('2026-06-21'))!.generation).toBe(41.6);
    expect((await plantDay('2026-06-22'))!.consumption).toBe(0.2);
  });

  it('counts each daylight interval with data once, however often it is sent, and none at night', async () => {
    // No coordinates: daylight is 08:00–16:00. So far 10:00, 11:00, 12:00 and 12:30 brought data.
    const seen = async () => {
      const device = await sqlRow<{ n: number }>(
        t.ctx.db,
        sql`
        SELECT bit_count(daylight_seen)::int AS n FROM device_energy_daily
        WHERE device_id = ${inverterId} AND day = '2026-06-21'`,
      );
      const month = await sqlRow<{ n: number }>(
        t.ctx.db,
        sql`
        SELECT daylight_seen AS n FROM plant_energy_monthly WHERE plant_id = ${plantId} AND month = '2026-06-01'`,
      );
      return { device: device!.n, plant: (await plantDay('2026-06-21'))!.daylightSeen, month: month!.n };
    };
    expect(await seen()).toEqual({ device: 4, plant: 4, month: 4 });
    await send(telemetry(at('10:01'), { dailyGeneration: 10.1 }));
    await send(telemetry(at('10:04'), { dailyGeneration: 10.2 }));
    await send(telemetry(at('10:04'), { dailyGeneration: 10.2 }));
    await send(telemetry(at('16:00'), { dailyGeneration: 41 }));
    await send(telemetry(at('07:59'), { dailyGeneration: 0 }));
    expect(await seen()).toEqual({ device: 4, plant: 4, month: 4 });
    await send(telemetry(at('15:59'), { dailyGeneration: 40 }));
    expect(await seen()).toEqual({ device: 5, plant: 5, month: 5 });
  });

  it('drops, counts and survives malformed, oversized, wrong-typed, foreign and future messages', async () => {
    const before = await count();
    const stats = () => ingest.stats().dropped;
    await send(Buffer.from('{not json'));
    await send(Buffer.from(JSON.stringify({ msgId: 'x', ts: 'yesterday', devices: [] })));
    await send(Buffer.alloc(70 * 1024, 0x20));
    await send(telemetry(at('13:00'), { power: 1 }, { device: 'INV-000002' }));
    await send(telemetry(at('13:00'), { power: 1 }, { device: 'NOPE-00001' }));
    await send(telemetry(Date.parse('2027-01-01T00:00:00Z'), { power: 1 }));
    await ingest.handle('pvstar/v1/DGL-000001/down/cmd', telemetry(at('13:00'), { power: 1 }));
    await ingest.handle(`pvstar/v1/${'A'.repeat(5000)}/up/telemetry`, telemetry(at('13:00'), { power: 1 }));
    expect(await count()).toBe(before);
    expect(stats()).toMatchObject({
      json: 1,
      schema: 1,
      oversized: 1,
      foreignDevice: 1,
      unknownDevice: 1,
      future: 1,
      topic: 2,
    });
  });

  it('keeps the valid metrics of a sample and drops unknown or implausible ones', async () => {
    await send(telemetry(at('14:00'), { power: 3000, temperature: 999, madeUp: 1 }));
    const [row] = await t.ctx.db
      .select()
      .from(telemetrySamples)
      .where(
        sql`${telemetrySamples.deviceId} = ${inverterId} AND ${telemetrySamples.ts} = ${new Date(at('14:00')).toISOString()}`,
      );
    expect(row!.data).toEqual({ power: 3000 });
    expect(ingest.stats().dropped.metric).toBeGreaterThanOrEqual(2);
  });

  it('marks the dongle, its devices and the plant offline when it says so', async () => {
    await send(Buffer.from('offline'), 'DGL-000001', 'status');
    const [device] = await t.ctx.db.select().from(devices).where(eq(devices.id, inverterId));
    expect(device!.status).toBe('OFFLINE');
    expect((await t.ctx.db.select().from(plants).where(eq(plants.id, plantId)))[0]!.status).toBe('OFFLINE');
    await sendLive(at('15:00'), { power: 100 });
    expect((await t.ctx.db.select().from(plants).where(eq(plants.id, plantId)))[0]!.status).toBe('NORMAL');
  });
});

describe('a plant deleted while its dongle still sends', () => {
  const register = async (plantNo: string) => {
    const db = t.ctx.db;
    const [plant] = await db
      .insert(plants)
      .values({ plantNo, orgId: 3, name: plantNo, type: 'PHOTOVOLTAIC', installedCapacity: 3 })
      .returning({ id: plants.id });
    const [dongle] = await db
      .insert(dongles)
      .values({ sn: 'DGL-GONE01', plantId: plant!.id, secretHash: 'z' })
      .returning({ id: dongles.id });
    await db
      .insert(devices)
      .values({ sn: 'INV-GONE01', dongleId: dongle!.id, plantId: plant!.id, kind: 'INVERTER' });
    return plant!.id;
  };
  const beat = (hhmm: string) =>
    send(telemetry(at(hhmm, '2026-06-22'), { power: 50 }, { device: 'INV-GONE01' }), 'DGL-GONE01');

  it('drops its samples without failing the batch, and finds the device again once re-registered', async () => {
    const first = await register('P-GONE-1');
    await beat('09:00');
    await t.ctx.db.delete(plants).where(eq(plants.id, first));
    const before = await count();
    const dropped = ingest.stats().dropped.unknownDevice ?? 0;
    await beat('09:01');
    expect(await count()).toBe(before);
    expect(ingest.stats().dropped.unknownDevice).toBe(dropped + 1);

    await register('P-GONE-2');
    await beat('09:02');
    expect(await count()).toBe(before + 1);
  });
});

describe('reporting interval', () => {
  const intervalOf = async (sn: string) =>
    (await t.ctx.db.select().from(dongles).where(eq(dongles.sn, sn)))[0]!.intervalSeconds;
  const at2 = (s: number) => Date.parse('2026-06-22T08:00:00+02:00') + s * 1000;
  const beat = (s: number) =>
    sendLive(at2(s), { power: 100 }, { dongle: 'DGL-000002', device: 'INV-000002' });

  it('is learnt from the spacing of the messages, and an outage or a late message does not reset it', async () => {
    expect(await intervalOf('DGL-000002')).toBe(60);
    for (let s = 0; s <= 300; s += 10) await beat(s);
    const learnt = await intervalOf('DGL-000002');
    expect(learnt).toBeLessThanOrEqual(12);
    // Two hours of silence count as at most four intervals.
    await beat(300 + 7200);
    const afterOutage = await intervalOf('DGL-000002');
    expect(afterOutage).toBeGreaterThan(learnt);
    expect(afterOutage).toBeLessThanOrEqual(Math.round(0.7 * learnt + 0.3 * 4 * learnt) + 1);
    // A late message from before the newest one teaches nothing.
    await beat(250);
    expect(await intervalOf('DGL-000002')).toBe(afterOutage);
  });
});

describe('energy of a simulated day', () => {
  it('equals the hand-computed figures, revenue included', async () => {
    const day = '2026-06-23';
    clock = Date.parse('2026-06-24T12:00:00Z');
    // A day of five-minute samples whose counters end at known values.
    const end = {
      dailyGeneration: 40,
      dailyConsumption: 20,
      dailyCharge: 4,
      dailyDischarge: 3,
      dailyFeedIn: 25,
      dailyPurchase: 5,
    };
    const steps = 12 * 24;
    // From 00:14: a first reading within minutes of midnight could still carry yesterday's counters.
    for (let i = 3; i <= steps; i++) {
      const ts = Date.parse(`${day}T00:00:00+02:00`) + i * 5 * 60_000 - 60_000;
      const share = i / steps;
      const data = Object.fromEntries(
        Object.entries(end).map(([k, v]) => [k, Math.round(v * share * 1000) / 1000]),
      );
      await send(telemetry(ts, data, { msgId: `day-${i}` }));
    }
    const row = (await plantDay(day))!;
    expect(row).toMatchObject({
      generation: 40,
      consumption: 20,
      charge: 4,
      discharge: 3,
      feedIn: 25,
      purchase: 5,
    });
    // Hand-computed: self-consumption 40 − 25 − 4 + 3 = 14 kWh (the battery's 1 kWh round-trip loss saved
    // nothing); revenue 25 × 0.08 + 14 × 0.30 = 6.20; self-sufficiency (20 − 5) / 20.
    expect(row.revenue).toBeCloseTo(6.2, 9);
    expect(revenueOf(row, { feedIn: 0.08, purchase: 0.3 })).toBeCloseTo(6.2, 9);
    expect(derived(row)).toEqual({ selfConsumption: 14, selfSufficiency: 0.75 });
    const [deviceDay] = await t.ctx.db
      .select()
      .from(deviceEnergyDaily)
      .where(sql`${deviceEnergyDaily.deviceId} = ${inverterId} AND ${deviceEnergyDaily.day} = ${day}`);
    expect(deviceDay!.generation).toBe(40);
  }, 120_000); // a whole simulated day: ~10 s alone, seen past 30 s beside other files on a busy machine

  it('commits in lanes side by side without losing or mixing up a message', async () => {
    const lanes = createIngest({ db: t.ctx.db, log, flushMs: 5, now: () => clock, lanes: 4 });
    const before = await count();
    const day = '2026-06-10';
    // Two dongles of two plants, their status messages in between, all at once.
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => [
        lanes.handle(
          topics.telemetry('DGL-000001'),
          telemetry(at('09:00', day) + i * 60_000, { power: i, dailyGeneration: i / 10 }),
        ),
        lanes.handle(
          topics.telemetry('DGL-000002'),
          telemetry(
            at('09:00', day) + i * 60_000,
            { power: i, dailyGeneration: i / 5 },
            { device: 'INV-000002' },
          ),
        ),
        lanes.handle(topics.status(i % 2 ? 'DGL-000001' : 'DGL-000002'), Buffer.from('online')),
      ]).flat(),
    );
    expect(await count()).toBe(before + 80);
    // 0.1 kWh a minute (6 kW): within what the 10 kW plant can make.
    expect((await plantDay(day))!.generation).toBeCloseTo(3.9, 9);
    const mine = await sqlRow<{ n: number; top: number }>(
      t.ctx.db,
      sql`
        SELECT count(*)::int AS n, max((data->>'power')::int) AS top FROM telemetry_samples
        WHERE device_id = ${inverterId} AND ts >= ${new Date(at('09:00', day)).toISOString()}::timestamptz
          AND ts < ${new Date(at('10:00', day)).toISOString()}::timestamptz`,
    );
    expect(mine).toEqual({ n: 40, top: 39 });
  });
});

describe('energy from counters', () => {
  /** A plant of its own with one inverter that sends only daily counters, as older models do. */
  let own: number;
  const D = 'DGL-000003';
  const I = 'INV-000003';
  beforeAll(async () => {
    const db = t.ctx.db;
    const [plant] = await db
      .insert(plants)
      .values({
        plantNo: 'P-ING-3',
        orgId: 3,
        name: 'Counter plant',
        type: 'PHOTOVOLTAIC',
        installedCapacity: 6,
        timezone: 'Europe/Berlin',
      })
      .returning({ id: plants.id });
    own = plant!.id;
    const [dongle] = await db
      .insert(dongles)
      .values({ sn: D, plantId: own, secretHash: 'w' })
      .returning({ id: dongles.id });
    await db.insert(devices).values({ sn: I, dongleId: dongle!.id, plantId: own, kind: 'INVERTER' });
    clock = Date.parse('2026-08-01T12:00:00Z');
  });
  const sendOwn = (ts: number, data: Record<string, number>) =>
    send(telemetry(ts, data, { device: I, msgId: `own-${ts}` }), D);
  const ownDay = async (day: string) =>
    (
      await t.ctx.db
        .select()
        .from(plantEnergyDaily)
        .where(sql`${plantEnergyDaily.plantId} = ${own} AND ${plantEnergyDaily.day} = ${day}`)
    )[0];

  it('keeps the morning when an inverter reboot restarts its daily counters at noon', async () => {
    const day = '2026-07-01';
    await sendOwn(at('08:00', day), { dailyGeneration: 0 });
    await sendOwn(at('11:55', day), { dailyGeneration: 5 });
    await sendOwn(at('12:05', day), { dailyGeneration: 0.1 });
    await sendOwn(at('16:00', day), { dailyGeneration: 0.4 });
    expect((await ownDay(day))!.generation).toBeCloseTo(5.4, 9);
  });

  it('does not take yesterday’s un-reset daily counters, stamped a minute after midnight, for today', async () => {
    await sendOwn(at('23:50', '2026-07-01'), { dailyGeneration: 30, dailyConsumption: 10, dailyPurchase: 3 });
    // The dongle's clock is a minute ahead of the inverter's: its counters have not reset yet.
    await sendOwn(at('00:01', '2026-07-02'), {
      dailyGeneration: 30,
      dailyConsumption: 10.02,
      dailyPurchase: 3.01,
    });
    await sendOwn(at('00:06', '2026-07-02'), {
      dailyGeneration: 0,
      dailyConsumption: 0.05,
      dailyPurchase: 0.02,
    });
    await sendOwn(at('08:00', '2026-07-02'), {
      dailyGeneration: 0.5,
      dailyConsumption: 3.6,
      dailyPurchase: 0.44,
    });
    const day = (await ownDay('2026-07-02'))!;
    // The 0.02 / 0.01 kWh of the minutes around midnight belong to the sample that closes them.
    expect(day.consumption).toBeCloseTo(3.62, 9);
    expect(day.purchase).toBeCloseTo(0.45, 9);
    expect(day.generation).toBeCloseTo(0.5, 9);
  });

  it('changes nothing when the same (device, ts) comes again with other values', async () => {
    const day = '2026-07-03';
    await sendOwn(at('09:00', day), { dailyGeneration: 1 });
    await sendOwn(at('10:00', day), { dailyGeneration: 2 });
    const before = await ownDay(day);
    await send(telemetry(at('10:00', day), { dailyGeneration: 9 }, { device: I, msgId: 'again' }), D);
    expect(await ownDay(day)).toEqual(before);
    expect(before!.generation).toBeCloseTo(2, 9);
  });

  it('meters lifetime counters where a device sends them, and a late reading corrects the next day too', async () => {
    const day = '2026-07-05';
    await sendOwn(at('09:00', day), { totalGeneration: 1000, dailyGeneration: 2 });
    await sendOwn(at('23:00', day), { totalGeneration: 1010, dailyGeneration: 12 });
    await sendOwn(at('09:00', '2026-07-06'), { totalGeneration: 1013, dailyGeneration: 3 });
    // The first lifetime reading has none before it: its daily counter is measured as before.
    expect((await ownDay(day))!.generation).toBeCloseTo(12, 9);
    expect((await ownDay('2026-07-06'))!.generation).toBeCloseTo(3, 9);
    // A reading of 23:30 arrives late: 1011 — the half hour belongs to the 5th, the 6th keeps only 2 kWh.
    await sendOwn(at('23:30', day), { totalGeneration: 1011, dailyGeneration: 13 });
    expect((await ownDay(day))!.generation).toBeCloseTo(13, 9);
    expect((await ownDay('2026-07-06'))!.generation).toBeCloseTo(2, 9);
  });

  it('rebuilds the same roll-ups from raw samples, and keeps the days that have none', async () => {
    const db = t.ctx.db;
    // A back-filled day without raw samples (the demo does this).
    await db.insert(plantEnergyDaily).values({ plantId: own, day: '2026-06-30', generation: 7, revenue: 1 });
    const snapshot = () =>
      sqlRows<Record<string, number>>(
        db,
        sql`
          SELECT d.day::text, d.generation, d.consumption, d.purchase, d.revenue,
            (SELECT sum(generation) FROM plant_energy_monthly m WHERE m.plant_id = ${own}) AS months,
            (SELECT sum(o.generation) FROM org_energy_daily o WHERE o.org_id = 3 AND o.day = d.day) AS org
          FROM plant_energy_daily d WHERE d.plant_id = ${own} ORDER BY d.day`,
      );
    const ingested = await snapshot();
    // Wrong figures, as the largest-counter rule left them.
    await db.execute(sql`
      UPDATE device_energy_daily SET generation = 99 WHERE day = '2026-07-01'
        AND device_id IN (SELECT id FROM devices WHERE plant_id = ${own})`);
    await db.execute(
      sql`UPDATE plant_energy_daily SET generation = 99 WHERE plant_id = ${own} AND day = '2026-07-01'`,
    );
    const r = await recomputeEnergy(db, { plantId: own, from: '2026-06-30', to: '2026-07-06' });
    expect(r.before.generation).toBeGreaterThan(99);
    expect(r.deviceDays).toBe(5);
    const rebuilt = await snapshot();
    expect(rebuilt.map((d) => d.day)).toEqual(ingested.map((d) => d.day));
    rebuilt.forEach((d, i) => {
      for (const [k, v] of Object.entries(d)) {
        if (k === 'day') expect(v).toBe(ingested[i]![k]);
        else expect(Number(v)).toBeCloseTo(Number(ingested[i]![k]), 9);
      }
    });
    expect(rebuilt[0]).toMatchObject({ day: '2026-06-30', generation: 7 });
  });
});
