import { topics } from '@pvstar/contract/mqtt';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { priceForm } from '../../../test/tariff-fixture.ts';
import { sqlRows } from '../../db/rows.ts';
import { devices, dongles, plants } from '../../db/schema/index.ts';
import { createIngest } from '../../ingest/ingest.ts';
import { drainRecompute } from '../../ingest/tariff-recompute.ts';

/**
 * Revenue priced per interval at a plant's tariff (decision 023), against figures computed by hand:
 * a day on either side of a tariff change, a time-of-use day, a day of 15-minute dynamic prices, both
 * daylight-saving days of Europe/Berlin, and a retroactive change recomputed in the background exactly,
 * twice without a difference. Every inverter sends lifetime counters only; each interval adds 1 kWh of
 * generation of which `feedIn` kWh are fed in (no battery), so self-consumption is 1 − feedIn per interval.
 * Runs on PGlite, and on PostgreSQL with TEST_DB=postgres.
 */

const log = pino({ level: 'silent' });
const H = 3_600_000;
let t: TestApp;
let admin: string;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
});
afterAll(() => t?.close());

/** A plant of its own (Berlin, flat prices 0.08 feed-in, 0.30 purchase) with one inverter. */
async function newPlant() {
  n++;
  const db = t.ctx.db;
  const [plant] = await db
    .insert(plants)
    .values({
      plantNo: `P-TARIFF-${n}-${Date.now() % 100000}`,
      orgId: 3,
      name: `Tariff plant ${n}`,
      type: 'PHOTOVOLTAIC',
      installedCapacity: 10,
      feedInPrice: 0.08,
      purchasePrice: 0.3,
      timezone: 'Europe/Berlin',
    })
    .returning({ id: plants.id });
  const sn = `DGL-TRF${n}${Date.now() % 100000}`;
  const [dongle] = await db.insert(dongles).values({ sn, plantId: plant!.id, secretHash: 'x' }).returning();
  const [inv] = await db
    .insert(devices)
    .values({
      sn: `INV-TRF${n}${Date.now() % 100000}`,
      dongleId: dongle!.id,
      plantId: plant!.id,
      kind: 'INVERTER',
    })
    .returning();
  return { id: plant!.id, dongleSn: sn, inverterSn: inv!.sn };
}

/** Readings at the given instants; each after the first adds 1 kWh generation and `feedIn` kWh fed in. */
async function ingestReadings(p: { dongleSn: string; inverterSn: string }, times: number[], feedIn = 0.5) {
  const ingest = createIngest({ db: t.ctx.db, log, flushMs: 2, now: () => times[times.length - 1]! });
  for (const [i, ts] of times.entries())
    await ingest.handle(
      topics.telemetry(p.dongleSn),
      Buffer.from(
        JSON.stringify({
          msgId: `m-${p.inverterSn}-${ts}`,
          ts,
          devices: [
            {
              sn: p.inverterSn,
              kind: 'INVERTER',
              data: { totalGeneration: 100 + i, totalFeedIn: 50 + i * feedIn },
            },
          ],
        }),
      ),
    );
  await ingest.flush();
}

/** Instants from `from` to `to` inclusive, every `step` ms. */
const every = (from: string, to: string, step: number) => {
  const out: number[] = [];
  for (let ts = Date.parse(from); ts <= Date.parse(to); ts += step) out.push(ts);
  return out;
};

async function revenue(plantId: number) {
  const rows = await sqlRows<{ day: string; revenue: number; generation: number }>(
    t.ctx.db,
    sql`SELECT day::text, revenue, generation FROM plant_energy_daily WHERE plant_id = ${plantId} ORDER BY day`,
  );
  return Object.fromEntries(rows.map((r) => [r.day, r.revenue]));
}

const add = (body: Record<string, unknown>) => t.call('POST', '/station/tariff/add', { token: admin, body });

