import { topics } from '@pvstar/contract/mqtt';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlant, type FixturePlant } from '../../test/alarm-fixture.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { sqlRows } from '../db/rows.ts';
import { createIngest, type Ingest } from '../ingest/ingest.ts';
import { keepSamplePartitions } from './sample-partitions.ts';

/**
 * Partition upkeep with the clock moved on: the migrations prepare the months around today; the jobs role
 * keeps months ahead, moves what landed in the default partition, and drops months past the retention.
 */
const log = pino({ level: 'silent' });
const DAY_MS = 86_400_000;
/** The first instant of the UTC month `add` months from the real today's. */
const month = (add: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1));
};
const partitionOf = (add: number) =>
  `telemetry_samples_${month(add).toISOString().slice(0, 7).replace('-', '_')}`;

let t: TestApp;
let plant: FixturePlant;
let clock = Date.now();
let ingest: Ingest;
let token: string;

const rows = <T>(query: SQL) => sqlRows<T>(t.ctx.db, query);
const partitions = async () =>
  (
    await rows<{ name: string }>(sql`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'telemetry_samples'::regclass ORDER BY 1`)
  ).map((r) => r.name);
/** Where each stored sample of a time range sits. */
const placed = (from: Date, to: Date) =>
  rows<{ p: string; n: number }>(sql`
    SELECT tableoid::regclass::text AS p, count(*)::int AS n FROM telemetry_samples
    WHERE ts >= ${from.toISOString()}::timestamptz AND ts < ${to.toISOString()}::timestamptz GROUP BY 1 ORDER BY 1`);
