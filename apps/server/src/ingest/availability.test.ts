import { topics } from '@pvstar/contract/mqtt';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { sqlRow } from '../db/rows.ts';
import { devices, dongles, plants } from '../db/schema/index.ts';
import { createAlarmEvents } from '../modules/alarm/alarm-events.ts';
import { recomputeEnergy } from './energy-recompute.ts';
import { createIngest } from './ingest.ts';

/**
 * IEC 61724-1 availability from the stream, end to end: a plant without coordinates (daylight
 * 08:00–16:00 Berlin, 96 intervals) whose inverter reports every 5 minutes on 21 June 2026, trips with a
 * grid fault from 10:00 to 12:00 (reporting 0 W all the while) and is silent from 14:00 to 14:30.
 */
const log = pino({ level: 'silent' });
const DAY = '2026-06-21';
const at = (hhmm: string) => Date.parse(`${DAY}T${hhmm}:00+02:00`);
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
/** Bit index of a local time: the day's bits start at local midnight. */
const bit = (minutes: number) => minutes / 5;

let t: TestApp;
let plantId: number;
let inverterId: number;
let ingest: ReturnType<typeof createIngest>;
let events: ReturnType<typeof createAlarmEvents>;
const reading = (ts: number, power: number, generation: number) =>
  ingest.handle(
    topics.telemetry('DGL-AV-001'),
    Buffer.from(
      JSON.stringify({
        msgId: `m-${ts}`,
        ts,
        devices: [
          {
            sn: 'INV-AV-001',
            kind: 'INVERTER',
            data: { power, pvPower: power, dailyGeneration: generation },
          },
        ],
      }),
    ),
  );
const fault = (ts: number, state: 'raised' | 'cleared', faultCode = 'INV-GRID-OV') =>
  events.handle('DGL-AV-001', {
    msgId: `e-${ts}-${faultCode}`,
    ts,
    deviceSn: 'INV-AV-001',
    faultCode,
    state,
  });

const tripped = (m: number) => m >= 600 && m < 720;
const silent = (m: number) => m >= 840 && m < 870;

async function deviceDay() {
  const row = await sqlRow<{
    seen: string;
    available: string;
    n_seen: number;
    n_available: number;
    generation: number;
  }>(
    t.ctx.db,
    sql`
    SELECT daylight_seen::text AS seen, daylight_available::text AS available,
      bit_count(daylight_seen)::int AS n_seen, bit_count(daylight_available)::int AS n_available, generation
    FROM device_energy_daily WHERE device_id = ${inverterId} AND day = ${DAY}`,
  );
  return row!;
}
async function rollups() {
  return sqlRow(
    t.ctx.db,
    sql`
    SELECT d.daylight_seen AS day_seen, d.daylight_available AS day_available,
      m.daylight_seen AS month_seen, m.daylight_available AS month_available
    FROM plant_energy_daily d JOIN plant_energy_monthly m ON m.plant_id = d.plant_id AND m.month = '2026-06-01'
    WHERE d.plant_id = ${plantId} AND d.day = ${DAY}`,
  );
}

