import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlant } from '../../../test/alarm-fixture.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { plantPerformanceDaily, plants } from '../../db/schema/index.ts';
import { clearSkyDay } from '../../lib/clear-sky.ts';
import {
  computePerformance,
  haversineKm,
  neighboursOf,
  type PerformancePlant,
} from './performance-compute.ts';

let t: TestApp;
/** 25 June 2026, noon in Berlin: the 24th is the last day that is over. */
const NOW = Date.parse('2026-06-25T12:00:00+02:00');
const DAYS = ['2026-06-22', '2026-06-23', '2026-06-24'];

type Site = { id: number; latitude: number; longitude: number; tilt: number | null; azimuth: number | null };
const sites: Record<string, Site> = {};

async function plantAt(
  name: string,
  latitude: number,
  longitude: number,
  tilt: number | null,
  azimuth: number | null,
) {
  const p = await addPlant(t, { org: 'Solartechnik Alpha', name });
  await t.ctx.db.update(plants).set({ latitude, longitude, tilt, azimuth }).where(eq(plants.id, p.plantId));
  sites[name] = { id: p.plantId, latitude, longitude, tilt, azimuth };
  return p;
}

/** Writes the plant's generation as `ratio` × its own clear-sky energy (10 kWp) on a day. */
async function generate(name: string, day: string, ratio: number) {
  const s = sites[name]!;
  const kwh = 10 * clearSkyDay(s, day).poa * ratio;
  await t.ctx.db.execute(sql`
    INSERT INTO plant_energy_daily (plant_id, day, generation) VALUES (${s.id}, ${day}, ${kwh})
    ON CONFLICT (plant_id, day) DO UPDATE SET generation = excluded.generation`);
  return kwh;
}

const rowsOf = (name: string) =>
  t.ctx.db
    .select()
    .from(plantPerformanceDaily)
    .where(eq(plantPerformanceDaily.plantId, sites[name]!.id))
    .orderBy(plantPerformanceDaily.day);

beforeAll(async () => {
  t = await buildTestApp();
  // Berlin and three neighbours within 20 km, one of them an east-facing flat-ish roof; Munich alone.
  await plantAt('target', 52.52, 13.405, null, null);
  await plantAt('n1', 52.6, 13.3, 30, 0);
  await plantAt('n2', 52.45, 13.55, 35, 20);
  await plantAt('n3-east', 52.5, 13.2, 15, -90);
  await plantAt('munich', 48.14, 11.58, 30, 0);
  for (const day of DAYS) {
    await generate('n1', day, 0.7);
    await generate('n2', day, 0.75);
    await generate('n3-east', day, 0.8);
    await generate('target', day, 0.6);
    await generate('munich', day, 0.8);
  }
  // Today is not over: never judged.
  await generate('target', '2026-06-25', 0.1);
});
afterAll(() => t.close());

