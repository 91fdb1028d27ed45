import { exactFigure } from '@pvstar/contract/figures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgIdByName, type TestApp } from '../../../test/helper.ts';
import {
  NOW,
  type PlantDataFixture,
  setUpPlantData,
  tearDownPlantData,
} from '../../../test/plant-data-fixture.ts';
import { plants } from '../../db/schema/index.ts';

/**
 * The plant detail's energy statistics by period, and who may read the plant's data
 * (fixture in plant-data-fixture.ts).
 */

let t: TestApp;
let plantA: number;
let plantB: number;
let tokens: Record<string, string>;
let call: PlantDataFixture['call'];
let energy: PlantDataFixture['energy'];

beforeAll(async () => {
  ({ t, plantA, plantB, tokens, call, energy } = await setUpPlantData());
});

afterAll(async () => {
  await tearDownPlantData(t);
});

describe('POST /station/station/energy', () => {
  const zero = {
    generation: 0,
    consumption: 0,
    charge: 0,
    discharge: 0,
    feedIn: 0,
    purchase: 0,
    selfConsumption: 0,
    selfSufficiency: 0,
    revenue: 0,
  };
  const periods = (rows: { period: string }[]) => rows.map((r) => r.period);

  it('date: one row per day of the last 7 days by default, zero rows for missing days', async () => {
    const res = await energy('demo-installer-a', { dateType: 'date' });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.dateType).toBe('date');
    expect(d.currency).toBe('EUR');
    expect(periods(d.rows)).toEqual([
      '2026-11-09',
      '2026-11-10',
      '2026-11-11',
      '2026-11-12',
      '2026-11-13',
      '2026-11-14',
      '2026-11-15',
    ]);
    expect(d.rows[0]).toEqual({ period: '2026-11-09', ...zero });
    expect(d.rows[4]).toEqual({
      period: '2026-11-13',
      generation: 20,
      consumption: 12,
      charge: 4,
      discharge: 3,
      feedIn: 9,
      purchase: 1,
      selfConsumption: 10,
      selfSufficiency: exactFigure(11 / 12),
      revenue: 4.02,
    });
    // Totals are the sums; self-sufficiency from the sums (17/20), not the sum of the days' ratios.
    expect(d.totals).toEqual({
      generation: 30,
      consumption: 20,
      charge: 6,
      discharge: 4,
      feedIn: 12,
      purchase: 3,
      selfConsumption: 16,
      selfSufficiency: 0.85,
      revenue: 6.36,
    });
  });

  it('date: an explicit range across a month end', async () => {
    const d = (await energy('demo-installer-a', { dateType: 'date', from: '2026-10-30', to: '2026-11-02' }))
      .body.data;
    expect(periods(d.rows)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(d.totals).toEqual({
      ...zero,
      generation: 5,
      consumption: 10,
      purchase: 6,
      selfConsumption: 5,
      selfSufficiency: 0.4,
      revenue: 1.5,
    });
  });

  it('month: one row per month, the last 12 by default', async () => {
    const def = (await energy('demo-installer-a', { dateType: 'month' })).body.data;
    expect(periods(def.rows)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    const d = (await energy('demo-installer-a', { dateType: 'month', from: '2026-01-10', to: '2026-11-20' }))
      .body.data;
    expect(d.rows).toHaveLength(11);
    expect(d.rows[0]).toMatchObject({ period: '2026-01', generation: 1, revenue: 0.19 });
    expect(d.rows[9]).toMatchObject({ period: '2026-10', generation: 5, selfSufficiency: 0.4 });
    expect(d.rows[10]).toMatchObject({ period: '2026-11', generation: 30, consumption: 20, revenue: 6.36 });
    expect(d.rows[5]).toEqual({ period: '2026-06', ...zero });
    expect(d.totals).toEqual({
      generation: 36,
      consumption: 32,
      charge: 6,
      discharge: 4,
      feedIn: 12.5,
      purchase: 10.5,
      selfConsumption: 21.5,
      selfSufficiency: exactFigure(21.5 / 32),
      revenue: 8.05,
    });
  });

  it('year: one row per year, from the first data by default', async () => {
    const d = (await energy('demo-installer-a', { dateType: 'year' })).body.data;
    expect(d.rows).toEqual([
      {
        period: '2025',
        generation: 30,
        consumption: 15,
        charge: 5,
        discharge: 5,
        feedIn: 18,
        purchase: 3,
        selfConsumption: 12,
        selfSufficiency: 0.8,
        revenue: 5.04,
      },
      {
        period: '2026',
        generation: 36,
        consumption: 32,
        charge: 6,
        discharge: 4,
        feedIn: 12.5,
        purchase: 10.5,
        selfConsumption: 21.5,
        selfSufficiency: exactFigure(21.5 / 32),
        revenue: 8.05,
      },
    ]);
    const ranged = (
      await energy('demo-installer-a', { dateType: 'year', from: '2024-03-01', to: '2025-01-01' })
    ).body.data;
    // 2024 is before the plant's first stored day: no data, no row.
    expect(ranged.rows).toEqual([expect.objectContaining({ period: '2025', generation: 30 })]);
    expect(ranged.totals.generation).toBe(30);
  });

  it('total: every year since the first data and the lifetime totals', async () => {
    const d = (await energy('demo-installer-a', { dateType: 'total' })).body.data;
    expect(periods(d.rows)).toEqual(['2025', '2026']);
    expect(d.totals).toEqual({
      generation: 66,
      consumption: 47,
      charge: 11,
      discharge: 9,
      feedIn: 30.5,
      purchase: 13.5,
      selfConsumption: 33.5,
      selfSufficiency: exactFigure(33.5 / 47),
      revenue: 13.09,
    });
  });

  it("keeps each plant's days its own; a range without data answers zero rows", async () => {
    const b = (await call('POST', '/station/station/energy', 'admin', { id: plantB, dateType: 'total' })).body
      .data;
    expect(periods(b.rows)).toEqual(['2026']);
    expect(b.totals.generation).toBe(999);
    const empty = (
      await call('POST', '/station/station/energy', 'admin', {
        id: plantB,
        dateType: 'date',
        from: '2026-11-01',
        to: '2026-11-03',
      })
    ).body.data;
    expect(empty.rows).toEqual([
      { period: '2026-11-01', ...zero },
      { period: '2026-11-02', ...zero },
      { period: '2026-11-03', ...zero },
    ]);
    expect(empty.totals).toEqual(zero);
  });

  it('leaves out the days before a plant came into the portal: they have no data, not 0 kWh', async () => {
    // Registered today (NOW, 2026-11-15 in Berlin), nothing stored yet.
    const [c] = await t.ctx.db
      .insert(plants)
      .values({
        plantNo: 'P-PD-C',
        orgId: await orgIdByName(t, 'Solartechnik Alpha'),
        name: 'Detail plant C, registered today',
        type: 'PHOTOVOLTAIC',
        installedCapacity: 4,
        timezone: 'Europe/Berlin',
        status: 'OFFLINE',
        gridConnectionDate: '2019-05-01',
        createdAt: new Date(NOW),
      })
      .returning({ id: plants.id });
    const of = async (body: Record<string, unknown>) =>
      (await call('POST', '/station/station/energy', 'demo-installer-a', { id: c!.id, ...body })).body.data;
    const days = await of({ dateType: 'date' });
    expect(days.rows).toEqual([{ period: '2026-11-15', ...zero }]);
    expect(days.since).toBe('2026-11-15');
    expect(periods((await of({ dateType: 'month' })).rows)).toEqual(['2026-11']);
    expect(periods((await of({ dateType: 'year', from: '2019-01-01' })).rows)).toEqual(['2026']);
    expect(periods((await of({ dateType: 'total' })).rows)).toEqual(['2026']);
    const before = await of({ dateType: 'date', from: '2026-10-01', to: '2026-10-31' });
    expect(before.rows).toEqual([]);
    expect(before.totals).toEqual(zero);
    // A plant whose stored days reach back before its registration starts at its first stored day.
    expect((await energy('demo-installer-a', { dateType: 'date' })).body.data.since).toBe('2025-06-30');
  });

  it('refuses bad input, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ dateType: 'week' }, 'dateType'],
      [{}, 'dateType'],
      [{ dateType: 'date', from: '2026-13-01' }, 'from'],
      [{ dateType: 'date', to: '15.11.2026' }, 'to'],
      [{ dateType: 'date', from: '2026-11-10', to: '2026-11-01' }, 'to'],
      [{ dateType: 'date', from: '2025-01-01', to: '2026-11-15' }, 'to'],
      [{ dateType: 'month', from: '2016-12-01', to: '2026-12-31' }, 'to'],
      [{ dateType: 'month', from: '2026-11-01', to: '2026-10-31' }, 'to'],
      [{ dateType: 'year', from: '2027-01-01', to: '2026-01-01' }, 'to'],
      [{ dateType: 'date', from: '2010-01-01', to: '2010-01-02' }, 'from'],
      [{ dateType: 'date', from: '2026-11-01', to: '2040-01-01' }, 'to'],
    ];
    for (const [body, field] of cases) {
      const res = await energy('demo-installer-a', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fields[0].field, JSON.stringify(body)).toBe(field);
    }
    const noId = await call('POST', '/station/station/energy', 'demo-installer-a', { dateType: 'date' });
    expect(noId.status).toBe(400);
    expect(noId.body.data.fields[0].field).toBe('id');
  });
});

