import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../apps/server/test/helper.ts';
import { ask, cases, generationOn, loadFleet } from './report.ts';

/** The report benchmark on a small fleet, so that it never rots: every case answers, the figures add up. */
const SIZE = { plants: 40, days: 45, alarms: 200 };
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  await loadFleet(t, SIZE);
  token = await t.login('demo-dealer');
});
afterAll(() => t?.close());

describe('bench:report, short', () => {
  it('answers every case with the figures of the fleet it loaded', async () => {
    const [energy, , , , fleet, alarm, ...exports] = cases(SIZE.days);
    const byDay = (await ask(t, token, energy![1], energy![2])).data;
    let perPlant = 0;
    for (let d = 0; d < SIZE.days; d++) perPlant += generationOn(d);
    expect(byDay.plantCount).toBe(SIZE.plants);
    expect(byDay.rows).toHaveLength(SIZE.days);
    expect(byDay.totals.generation).toBeCloseTo(perPlant * SIZE.plants, 6);
    const f = (await ask(t, token, fleet![1], fleet![2])).data;
    expect(f.totals.plantCount).toBe(SIZE.plants);
    expect(f.totals.generation).toBeCloseTo(perPlant * SIZE.plants, 6);
    const a = (await ask(t, token, alarm![1], alarm![2])).data;
    expect(a.totals).toMatchObject({ count: SIZE.alarms, ended: SIZE.alarms, meanTimeToEnd: 40 * 60 });
    for (const [, url, body] of exports) expect((await ask(t, token, url, body)).data).toBeNull();
  });
});