const defaultRows = async () =>
  (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM telemetry_samples_default`))[0]!.n;
const send = (ts: number, data: Record<string, number>) =>
  ingest.handle(
    topics.telemetry(plant.dongleSn),
    Buffer.from(
      JSON.stringify({
        msgId: `m-${ts}`,
        ts,
        devices: [{ sn: plant.devices.INVERTER.sn, kind: 'INVERTER', data }],
      }),
    ),
  );
/** Raw samples written straight in, as a writer the upkeep does not know of would. */
const writeRaw = (at: Date, n: number) =>
  t.ctx.db.execute(sql`
    INSERT INTO telemetry_samples (device_id, ts, data)
    SELECT ${plant.devices.BATTERY.id}, ${at.toISOString()}::timestamptz + make_interval(secs => g), '{"soc": 50}'
    FROM generate_series(1, ${n}) g`);
/** The roll-ups of the days before next month (today's and older: the ones whose samples expire). */
const rollups = async () => {
  const upTo = month(1).toISOString().slice(0, 10);
  return {
    daily: await rows(sql`SELECT * FROM plant_energy_daily WHERE day < ${upTo} ORDER BY plant_id, day`),
    monthly: await rows(
      sql`SELECT * FROM plant_energy_monthly WHERE month < ${upTo} ORDER BY plant_id, month`,
    ),
    org: await rows(
      sql`SELECT * FROM org_energy_daily WHERE day < ${upTo} ORDER BY org_id, day, currency, timezone, shard`,
    ),
    device: await rows(sql`SELECT * FROM device_energy_daily WHERE day < ${upTo} ORDER BY device_id, day`),
  };
};

beforeAll(async () => {
  t = await buildTestApp();
  plant = await addPlant(t, { org: 'Solartechnik Alpha' });
  ingest = createIngest({ db: t.ctx.db, log, now: () => clock, flushMs: 1 });
  token = await t.login('demo-installer-a');
});
afterAll(() => t.close());

describe('sample partitions', () => {
  it('after the clock moves past the prepared months, a sample lands in its month, not the default', async () => {
    clock = month(3).getTime() + 10 * DAY_MS;
    const done = await keepSamplePartitions(t.ctx.db, { retentionDays: 400, now: new Date(clock) });
    expect(done.created).toEqual([3, 4, 5, 6].map((m) => ({ partition: partitionOf(m), moved: 0 })));
    await send(clock, { pvPower: 1000, dailyGeneration: 1 });
    expect(await placed(month(3), month(4))).toEqual([{ p: partitionOf(3), n: 1 }]);
    expect(await defaultRows()).toBe(0);
  });

  it('fourteen months on: months ahead exist, stray rows move, old months expire and their energy stays', async () => {
    // Today's energy, from the inverter's daily counters.
    clock = Date.now();
    await send(clock - 2 * 3_600_000, { pvPower: 2000, dailyGeneration: 3, dailyFeedIn: 1 });
    await send(clock - 3_600_000, { pvPower: 2500, dailyGeneration: 5.5, dailyFeedIn: 2 });
    const day = (
      await rows<{ day: string }>(sql`
      SELECT day::text FROM plant_energy_daily
      WHERE plant_id = ${plant.plantId} AND day < ${month(1).toISOString().slice(0, 10)}
      ORDER BY day DESC LIMIT 1`)
    )[0]!.day;
    const energy = () =>
      t.call('POST', '/station/station/energy', {
        token,
        body: { id: plant.plantId, dateType: 'date', from: day, to: day },
      });
    const before = (await energy()).body.data;
    expect(before.totals.generation).toBe(5.5);
    const kept = await rollups();

    // Fourteen months on, before the upkeep has run: writes for months without a partition pile up in
    // the default one (a month the server skipped, a device with a wrong clock, and now).
    clock = month(14).getTime() + 15 * DAY_MS;
    await writeRaw(month(8), 5);
    await writeRaw(new Date(month(-20).getTime() + DAY_MS), 2);
    await send(clock, { pvPower: 1500, dailyGeneration: 0.5 });
    expect(await defaultRows()).toBe(8);

    const done = await keepSamplePartitions(t.ctx.db, { retentionDays: 400, now: new Date(clock) });
    expect(done.defaultRows).toBe(0);
    expect(await defaultRows()).toBe(0);
    expect(done.created).toEqual(
      expect.arrayContaining([
        { partition: partitionOf(-20), moved: 2 },
        { partition: partitionOf(8), moved: 5 },
        { partition: partitionOf(14), moved: 1 },
        { partition: partitionOf(15), moved: 0 },
        { partition: partitionOf(17), moved: 0 },
      ]),
    );
    // 400 days before the 15th of month 14 falls in month 1: months up to today's are wholly older (the
    // first pass, in month 3, dropped those before month -10).
    expect(done.dropped.sort()).toEqual(
      [-20, -10, -9, -8, -7, -6, -5, -4, -3, -2, -1, 0].map(partitionOf).sort(),
    );
    expect(await partitions()).toEqual(
      [1, 2, 3, 4, 5, 6, 8, 14, 15, 16, 17].map(partitionOf).concat('telemetry_samples_default').sort(),
    );
    expect(await placed(month(8), month(9))).toEqual([{ p: partitionOf(8), n: 5 }]);
    expect(await placed(month(14), month(15))).toEqual([{ p: partitionOf(14), n: 1 }]);
    expect(await placed(month(-20), month(1))).toEqual([]);

    // The roll-ups of the expired months are untouched, and the plant's figures for those days still answer.
    expect(kept.daily.length).toBeGreaterThan(0);
    expect(await rollups()).toEqual(kept);
    expect((await energy()).body.data).toEqual(before);

    // Samples written now land in their month's partition; a repeated one is still a no-op there.
    await send(clock + 60_000, { pvPower: 1600, dailyGeneration: 0.6 });
    await send(clock + 60_000, { pvPower: 1600, dailyGeneration: 0.6 });
    expect(await placed(month(14), month(15))).toEqual([{ p: partitionOf(14), n: 2 }]);
    expect(await defaultRows()).toBe(0);

    // A second run finds nothing to do.
    expect(await keepSamplePartitions(t.ctx.db, { retentionDays: 400, now: new Date(clock) })).toEqual({
      created: [],
      dropped: [],
      defaultRows: 0,
    });
  });

  it('two jobs processes keeping the partitions at once create each month once', async () => {
    await writeRaw(month(12), 3);
    const now = new Date(month(14).getTime() + 15 * DAY_MS);
    const runs = await Promise.all([
      keepSamplePartitions(t.ctx.db, { retentionDays: 400, now }),
      keepSamplePartitions(t.ctx.db, { retentionDays: 400, now }),
    ]);
    expect(runs.flatMap((r) => r.created)).toEqual([{ partition: partitionOf(12), moved: 3 }]);
    expect(await placed(month(12), month(13))).toEqual([{ p: partitionOf(12), n: 3 }]);
    expect(await defaultRows()).toBe(0);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'moves a month out of the default partition while other connections write to it, losing and doubling nothing',
    async () => {
      const pool = (t.ctx.db as unknown as { $client: pg.Pool }).$client;
      const [a, b, watcher] = [await pool.connect(), await pool.connect(), await pool.connect()];
      const at = month(10);
      const waiting = async () =>
        (
          await watcher.query(
            `SELECT count(*)::int AS n FROM pg_locks l WHERE NOT l.granted AND l.relation = 'telemetry_samples'::regclass`,
          )
        ).rows[0].n as number;
      const until = async (n: number) => {
        for (let i = 0; i < 200 && (await waiting()) < n; i++) await new Promise((r) => setTimeout(r, 25));
        expect(await waiting()).toBe(n);
      };
      const insert = (c: pg.PoolClient, second: number) =>
        c.query(
          `INSERT INTO telemetry_samples (device_id, ts, data) VALUES ($1, $2::timestamptz + make_interval(secs => $3), '{"soc": 1}')`,
          [plant.devices.METER.id, at.toISOString(), second],
        );
      try {
        await writeRaw(at, 20);
        // A writer inside its transaction has a row for that month in the default partition, uncommitted.
        await a.query('BEGIN');
        await insert(a, 1000);
        const upkeep = keepSamplePartitions(t.ctx.db, {
          retentionDays: 400,
          now: new Date(month(14).getTime() + 15 * DAY_MS),
        });
        await until(1);
        // Another writer comes while the upkeep waits for the first: it waits behind the upkeep.
        const late = insert(b, 1001);
        await until(2);
        await a.query('COMMIT');
        const done = await upkeep;
        await late;
        expect(done.created).toEqual([{ partition: partitionOf(10), moved: 21 }]);
        expect(await placed(at, month(11))).toEqual([{ p: partitionOf(10), n: 22 }]);
        const twice = await rows(sql`
          SELECT device_id, ts FROM telemetry_samples GROUP BY 1, 2 HAVING count(*) > 1`);
        expect(twice).toEqual([]);
        expect(await defaultRows()).toBe(0);
      } finally {
        await a.query('ROLLBACK').catch(() => {});
        for (const c of [a, b, watcher]) c.release();
      }
    },
  );

  it('a new month meets neighbours made in another time zone: no overlap, no hours left to the default', async () => {
    // As 0003 made them on a server in Berlin: months from local midnight (23:00 UTC in winter).
    await t.ctx.db.execute(sql`
      CREATE TABLE telemetry_samples_2040_01 PARTITION OF telemetry_samples
      FOR VALUES FROM ('2040-01-01 00:00:00+01') TO ('2040-02-01 00:00:00+01')`);
    await t.ctx.db.execute(sql`
      CREATE TABLE telemetry_samples_2040_03 PARTITION OF telemetry_samples
      FOR VALUES FROM ('2040-03-01 00:00:00+01') TO ('2040-04-01 00:00:00+02')`);
    try {
      await t.ctx.db.execute(sql`SELECT create_sample_partition('2040-02-01')`);
      const [bounds] = await rows<{ lower: Date; upper: Date }>(sql`
        SELECT lower, upper FROM sample_partition_bounds() WHERE name = 'telemetry_samples_2040_02'`);
      expect(new Date(bounds!.lower).toISOString()).toBe('2040-01-31T23:00:00.000Z');
      expect(new Date(bounds!.upper).toISOString()).toBe('2040-02-29T23:00:00.000Z');
      // The UTC hour before each bound, which a UTC-only month would have left to the default partition.
      await writeRaw(new Date('2040-01-31T23:30:00Z'), 3);
      await writeRaw(new Date('2040-02-29T23:30:00Z'), 3);
      expect(await placed(new Date('2040-01-01T00:00:00Z'), new Date('2040-04-01T00:00:00Z'))).toEqual([
        { p: 'telemetry_samples_2040_02', n: 3 },
        { p: 'telemetry_samples_2040_03', n: 3 },
      ]);
    } finally {
      for (const m of ['01', '02', '03'])
        await t.ctx.db.execute(sql.raw(`DROP TABLE IF EXISTS telemetry_samples_2040_${m}`));
    }
  });
});