describe('scope and permissions', () => {
  const routes = (id: number): [string, string, unknown?][] => [
    ['GET', `/station/station/overview/${id}`],
    ['GET', `/station/station/powerCurve/${id}`],
    ['GET', `/station/station/realtime/${id}`],
    ['POST', '/station/station/energy', { id, dateType: 'date' }],
  ];
  const all = (who: string, id: number) =>
    Promise.all(routes(id).map(([m, url, body]) => call(m as 'GET' | 'POST', url, who, body)));

  it("answers 404 for another installer's plant, like a plant that does not exist", async () => {
    for (const res of await all('demo-installer-b', plantA)) {
      expect(res.status).toBe(404);
      expect(res.body.data).toBeNull();
    }
    for (const res of await all('demo-installer-a', plantB)) expect(res.status).toBe(404);
    for (const res of await all('demo-installer-a', 2_000_000)) expect(res.status).toBe(404);
  });

  it('lets the dealer above, the guest, the read-only demo login and the owner of the plant look', async () => {
    // Every route here only reads: the read-only demo login may use them all.
    tokens.demo = (await t.call('POST', '/auth/user/demo/login', { body: {} })).body.data;
    for (const who of ['demo-dealer', 'demo-guest', 'demo', 'demo-owner'])
      for (const res of await all(who, plantA)) expect(res.status, who).toBe(200);
    // The owner sees only its own plants.
    for (const res of await all('demo-owner', plantB)) expect(res.status).toBe(404);
  });

  it('needs the plant detail code (403) and a sign-in (401)', async () => {
    for (const res of await all('listOnly', plantA)) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(403);
    }
    const anon = await t.call('GET', `/station/station/overview/${plantA}`);
    expect(anon.status).toBe(401);
  });
});
