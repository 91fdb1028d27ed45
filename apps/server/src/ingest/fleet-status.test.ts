import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetStatus, fleetTelemetry, insertFleet } from '../../test/fleet-fixture.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { sqlRow, sqlRows } from '../db/rows.ts';
import { sweepStale } from '../domain/status-sweeper.ts';
import { detectSilence } from '../modules/alarm/alarm-comm.ts';
import { createIngest } from './ingest.ts';

const log = pino({ level: 'silent' });
const T0 = Date.parse('2026-06-21T10:00:00Z');

describe('interval learning that cannot flap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // Dongle 1 registered at 5 s, dongle 2 at 10 s; neither has reported yet.
    await insertFleet(t.ctx.db, { plants: 2, devicesPerDongle: 1, intervalSeconds: 5, heard: new Date(T0) });
    await t.ctx.db.execute(sql`UPDATE dongles SET last_telemetry_at = NULL`);
    await t.ctx.db.execute(sql`
      UPDATE dongles SET interval_seconds = 10, status = 'NOT_CONNECTED', last_seen_at = NULL WHERE sn = 'DGL-F2'`);
    await t.ctx.db.execute(sql`
      UPDATE devices SET status = 'NOT_CONNECTED', last_seen_at = NULL WHERE sn = 'INV-F2-1'`);
  });
  afterAll(() => t.close());

  const statuses = (n: number) =>
    sqlRow<{ dongle: string; device: string; interval: number }>(
      t.ctx.db,
      sql`
      SELECT g.status AS dongle, d.status AS device, g.interval_seconds AS interval
      FROM dongles g JOIN devices d ON d.dongle_id = g.id WHERE g.sn = ${`DGL-F${n}`}`,
    );

  it('keeps a dongle registered at 5 s that sends once a minute online between its messages', async () => {
    let clock = T0;
    const ingest = createIngest({ db: t.ctx.db, log, now: () => clock, flushMs: 1 });
    const intervals: number[] = [];
    for (let m = 0; m < 12; m++) {
      clock = T0 + m * 60_000;
      await fleetTelemetry(ingest, 1, clock, { devicesPerDongle: 1 });
      const after = await statuses(1);
      expect(after).toMatchObject({ dongle: 'ONLINE', device: 'ONLINE' });
      intervals.push(after!.interval);
      // From its second message on, no sweep before the next message finds it silent.
      if (m >= 1)
        for (const s of [15, 30, 45, 59]) {
          expect(await sweepStale(t.ctx.db, new Date(clock + s * 1000))).toBe(0);
          expect(await statuses(1)).toMatchObject({ dongle: 'ONLINE', device: 'ONLINE' });
        }
    }
    // The learnt interval moves towards the minute without swinging back.
    for (let i = 1; i < intervals.length; i++) expect(intervals[i]).toBeGreaterThanOrEqual(intervals[i - 1]!);
    expect(intervals.at(-1)).toBeGreaterThan(45);
    expect(intervals.at(-1)).toBeLessThanOrEqual(60);
    // Once it stops, three minutes of silence make it offline.
    const last = clock;
    expect(await sweepStale(t.ctx.db, new Date(last + 170_000))).toBe(0);
    expect(await sweepStale(t.ctx.db, new Date(last + 185_000))).toBe(1);
    expect(await statuses(1)).toMatchObject({ dongle: 'OFFLINE', device: 'OFFLINE' });
  });

  it('does not let one long outage stretch the wait for the next silence', async () => {
    // Dongle 1 went offline above after a minute's cadence; an hour later it sends once and falls silent.
    const back = T0 + 11 * 60_000 + 3_600_000;
    const ingest = createIngest({ db: t.ctx.db, log, now: () => back, flushMs: 1 });
    await fleetTelemetry(ingest, 1, back, { devicesPerDongle: 1 });
    expect(await statuses(1)).toMatchObject({ dongle: 'ONLINE', device: 'ONLINE' });
    // The learnt interval took a nudge from the outage (≈ 110 s), the last gap is an hour: three of the
    // nudged interval, not three hours, make it offline.
    expect(await sweepStale(t.ctx.db, new Date(back + 400_000))).toBe(1);
    expect(await statuses(1)).toMatchObject({ dongle: 'OFFLINE', device: 'OFFLINE' });
  });

  it('still finds a dongle at 10 s silent after three of its intervals', async () => {
    let clock = T0;
    const ingest = createIngest({ db: t.ctx.db, log, now: () => clock, flushMs: 1 });
    for (let m = 0; m < 6; m++) {
      clock = T0 + m * 10_000;
      await fleetTelemetry(ingest, 2, clock, { devicesPerDongle: 1 });
      if (m >= 1) expect(await sweepStale(t.ctx.db, new Date(clock + 9_000))).toBe(0);
    }
    expect(await statuses(2)).toMatchObject({ dongle: 'ONLINE', device: 'ONLINE', interval: 10 });
    expect(await sweepStale(t.ctx.db, new Date(clock + 28_000))).toBe(0);
    expect(await sweepStale(t.ctx.db, new Date(clock + 31_000))).toBe(1);
    expect(await statuses(2)).toMatchObject({ dongle: 'OFFLINE', device: 'OFFLINE' });
  });
});

