import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, orgIdByName, type TestApp, unique } from '../../../test/helper.ts';
import { plantEnergyDaily, plants } from '../../db/schema/index.ts';
import { localDay } from '../../domain/calendar.ts';

/**
 * Specific yield on the plant list (kWh/kWp of today, this month and this year, each in the plant's own
 * calendar) and the list sorted by it on the server. Hand-computed fixtures: A has 10 kWp in Berlin,
 * B 4 kWp fourteen hours ahead of UTC (its today may be Berlin's tomorrow), C no capacity.
 */
let t: TestApp;
let admin: string;
const tag = unique('Yield ');
const ids: Record<'A' | 'B' | 'C', number> = {} as never;
const expected: Record<'A' | 'B', { today: number; month: number; year: number }> = {} as never;

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const firstOfYear = (day: string) => `${day.slice(0, 4)}-01-01`;
const lastYear = (day: string) => `${Number(day.slice(0, 4)) - 1}-12-31`;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  const orgId = await orgIdByName(t, 'Solartechnik Alpha');
  const plant = async (key: keyof typeof ids, installedCapacity: number, timezone: string) => {
    const [row] = await t.ctx.db
      .insert(plants)
      .values({
        plantNo: unique('YLD'),
        name: `${tag} ${key}`,
        type: 'PHOTOVOLTAIC',
        orgId,
        installedCapacity,
        timezone,
      })
      .returning({ id: plants.id });
    ids[key] = row!.id;
  };
  await plant('A', 10, 'Europe/Berlin');
  await plant('B', 4, 'Pacific/Kiritimati');
  await plant('C', 0, 'Europe/Berlin');

  // A: today 25; the 1st of the month 40 more and 1 January 30 more where those are other days; last
  // year's 500 never counts.
  const aToday = localDay(Date.now(), 'Europe/Berlin');
  const aDays = new Map<string, number>([[lastYear(aToday), 500]]);
  aDays.set(firstOfYear(aToday), 30);
  aDays.set(firstOfMonth(aToday), 40);
  aDays.set(aToday, 25);
  const inMonth = [...aDays].filter(([d]) => d.slice(0, 7) === aToday.slice(0, 7));
  const inYear = [...aDays].filter(([d]) => d.slice(0, 4) === aToday.slice(0, 4));
  const sum = (rows: [string, number][]) => rows.reduce((s, [, g]) => s + g, 0);
  expected.A = { today: 2.5, month: sum(inMonth) / 10, year: sum(inYear) / 10 };
  // B: 12 kWh on its own today only, so 3 kWh/kWp whatever the period.
  const bToday = localDay(Date.now(), 'Pacific/Kiritimati');
  expected.B = { today: 3, month: 3, year: 3 };
  await t.ctx.db
    .insert(plantEnergyDaily)
    .values([
      ...[...aDays].map(([day, generation]) => ({ plantId: ids.A, day, generation })),
      { plantId: ids.B, day: bToday, generation: 12 },
      { plantId: ids.C, day: aToday, generation: 7 },
    ]);
});
afterAll(() => t.close());

const page = async (sort: Record<string, string>) => {
  const res = await t.call('POST', '/station/station/page', {
    token: admin,
    body: { stationName: tag },
    query: { pageNum: 1, pageSize: 100, ...sort },
  });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data.list as { id: number; specificYield: Record<string, number | null> }[];
};

describe('specific yield on the plant list', () => {
  it('divides the local day, month and year by the capacity; no capacity gives null', async () => {
    const list = await page({});
    const of = (id: number) => list.find((r) => r.id === id)!.specificYield;
    expect(of(ids.A)).toEqual(expected.A);
    expect(of(ids.B)).toEqual(expected.B);
    expect(of(ids.C)).toEqual({ today: null, month: null, year: null });
  });

  it('sorts on the server by each yield, either way, with plants without capacity last', async () => {
    const order = async (orderBy: string, dir: 'asc' | 'desc') =>
      (await page({ orderBy, order: `${dir}end` })).map((r) => r.id);
    // Today: B 3.0 > A 2.5.
    expect(await order('todayYield', 'desc')).toEqual([ids.B, ids.A, ids.C]);
    expect(await order('todayYield', 'asc')).toEqual([ids.A, ids.B, ids.C]);
    const byYear = [ids.A, ids.B].sort((x, y) => {
      const v = (id: number) => (id === ids.A ? expected.A.year : expected.B.year);
      return v(y) - v(x) || y - x;
    });
    expect(await order('yearYield', 'desc')).toEqual([...byYear, ids.C]);
    expect(await order('monthYield', 'asc')).toEqual([
      ...[ids.A, ids.B].sort((x, y) => {
        const v = (id: number) => (id === ids.A ? expected.A.month : expected.B.month);
        return v(x) - v(y) || x - y;
      }),
      ids.C,
    ]);
    // The default stays newest first.
    expect(await order('createTime', 'desc')).toEqual([ids.C, ids.B, ids.A]);
  });
});
