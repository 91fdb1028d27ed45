import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlant, alarmsOf, type FixturePlant } from '../../../test/alarm-fixture.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { plants } from '../../db/schema/index.ts';
import { clearSkyDay } from '../../lib/clear-sky.ts';
import { computePerformance } from '../performance/performance-compute.ts';
import { detectUnderPerformance } from './alarm-performance.ts';

let t: TestApp;
const SHARE = 0.8;
const sites = new Map<FixturePlant, { latitude: number; longitude: number }>();

async function plantAt(latitude: number, longitude: number) {
  const p = await addPlant(t, { org: 'Solartechnik Alpha' });
  await t.ctx.db.update(plants).set({ latitude, longitude }).where(eq(plants.id, p.plantId));
  sites.set(p, { latitude, longitude });
  return p;
}

/** Generation as `ratio` × the plant's clear-sky energy (10 kWp, default 30° south roof). */
async function generate(p: FixturePlant, day: string, ratio: number) {
  const kwh = 10 * clearSkyDay(sites.get(p)!, day).poa * ratio;
  await t.ctx.db.execute(sql`
    INSERT INTO plant_energy_daily (plant_id, day, generation) VALUES (${p.plantId}, ${day}, ${kwh})`);
}

let target: FixturePlant;
let neighbours: FixturePlant[];
let alone: FixturePlant;

/** One day of the story: neighbours at `clearness`, the target and the lone plant at `own`; then the day is over. */
async function day(date: string, clearness: number, own: number) {
  for (const [i, n] of neighbours.entries()) await generate(n, date, clearness + (i - 1) * 0.02);
  await generate(target, date, own);
  await generate(alone, date, own);
  const after = new Date(`${date}T12:00:00Z`).getTime() + 86_400_000;
  await computePerformance(t.ctx.db, { now: after });
  return detectUnderPerformance(t.ctx.db, SHARE, new Date(after));
}

const underAlarms = async (p: FixturePlant) =>
  (await alarmsOf(t, p.plantId)).filter((a) => a.faultCode === 'INV-UNDERPERF');

beforeAll(async () => {
  t = await buildTestApp();
  target = await plantAt(52.52, 13.405);
  neighbours = [await plantAt(52.6, 13.3), await plantAt(52.45, 13.5), await plantAt(52.5, 13.2)];
  alone = await plantAt(60.39, 5.32); // Bergen: nobody within 50 km
});
afterAll(() => t.close());

describe('the under-performing alarm', () => {
  it('does not open on two sunny days below the share, nor with a cloudy day after them', async () => {
    await day('2026-05-01', 0.75, 0.5); // PR 0.67
    await day('2026-05-02', 0.75, 0.5);
    expect(await underAlarms(target)).toEqual([]);
    await day('2026-05-03', 0.3, 0.1); // cloudy: neither counts nor breaks the streak
    expect(await underAlarms(target)).toEqual([]);
  });

  it('opens exactly one on the third sunny day, on the first inverter, dated from the first of them', async () => {
    const found = await day('2026-05-04', 0.75, 0.5);
    expect(found.opened).toHaveLength(1);
    await detectUnderPerformance(t.ctx.db, SHARE, new Date('2026-05-05T18:00:00Z'));
    const [a, ...more] = await underAlarms(target);
    expect(more).toEqual([]);
    expect(a).toMatchObject({
      status: 'ONGOING',
      kind: 'UNDERPERFORMING',
      alarmLevel: 'WARN',
      deviceType: 'INVERTER',
      deviceId: target.devices.INVERTER.id,
      sourceSn: target.devices.INVERTER.sn,
    });
    // Local midnight of 1 May in Berlin.
    expect(a!.startedAt.toISOString()).toBe('2026-04-30T22:00:00.000Z');
    for (const n of neighbours) expect(await underAlarms(n)).toEqual([]);
  });

  it('never opens for a plant without neighbours, however little it makes', async () => {
    expect(await underAlarms(alone)).toEqual([]);
  });

  it('ends when the plant is back at its neighbours’ level on a sunny day, and does not reopen', async () => {
    const found = await day('2026-05-05', 0.75, 0.74);
    expect(found.ended).toHaveLength(1);
    const [a] = await underAlarms(target);
    expect(a).toMatchObject({ status: 'ENDED', endReason: 'RECOVERED' });
    expect(a!.endedAt!.toISOString()).toBe('2026-05-04T22:00:00.000Z');
    await day('2026-05-06', 0.3, 0.1);
    expect(await underAlarms(target)).toHaveLength(1);
  });

  it('a user’s closing is respected for the same days; a new streak opens a new alarm', async () => {
    await day('2026-05-07', 0.75, 0.5);
    await day('2026-05-08', 0.75, 0.5);
    const found = await day('2026-05-09', 0.75, 0.5);
    expect(found.opened).toHaveLength(1);
    await t.ctx.db.execute(sql`UPDATE alarms SET status = 'ENDED', end_reason = 'CLOSED',
      ended_at = '2026-05-10T08:00:00Z' WHERE id = ${found.opened[0]!}`);
    expect((await day('2026-05-10', 0.75, 0.5)).opened).toEqual([]);
    expect(await underAlarms(target)).toHaveLength(2);
  });
});
