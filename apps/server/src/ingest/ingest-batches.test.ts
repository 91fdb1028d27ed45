import { topics } from '@pvstar/contract/mqtt';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { preparedTexts } from '../db/prepared.ts';
import { sqlRow } from '../db/rows.ts';
import { deviceEnergyDaily, devices, dongles, plants, telemetrySamples } from '../db/schema/index.ts';
import { createIngest, type Ingest } from './ingest.ts';

/**
 * How ingest forms and writes its batches (decision 029): the lanes' batches as one while no lane is busy,
 * statements of a fixed text (prepared per connection), and the device look-up cache checked under the
 * batch's locks. ingest.test.ts holds what a batch stores.
 */
const log = pino({ level: 'silent' });
let t: TestApp;
let ingest: Ingest;
let clock = Date.parse('2026-07-20T00:00:00Z');

/** In Berlin (UTC+2 in summer). */
const at = (hhmm: string, day: string) => Date.parse(`${day}T${hhmm}:00+02:00`);
const telemetry = (ts: number, data: Record<string, number>, opts: { device: string }) =>
  Buffer.from(
    JSON.stringify({ msgId: `m-${ts}`, ts, devices: [{ sn: opts.device, kind: 'INVERTER', data }] }),
  );
const send = (payload: Buffer, dongle: string, kind: 'telemetry' | 'status' = 'telemetry') =>
  ingest.handle(kind === 'status' ? topics.status(dongle) : topics.telemetry(dongle), payload);
const count = async () =>
  (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(telemetrySamples))[0]!.n;

beforeAll(async () => {
  t = await buildTestApp();
  // Two plants with ids in a row: two lanes of four.
  for (const n of [1, 2]) {
    const [plant] = await t.ctx.db
      .insert(plants)
      .values({
        plantNo: `P-BATCH-${n}`,
        orgId: 3,
        name: `Batch ${n}`,
        type: 'PHOTOVOLTAIC',
        installedCapacity: 5,
        timezone: 'Europe/Berlin',
      })
      .returning({ id: plants.id });
    const [dongle] = await t.ctx.db
      .insert(dongles)
      .values({ sn: `DGL-BATCH${n}`, plantId: plant!.id, secretHash: 'x' })
      .returning({ id: dongles.id });
    await t.ctx.db
      .insert(devices)
      .values({ sn: `INV-BATCH${n}`, dongleId: dongle!.id, plantId: plant!.id, kind: 'INVERTER' });
  }
  ingest = createIngest({ db: t.ctx.db, log, flushMs: 5, now: () => clock });
});
afterAll(() => t.close());

describe('lanes', () => {
  /** The database, counting transactions; each waits for `gate` before it begins. */
  const countingDb = () => {
    let gate: Promise<void> = Promise.resolve();
    const counter = { transactions: 0, hold: () => {}, release: () => {} };
    counter.hold = () => {
      gate = new Promise((r) => {
        counter.release = r;
      });
    };
    const db = new Proxy(t.ctx.db, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop !== 'transaction') return typeof value === 'function' ? value.bind(target) : value;
        return async (...args: Parameters<typeof target.transaction>) => {
          counter.transactions++;
          await gate;
          return target.transaction(...args);
        };
      },
    });
    return { db, counter };
  };

  it("writes the lanes' batches as one at a fleet's pace, and side by side while a lane is busy", async () => {
    const { db, counter } = countingDb();
    const lanes = createIngest({ db, log, flushMs: 20, now: () => clock, lanes: 4 });
    const day = '2026-06-11';
    const own = (hhmm: string) =>
      lanes.handle(
        topics.telemetry('DGL-BATCH1'),
        telemetry(at(hhmm, day), { power: 1 }, { device: 'INV-BATCH1' }),
      );
    const other = (hhmm: string) =>
      lanes.handle(
        topics.telemetry('DGL-BATCH2'),
        telemetry(at(hhmm, day), { power: 2 }, { device: 'INV-BATCH2' }),
      );
    // Two plants in two lanes (ids in a row), a message each and a status: one transaction.
    await Promise.all([
      own('09:00'),
      other('09:00'),
      lanes.handle(topics.status('DGL-BATCH2'), Buffer.from('online')),
    ]);
    expect(counter.transactions).toBe(1);

    // A write of the first lane that has not finished: the next batches are written lane by lane, the first
    // lane's after its earlier one.
    counter.hold();
    const first = own('09:01');
    await vi.waitFor(() => expect(counter.transactions).toBe(2));
    const later = [own('09:02'), other('09:02')];
    // The second lane's batch begins beside the first lane's; the first lane's next one waits for it.
    await vi.waitFor(() => expect(counter.transactions).toBe(3));
    counter.release();
    await Promise.all([first, ...later]);
    expect(counter.transactions).toBe(4);
    const stored = await sqlRow<{ n: number }>(
      t.ctx.db,
      sql`SELECT count(*)::int AS n FROM telemetry_samples WHERE ts >= ${new Date(at('09:00', day)).toISOString()}::timestamptz
        AND ts <= ${new Date(at('09:02', day)).toISOString()}::timestamptz`,
    );
    expect(stored!.n).toBe(5);
  });
});