describe('performance per plant and day', () => {
  it('expects what the neighbours’ median clearness gives on the plant’s own clear-sky energy', async () => {
    const done = await computePerformance(t.ctx.db, { now: NOW });
    expect(done.days).toEqual(DAYS);
    const rows = await rowsOf('target');
    expect(rows.map((r) => r.day)).toEqual(DAYS);
    for (const r of rows) {
      const clearSky = 10 * clearSkyDay(sites.target!, r.day).poa; // no tilt or azimuth: 30° south
      expect(r.clearSkyKwh).toBeCloseTo(clearSky, 3);
      expect(r.neighbours).toBe(3);
      // Median of 0.7, 0.75 and 0.8 — the east roof counts by its own clear-sky energy, not its kWh.
      expect(r.clearness).toBeCloseTo(0.75, 4);
      expect(r.expectedKwh).toBeCloseTo(clearSky * 0.75, 3);
      expect(r.pr).toBeCloseTo(0.6 / 0.75, 3);
      expect(r.sunny).toBe(true);
    }
    const east = await rowsOf('n3-east');
    // Its neighbours: target (0.6), n1 (0.7), n2 (0.75) → 0.7; it did 0.8 → PR 8/7.
    expect(east[0]!.pr).toBeCloseTo(0.8 / 0.7, 3);
  });

  it('states no clearness and no PR without enough neighbours', async () => {
    const [r] = await rowsOf('munich');
    expect(r).toMatchObject({ neighbours: 0, clearness: null, expectedKwh: null, pr: null, sunny: false });
    expect(r!.actualKwh).toBeGreaterThan(0);
  });

  it('redoes only days whose data changed, and the whole day (the neighbours’ median moves too)', async () => {
    expect(await computePerformance(t.ctx.db, { now: NOW })).toEqual({ days: [], rows: 0 });
    await generate('n1', '2026-06-23', 0.3); // a late upload: the median becomes 0.6 (target) … 0.75
    const done = await computePerformance(t.ctx.db, { now: NOW });
    expect(done.days).toEqual(['2026-06-23']);
    expect(done.rows).toBe(5);
    const day = (await rowsOf('target')).find((r) => r.day === '2026-06-23')!;
    expect(day.clearness).toBeCloseTo(0.75, 4); // n1 0.3, n2 0.75, east 0.8
    const n2 = (await rowsOf('n2')).find((r) => r.day === '2026-06-23')!;
    expect(n2.clearness).toBeCloseTo(0.6, 4); // target 0.6, n1 0.3, east 0.8
  });

  it('redoes the days of a plant whose tilt or orientation was edited since', async () => {
    await t.ctx.db
      .update(plants)
      .set({ tilt: 60, azimuth: 90, updatedAt: new Date() })
      .where(eq(plants.id, sites.target!.id));
    sites.target = { ...sites.target!, tilt: 60, azimuth: 90 };
    const done = await computePerformance(t.ctx.db, { now: NOW });
    expect(done.days).toEqual(DAYS);
    const [r] = await rowsOf('target');
    expect(r!.clearSkyKwh).toBeCloseTo(10 * clearSkyDay(sites.target!, DAYS[0]!).poa, 3);
    // The same 60 % of its (new) clear-sky energy again, for the tests below.
    for (const day of DAYS) await generate('target', day, 0.6);
    await computePerformance(t.ctx.db, { now: NOW });
  });

  it('finds the same neighbours as comparing every pair, at any latitude', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const list: PerformancePlant[] = Array.from({ length: 600 }, (_, i) => ({
      id: i + 1,
      latitude: i % 2 ? 47 + random() * 2 : 68 + random() * 2,
      longitude: 10 + random() * 3,
      tilt: null,
      azimuth: null,
      kwp: 5,
    }));
    const fast = neighboursOf(list);
    for (const p of list) {
      const slow = list
        .filter((q) => q.id !== p.id && haversineKm(p.latitude, p.longitude, q.latitude, q.longitude) <= 50)
        .map((q) => q.id);
      expect([...fast.get(p.id)!].sort((a, b) => a - b)).toEqual(slow);
    }
  });
});

describe('GET /station/station/performance/:id', () => {
  it('gives the plant’s days in a range with the rules that made them', async () => {
    const token = await t.login('demo-installer-a');
    const res = await t.call('GET', `/station/station/performance/${sites.target!.id}`, {
      token,
      query: { from: '2026-06-20', to: '2026-06-25' },
    });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ from: '2026-06-20', to: '2026-06-25', alarmShare: 0.8, minNeighbours: 3 });
    expect(data.days.map((d: { day: string }) => d.day)).toEqual(DAYS);
    expect(data.pr).toBeCloseTo(0.8, 2);
    expect(data.days[0]).toEqual(
      expect.objectContaining({
        neighbours: 3,
        sunny: true,
        pr: expect.any(Number),
        actualKwh: expect.any(Number),
      }),
    );
  });

  it('answers 404 out of the caller’s scope and a localised 400 naming the field on a bad range', async () => {
    const other = await t.login('demo-installer-b');
    const hidden = await t.call('GET', `/station/station/performance/${sites.target!.id}`, { token: other });
    expect(hidden.status).toBe(404);
    const token = await t.login('admin');
    const reversed = await t.call('GET', `/station/station/performance/${sites.target!.id}`, {
      token,
      lang: 'de-DE',
      query: { from: '2026-06-20', to: '2026-06-01' },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.data.fields[0].field).toBe('to');
    expect(reversed.body.msg).toContain('Enddatum');
    const malformed = await t.call('GET', `/station/station/performance/${sites.target!.id}`, {
      token,
      query: { from: '2026-02-30' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.data.fields[0].field).toBe('from');
  });

  it('keeps the other plants’ stored clear-sky references when one plant’s late data redoes a day, until a plant is edited', async () => {
    const day = DAYS[0]!;
    await computePerformance(t.ctx.db, { now: NOW });
    // A marker in n1's stored reference: a recomputation that reuses it keeps it.
    const n1 = sites.n1!.id;
    await t.ctx.db.execute(
      sql`UPDATE plant_performance_daily SET clear_sky_kwh = 123.4 WHERE plant_id = ${n1} AND day = ${day}`,
    );
    await generate('target', day, 0.65);
    const redone = await computePerformance(t.ctx.db, { now: NOW });
    expect(redone.days).toEqual([day]);
    const reference = async () => (await rowsOf('n1')).find((r) => r.day === day)!.clearSkyKwh;
    expect(await reference()).toBe(123.4);
    // Editing n1 makes its stored reference stale: it is worked out again.
    await t.ctx.db
      .update(plants)
      .set({ updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(plants.id, n1));
    await computePerformance(t.ctx.db, { now: NOW + 2 });
    expect(await reference()).toBeCloseTo(10 * clearSkyDay(sites.n1!, day).poa, 3);
  });
});