beforeAll(async () => {
  // The report counts daylight up to "now": two days after the test day.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-23T10:00:00Z') });
  t = await buildTestApp();
  const db = t.ctx.db;
  const orgId = (await sqlRow<{ id: number }>(
    db,
    sql`SELECT id FROM organizations WHERE name = 'Solartechnik Alpha'`,
  ))!.id;
  const [plant] = await db
    .insert(plants)
    .values({
      plantNo: 'P-AV-1',
      orgId,
      name: 'Availability plant',
      type: 'PHOTOVOLTAIC',
      installedCapacity: 10,
      timezone: 'Europe/Berlin',
      createdAt: new Date('2026-06-01T00:00:00Z'),
    })
    .returning({ id: plants.id });
  plantId = plant!.id;
  const [dongle] = await db
    .insert(dongles)
    .values({ sn: 'DGL-AV-001', plantId, secretHash: 'x', intervalSeconds: 300 })
    .returning({ id: dongles.id });
  const [inv] = await db
    .insert(devices)
    .values({ sn: 'INV-AV-001', dongleId: dongle!.id, plantId, kind: 'INVERTER' })
    .returning({ id: devices.id });
  inverterId = inv!.id;

  const clock = Date.parse('2026-06-23T10:00:00Z');
  ingest = createIngest({ db, log, flushMs: 1, now: () => clock });
  events = createAlarmEvents({ db, log, now: () => clock });
  let generation = 0;
  for (let m = 6 * 60; m < 18 * 60; m += 5) {
    if (m === 600) expect(await fault(at('10:00'), 'raised')).toBe('opened');
    if (m === 720) expect(await fault(at('12:00'), 'cleared')).toBe('ended');
    if (silent(m)) continue;
    const power = tripped(m) || m < 8 * 60 || m >= 16 * 60 ? 0 : 3000;
    generation += power / 12_000;
    await reading(at(hhmm(m)), power, Math.round(generation * 1000) / 1000);
  }
  await ingest.flush();
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('availability (IEC 61724-1) from the stream', () => {
  it('a tripped inverter reporting 0 W is unavailable for exactly those intervals; data availability stays', async () => {
    const day = await deviceDay();
    // 96 daylight intervals, 6 of them without data; 24 more (10:00–11:55) with data but tripped.
    expect(day.n_seen).toBe(90);
    expect(day.n_available).toBe(66);
    for (let m = 0; m < 24 * 60; m += 5) {
      const daylight = m >= 480 && m < 960;
      expect(day.seen[bit(m)], hhmm(m)).toBe(daylight && !silent(m) ? '1' : '0');
      expect(day.available[bit(m)], hhmm(m)).toBe(daylight && !silent(m) && !tripped(m) ? '1' : '0');
    }
    expect(await rollups()).toEqual({ day_seen: 90, day_available: 66, month_seen: 90, month_available: 66 });
  });

  it('the recomputation from raw samples rebuilds exactly what ingest kept', async () => {
    const before = await deviceDay();
    await t.ctx.db.execute(sql`
      UPDATE device_energy_daily SET daylight_available = repeat('1', 300)::bit(300), daylight_seen = repeat('0', 300)::bit(300)
      WHERE device_id = ${inverterId}`);
    await recomputeEnergy(t.ctx.db, { plantId, from: DAY, to: DAY });
    expect(await deviceDay()).toEqual(before);
    expect(await rollups()).toEqual({ day_seen: 90, day_available: 66, month_seen: 90, month_available: 66 });
  });

  it('under a fault, a reading with power is available; a WARN alarm does not make one unavailable', async () => {
    const next = (hm: string) => Date.parse(`2026-06-22T${hm}:00+02:00`);
    const available = () =>
      sqlRow(
        t.ctx.db,
        sql`
          SELECT bit_count(daylight_seen)::int AS seen, bit_count(daylight_available)::int AS available
          FROM device_energy_daily WHERE device_id = ${inverterId} AND day = '2026-06-22'`,
      );
    expect(await fault(next('09:58'), 'raised')).toBe('opened');
    // Derating under the fault: it delivers power, so it is able to produce.
    await reading(next('10:00'), 800, 1);
    // Tripped: 0 W under the (still ongoing) fault.
    await reading(next('10:05'), 0, 1);
    expect(await available()).toEqual({ seen: 2, available: 1 });
    // A warning (no production, over-temperature derating…) is no fault: 0 W under it stays available.
    await fault(next('10:07'), 'cleared');
    expect(await fault(next('10:08'), 'raised', 'INV-NO-PROD')).toBe('opened');
    await reading(next('10:10'), 0, 1);
    expect(await available()).toEqual({ seen: 3, available: 2 });
  });

  it('the fleet report shows both: availability over the intervals with data, data availability over daylight', async () => {
    const token = await t.login('demo-installer-a');
    const res = await t.call('POST', '/station/report/fleet', {
      token,
      body: { dateType: 'date', from: DAY, to: DAY },
    });
    expect(res.status).toBe(200);
    const plant = res.body.data.plants.find((p: { id: number }) => p.id === plantId);
    expect(plant).toMatchObject({
      inverters: 1,
      daylightIntervals: 96,
      intervalsWithData: 90,
      intervalsAvailable: 66,
      availability: Math.round((66 / 90) * 10_000) / 10_000,
      dataAvailability: Math.round((90 / 96) * 10_000) / 10_000,
    });
  });
});