describe('revenue at the tariff of each interval', () => {
  it('prices each day at its own period across a change at midnight', async () => {
    const p = await newPlant();
    expect(
      (
        await add({
          stationId: p.id,
          direction: 'FEED_IN',
          kind: 'FLAT',
          validFrom: '2026-01-01',
          validTo: '2026-06-14',
          price: 0.1,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await add({
          stationId: p.id,
          direction: 'FEED_IN',
          kind: 'FLAT',
          validFrom: '2026-06-15',
          price: 0.06,
        })
      ).status,
    ).toBe(200);
    // Hourly from 10:00 on the 14th to 14:00 on the 15th (CEST). The reading at 00:00 counts towards the
    // 15th and is priced there (its interval's middle, 23:30, is before the 15th's midnight).
    await ingestReadings(p, every('2026-06-14T08:00:00Z', '2026-06-15T12:00:00Z', H));
    const r = await revenue(p.id);
    // 14th: 13 intervals × (0.5 × 0.10 + 0.5 × 0.30) = 2.60; 15th: 15 × (0.5 × 0.06 + 0.5 × 0.30) = 2.70.
    expect(r['2026-06-14']).toBeCloseTo(2.6, 9);
    expect(r['2026-06-15']).toBeCloseTo(2.7, 9);
    const month = await sqlRows<{ revenue: number }>(
      t.ctx.db,
      sql`SELECT revenue FROM plant_energy_monthly WHERE plant_id = ${p.id} AND month = '2026-06-01'`,
    );
    expect(month[0]!.revenue).toBeCloseTo(5.3, 9);
  });

  it('prices a time-of-use day by its local hours, with the grid fee', async () => {
    const p = await newPlant();
    const res = await add({
      stationId: p.id,
      direction: 'PURCHASE',
      kind: 'TOU',
      validFrom: '2026-06-01',
      price: 0.2,
      gridFee: 0.05,
      bands: [
        { fromMonth: 4, toMonth: 9, days: 'WEEKDAY', fromHour: 7, toHour: 20, price: 0.4 },
        { fromMonth: 4, toMonth: 9, days: 'WEEKEND', fromHour: 7, toHour: 20, price: 0.3 },
      ],
    });
    expect(res.status).toBe(200);
    // Tuesday 16 June, hourly 05:00…22:00: 17 intervals, those ending 08:00…20:00 (13) in the band.
    await ingestReadings(p, every('2026-06-16T03:00:00Z', '2026-06-16T20:00:00Z', H));
    // Feed-in 17 × 0.5 × 0.08 = 0.68; savings 13 × 0.5 × 0.45 + 4 × 0.5 × 0.25 = 3.425.
    expect((await revenue(p.id))['2026-06-16']).toBeCloseTo(4.105, 9);
  });

  it('prices a day of 15-minute dynamic prices imported from a CSV', async () => {
    const p = await newPlant();
    const res = await add({
      stationId: p.id,
      direction: 'PURCHASE',
      kind: 'DYNAMIC',
      validFrom: '2026-06-17',
      validTo: '2026-06-17',
      gridFee: 0.1,
    });
    const csv =
      'Zeit;Preis\n2026-06-17 10:00;0,20\n2026-06-17 10:15;0,10\n2026-06-17 10:30;-0,05\n2026-06-17 10:45;0,30\n';
    const preview = await upload(res.body.data.id, csv, false);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      saved: false,
      count: 4,
      resolutionMinutes: 15,
      min: -0.05,
      max: 0.3,
    });
    expect((await list(p.id)).periods[0].priceCount).toBe(0);
    const saved = await upload(res.body.data.id, csv, true);
    expect(saved.body.data.saved).toBe(true);
    expect((await list(p.id)).periods[0].priceCount).toBe(4);
    // Every 15 minutes 10:00…11:00: 4 intervals, each 1 kWh, 0.25 fed in.
    await ingestReadings(p, every('2026-06-17T08:00:00Z', '2026-06-17T09:00:00Z', H / 4), 0.25);
    // Feed-in 4 × 0.25 × 0.08 = 0.08; savings 0.75 × (0.30 + 0.20 + 0.05 + 0.40) = 0.7125.
    expect((await revenue(p.id))['2026-06-17']).toBeCloseTo(0.7925, 9);
  });

  it('counts the hours of both daylight-saving days by the wall clock', async () => {
    const p = await newPlant();
    await add({
      stationId: p.id,
      direction: 'PURCHASE',
      kind: 'TOU',
      validFrom: '2026-01-01',
      price: 0.1,
      bands: [{ fromMonth: 1, toMonth: 12, days: 'ALL', fromHour: 2, toHour: 3, price: 1 }],
    });
    await add({ stationId: p.id, direction: 'FEED_IN', kind: 'FLAT', validFrom: '2026-01-01', price: 0 });
    // 29 March (23 hours): 00:00 CET … 23:00 CEST, 22 intervals, none in the skipped hour 2.
    await ingestReadings(p, every('2026-03-28T23:00:00Z', '2026-03-29T21:00:00Z', H), 0);
    // 25 October (25 hours): 00:00 CEST … 23:00 CET, 24 intervals, two of them in hour 2.
    const q = await newPlant();
    await add({
      stationId: q.id,
      direction: 'PURCHASE',
      kind: 'TOU',
      validFrom: '2026-01-01',
      price: 0.1,
      bands: [{ fromMonth: 1, toMonth: 12, days: 'ALL', fromHour: 2, toHour: 3, price: 1 }],
    });
    await add({ stationId: q.id, direction: 'FEED_IN', kind: 'FLAT', validFrom: '2026-01-01', price: 0 });
    await ingestReadings(q, every('2026-10-24T22:00:00Z', '2026-10-25T22:00:00Z', H), 0);
    expect((await revenue(p.id))['2026-03-29']).toBeCloseTo(2.2, 9);
    expect((await revenue(q.id))['2026-10-25']).toBeCloseTo(2 * 1 + 22 * 0.1, 9);
  });

  it('recomputes past days after a change, exactly, and a second time changes nothing', async () => {
    const p = await newPlant();
    await ingestReadings(p, every('2026-06-14T08:00:00Z', '2026-06-15T12:00:00Z', H));
    let r = await revenue(p.id);
    // At the flat prices: 0.5 × 0.08 + 0.5 × 0.30 = 0.19 per interval.
    expect(r['2026-06-14']).toBeCloseTo(13 * 0.19, 9);
    expect(r['2026-06-15']).toBeCloseTo(15 * 0.19, 9);
    const made = await add({
      stationId: p.id,
      direction: 'FEED_IN',
      kind: 'FLAT',
      validFrom: '2026-06-15',
      validTo: '2026-06-15',
      price: 0.07,
    });
    expect((await list(p.id)).recompute).toMatchObject({
      state: 'PENDING',
      from: '2026-06-15',
      to: '2026-06-15',
      totalDays: 1,
    });
    expect(await drainRecompute(t.ctx.db)).toBeGreaterThan(0);
    expect((await list(p.id)).recompute).toMatchObject({ state: 'DONE', doneDays: 1, totalDays: 1 });
    r = await revenue(p.id);
    expect(r['2026-06-14']).toBeCloseTo(13 * 0.19, 9);
    // 15 × (0.5 × 0.07 + 0.5 × 0.30) = 2.775.
    expect(r['2026-06-15']).toBeCloseTo(2.775, 9);
    const before = await sqlRows(
      t.ctx.db,
      sql`SELECT * FROM device_energy_daily e JOIN devices d ON d.id = e.device_id WHERE d.plant_id = ${p.id} ORDER BY day`,
    );
    // The same change asked for twice, and recomputed twice: nothing moves.
    const edit = {
      id: made.body.data.id,
      direction: 'FEED_IN',
      kind: 'FLAT',
      validFrom: '2026-06-15',
      validTo: '2026-06-15',
      price: 0.07,
    };
    expect((await t.call('POST', '/station/tariff/edit', { token: admin, body: edit })).status).toBe(200);
    expect((await t.call('POST', '/station/tariff/edit', { token: admin, body: edit })).status).toBe(200);
    await drainRecompute(t.ctx.db, 1);
    const after = await sqlRows(
      t.ctx.db,
      sql`SELECT * FROM device_energy_daily e JOIN devices d ON d.id = e.device_id WHERE d.plant_id = ${p.id} ORDER BY day`,
    );
    expect(after).toEqual(before);
    expect(await revenue(p.id)).toEqual(r);
    // The plant's statistics and the organisation roll-up the dashboard reads show the same revenue.
    const stats = await t.call('POST', '/station/station/energy', {
      token: admin,
      body: { id: p.id, dateType: 'date', from: '2026-06-14', to: '2026-06-15' },
    });
    expect(stats.status).toBe(200);
    const byDay = Object.fromEntries(
      stats.body.data.rows.map((x: { period: string; revenue: number }) => [x.period, x.revenue]),
    );
    expect(byDay['2026-06-15']).toBeCloseTo(2.775, 2);
    const org = await sqlRows<{ o: number; p: number }>(
      t.ctx.db,
      sql`SELECT (SELECT sum(revenue) FROM org_energy_daily WHERE org_id = 3 AND day = '2026-06-15') AS o,
            (SELECT sum(e.revenue) FROM plant_energy_daily e JOIN plants pl ON pl.id = e.plant_id
              WHERE pl.org_id = 3 AND e.day = '2026-06-15') AS p`,
    );
    expect(org[0]!.o).toBeCloseTo(org[0]!.p, 9);
    // Deleting the period brings the flat price back for that day.
    expect(
      (await t.call('POST', '/station/tariff/delete', { token: admin, body: { id: made.body.data.id } }))
        .status,
    ).toBe(200);
    await drainRecompute(t.ctx.db);
    expect((await revenue(p.id))['2026-06-15']).toBeCloseTo(15 * 0.19, 9);
  });

  it('prices again, at the day-mean price, a day whose raw samples are gone', async () => {
    const p = await newPlant();
    await ingestReadings(p, every('2026-06-20T08:00:00Z', '2026-06-20T12:00:00Z', H));
    await t.ctx.db.execute(
      sql`DELETE FROM telemetry_samples WHERE device_id IN (SELECT id FROM devices WHERE plant_id = ${p.id})`,
    );
    // Purchase 0.60 from 12:00 to 18:00, else 0.30 (base): the day's mean is (6 × 0.60 + 18 × 0.30) / 24 = 0.375.
    await add({
      stationId: p.id,
      direction: 'PURCHASE',
      kind: 'TOU',
      validFrom: '2026-06-20',
      validTo: '2026-06-20',
      price: 0.3,
      bands: [{ fromMonth: 1, toMonth: 12, days: 'ALL', fromHour: 12, toHour: 18, price: 0.6 }],
    });
    await drainRecompute(t.ctx.db);
    // 4 intervals: feed-in 2 × 0.08 + self-consumption 2 × 0.375.
    expect((await revenue(p.id))['2026-06-20']).toBeCloseTo(0.16 + 0.75, 9);
  });
});

async function list(stationId: number) {
  const res = await t.call('POST', '/station/tariff/list', { token: admin, body: { stationId } });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function upload(periodId: number, csv: string, commit: boolean, lang = 'en-GB') {
  const form = priceForm({ periodId: String(periodId), commit: String(commit) }, csv);
  const res = await t.app.inject({
    method: 'POST',
    url: '/station/tariff/import',
    headers: { authorization: `Bearer ${admin}`, 'content-type': form.contentType, lang },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() };
}