describe('prepared statements', () => {
  it("keeps a fixed set of statement texts, whatever a batch's size and contents", async () => {
    const round = async (day: string, messages: number) => {
      const base = Date.parse(`${day}T10:00:00+02:00`);
      await Promise.all(
        Array.from({ length: messages }, (_, i) =>
          send(
            telemetry(
              base + i * 60_000,
              { power: 100 + i, pvPower: 120 + i, totalGeneration: 3000 + i },
              { device: 'INV-BATCH1' },
            ),
            'DGL-BATCH1',
          ),
        ),
      );
      await send(telemetry(base, { power: 5, totalGeneration: 50 }, { device: 'INV-BATCH2' }), 'DGL-BATCH2');
      await send(Buffer.from('offline'), 'DGL-BATCH2', 'status');
      await send(Buffer.from('online'), 'DGL-BATCH2', 'status');
    };
    const saved = clock;
    clock = Date.parse('2026-07-20T00:00:00Z');
    try {
      await round('2026-07-10', 1);
      await round('2026-07-11', 3);
      const texts = preparedTexts();
      expect(texts).toBeGreaterThan(8);
      await round('2026-07-12', 7);
      await round('2026-07-13', 2);
      expect(preparedTexts()).toBe(texts);
    } finally {
      clock = saved;
    }
  });
});

describe('a device changed by another process while ingest holds it in its cache', () => {
  // The API may run in another process: ingest hears of no change, and its cache lasts minutes.
  let deviceId: number;
  let moveTo: number;
  beforeAll(async () => {
    const db = t.ctx.db;
    const [plant] = await db
      .insert(plants)
      .values({
        plantNo: 'P-MOVE-1',
        orgId: 3,
        name: 'Moved',
        type: 'PHOTOVOLTAIC',
        installedCapacity: 4,
        timezone: 'Europe/Berlin',
      })
      .returning({ id: plants.id });
    const [first, second] = await db
      .insert(dongles)
      .values([
        { sn: 'DGL-MOVE01', plantId: plant!.id, secretHash: 'm1' },
        { sn: 'DGL-MOVE02', plantId: plant!.id, secretHash: 'm2' },
      ])
      .returning({ id: dongles.id });
    const [inv] = await db
      .insert(devices)
      .values({ sn: 'INV-MOVE01', dongleId: first!.id, plantId: plant!.id, kind: 'INVERTER' })
      .returning({ id: devices.id });
    deviceId = inv!.id;
    moveTo = second!.id;
  });
  const reading = (iso: string, total: number, dongle = 'DGL-MOVE01') =>
    send(
      telemetry(Date.parse(iso), { power: 500, totalGeneration: total }, { device: 'INV-MOVE01' }),
      dongle,
    );
  const deviceDays = async () =>
    Object.fromEntries(
      (await t.ctx.db.select().from(deviceEnergyDaily).where(eq(deviceEnergyDaily.deviceId, deviceId))).map(
        (r) => [r.day, r.generation],
      ),
    );

  it("meters into the plant's new time zone from the next batch on", async () => {
    const saved = clock;
    clock = Date.parse('2026-06-25T06:00:00Z');
    try {
      await reading('2026-06-24T12:00:00Z', 2000);
      await t.ctx.db
        .update(plants)
        .set({ timezone: 'Pacific/Auckland' })
        .where(sql`${plants.plantNo} = 'P-MOVE-1'`);
      // 13:00 UTC is 15:00 on the 24th in Berlin, 01:00 on the 25th in Auckland.
      await reading('2026-06-24T13:00:00Z', 2004);
      const days = await deviceDays();
      expect(days['2026-06-25']).toBeCloseTo(4, 9);
      expect(days['2026-06-24'] ?? 0).toBeCloseTo(0, 9);
    } finally {
      clock = saved;
    }
  });

  it('takes no more of its readings from its old dongle once it is behind another', async () => {
    const saved = clock;
    clock = Date.parse('2026-06-25T06:00:00Z');
    try {
      await t.ctx.db.update(devices).set({ dongleId: moveTo }).where(eq(devices.id, deviceId));
      const before = await count();
      const foreign = ingest.stats().dropped.foreignDevice ?? 0;
      await reading('2026-06-24T14:00:00Z', 2005);
      expect(await count()).toBe(before);
      expect(ingest.stats().dropped.foreignDevice).toBe(foreign + 1);
      await reading('2026-06-24T14:01:00Z', 2006, 'DGL-MOVE02');
      expect(await count()).toBe(before + 1);
    } finally {
      clock = saved;
    }
  });
});