/**
 * Hundreds of dongles going offline and coming back together (status messages in several lanes,
 * telemetry, the sweeper and the communication alarms all at once) take their rows in one order, so
 * PostgreSQL finds no deadlock. PGlite runs one statement at a time and cannot deadlock.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('mass outage without deadlocks', () => {
  const DONGLES = 300;
  const PER_DONGLE = 2;
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await insertFleet(t.ctx.db, {
      plants: DONGLES,
      devicesPerDongle: PER_DONGLE,
      intervalSeconds: 60,
      heard: new Date(T0 - 30_000),
    });
  }, 60_000);
  afterAll(() => t.close());

  it('finds no deadlock, and ends with the right statuses', async () => {
    let clock = T0 + 200_000;
    const ingest = createIngest({ db: t.ctx.db, log, now: () => clock, flushMs: 5, lanes: 4 });
    let jobDeadlocks = 0;
    const jobs = async (at: Date) => {
      for (let i = 0; i < 6; i++)
        try {
          await sweepStale(t.ctx.db, at);
          await detectSilence(t.ctx.db, at);
        } catch (err) {
          if ((err as { cause?: { code?: string } }).cause?.code !== '40P01') throw err;
          jobDeadlocks++;
        }
    };
    const half = DONGLES / 2;
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    // The first half drops (its last will) while the second half reports, and the jobs sweep the silent.
    await Promise.all([
      ...range(1, half).map((n) => fleetStatus(ingest, n, 'offline')),
      ...range(half + 1, DONGLES).map((n) =>
        fleetTelemetry(ingest, n, clock - 1000, { devicesPerDongle: PER_DONGLE }),
      ),
      jobs(new Date(clock)),
      jobs(new Date(clock)),
    ]);
    // Then it comes back, and the second half drops.
    clock += 60_000;
    await Promise.all([
      ...range(1, half).map((n) => fleetStatus(ingest, n, 'online')),
      ...range(1, half).map((n) => fleetTelemetry(ingest, n, clock - 1000, { devicesPerDongle: PER_DONGLE })),
      ...range(half + 1, DONGLES).map((n) => fleetStatus(ingest, n, 'offline')),
      jobs(new Date(clock)),
      jobs(new Date(clock)),
    ]);
    expect({ ingest: ingest.stats().deadlocks, jobs: jobDeadlocks }).toEqual({ ingest: 0, jobs: 0 });

    const byStatus = await sqlRows<{
      back: boolean;
      dongle: string;
      device: string;
      plant: string;
      n: number;
    }>(
      t.ctx.db,
      sql`
      SELECT substr(g.sn, 6)::int <= ${half} AS back, g.status AS dongle, d.status AS device, p.status AS plant,
        count(*)::int AS n
      FROM dongles g JOIN devices d ON d.dongle_id = g.id JOIN plants p ON p.id = g.plant_id
      WHERE g.sn LIKE 'DGL-F%' GROUP BY 1, 2, 3, 4 ORDER BY 1`,
    );
    expect(byStatus).toEqual([
      { back: false, dongle: 'OFFLINE', device: 'OFFLINE', plant: 'OFFLINE', n: half * PER_DONGLE },
      { back: true, dongle: 'ONLINE', device: 'ONLINE', plant: 'NORMAL', n: half * PER_DONGLE },
    ]);
  }, 60_000);
});
