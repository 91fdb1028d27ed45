import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper.ts';
import {
  A_PLANTS,
  between,
  DAYS,
  expected,
  expectFigures,
  type ReportFixture,
  setUpReports,
  tableOf,
  tearDownReports,
  valuesOf,
} from '../../../test/report-fixture.ts';
import { sqlRows } from '../../db/rows.ts';

/** The energy report and the monthly roll-up it reads (fixture in apps/server/test/report-fixture.ts). */

let t: TestApp;
let ids: Record<string, number>;
let call: ReportFixture['call'];
let workbook: ReportFixture['workbook'];

beforeAll(async () => {
  ({ t, ids, call, workbook } = await setUpReports());
}, 60_000);

afterAll(async () => {
  await tearDownReports(t);
});

describe('monthly roll-up', () => {
  it('follows the daily rows through inserts, updates and deletes', async () => {
    const db = t.ctx.db;
    const compare = async () => {
      const daily = await sqlRows(
        db,
        sql`
        SELECT plant_id, to_char(day, 'YYYY-MM') AS m, round(sum(generation)::numeric, 6) AS g,
          round(sum(revenue)::numeric, 6) AS r, sum(daylight_seen)::int AS s, sum(daylight_available)::int AS a
        FROM plant_energy_daily GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      const monthly = await sqlRows(
        db,
        sql`
        SELECT plant_id, to_char(month, 'YYYY-MM') AS m, round(generation::numeric, 6) AS g,
          round(revenue::numeric, 6) AS r, daylight_seen AS s, daylight_available AS a
        FROM plant_energy_monthly WHERE generation <> 0 OR revenue <> 0 OR daylight_seen <> 0 ORDER BY 1, 2`,
      );
      expect(monthly).toEqual(daily);
    };
    await compare();
    await db.execute(sql`UPDATE plant_energy_daily SET generation = generation + 1.5, daylight_seen = daylight_seen + 2,
      daylight_available = daylight_available + 1 WHERE plant_id = ${ids.A2} AND day = '2026-03-03'`);
    await compare();
    await db.execute(
      sql`INSERT INTO plant_energy_daily (plant_id, day, generation) VALUES (${ids.A2}, '2026-03-04', 2)`,
    );
    await compare();
    await db.execute(sql`DELETE FROM plant_energy_daily WHERE plant_id = ${ids.A2} AND day = '2026-03-04'`);
    await db.execute(sql`UPDATE plant_energy_daily SET generation = generation - 1.5, daylight_seen = daylight_seen - 2,
      daylight_available = daylight_available - 1 WHERE plant_id = ${ids.A2} AND day = '2026-03-03'`);
    await compare();
  });
});

describe('POST /station/report/energy', () => {
  it('date: one row per day, the totals equal the roll-ups and the sum of the rows', async () => {
    const res = await call('/station/report/energy', 'demo-installer-a', {
      dateType: 'date',
      from: '2026-10-20',
      to: '2026-11-15',
    });
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r).toMatchObject({ dateType: 'date', from: '2026-10-20', to: '2026-11-15', plantCount: 3 });
    expect(r.installedCapacity).toBe(19);
    expect(r.currency).toBe('EUR');
    expect(r.currencies).toEqual([
      { currency: 'EUR', plantCount: 2 },
      { currency: 'CHF', plantCount: 1 },
    ]);
    expect(r.rows).toHaveLength(27);
    const days = between('2026-10-20', '2026-11-15', A_PLANTS);
    expectFigures(r.totals, expected(days, ['A1', 'A2']));
    // Each day's row holds that day's plants; days without data are zero rows.
    const nov14 = r.rows.find((x: { period: string }) => x.period === '2026-11-14');
    expectFigures(nov14, expected(between('2026-11-14', '2026-11-14', A_PLANTS), ['A1', 'A2']));
    expect(r.rows.find((x: { period: string }) => x.period === '2026-11-02').generation).toBe(0);
    // Totals are the sum of the rows, figure by figure: the rows are exact, not rounded.
    for (const key of ['generation', 'consumption', 'charge', 'discharge', 'feedIn', 'purchase', 'revenue'])
      expect(
        Math.abs(r.totals[key] - r.rows.reduce((s: number, x: Record<string, number>) => s + x[key]!, 0)),
      ).toBeLessThanOrEqual(1e-9);
    // Accumulated revenue runs up to the total; specific yield is per installed kWp.
    expect(r.rows.at(-1).accumulatedRevenue).toBe(r.totals.revenue);
    expect(r.totals.specificYield).toBeCloseTo(r.totals.generation / 19, 9);
    // Self-consumption and self-sufficiency from the exact sums.
    expect(
      Math.abs(
        r.totals.selfConsumption -
          (r.totals.generation - r.totals.feedIn - r.totals.charge + r.totals.discharge),
      ),
    ).toBeLessThanOrEqual(1e-9);
    expect(r.totals.selfSufficiency).toBeCloseTo(
      (r.totals.consumption - r.totals.purchase) / r.totals.consumption,
      9,
    );
  });

  it('by plant: whole months from the monthly roll-up and the days around them add up to the same', async () => {
    const r = (
      await call('/station/report/energy', 'demo-installer-a', {
        dateType: 'date',
        from: '2026-10-20',
        to: '2026-11-15',
      })
    ).body.data;
    const byId = new Map(r.plants.map((p: { id: number }) => [p.id, p]));
    for (const key of A_PLANTS) {
      const own = expected(between('2026-10-20', '2026-11-15', [key]), [key]);
      expectFigures(byId.get(ids[key]) as Record<string, unknown>, own);
    }
    expect(byId.get(ids.CH)).toMatchObject({
      currency: 'CHF',
      stationName: 'Report plant CH',
      orgName: 'Solartechnik Alpha',
    });
    expect(byId.get(ids.A1)).toMatchObject({ installedCapacity: 10, specificYield: 5.425 });
    const sum = r.plants.reduce((s: number, p: { generation: number }) => s + p.generation, 0);
    expect(sum).toBeCloseTo(r.totals.generation, 6);
    // Biggest generation first.
    expect(r.plants.map((p: { id: number }) => p.id)).toEqual([ids.A1, ids.CH, ids.A2]);
  });

  it('month, year and total read the monthly roll-up and match the daily rows', async () => {
    const month = (
      await call('/station/report/energy', 'demo-installer-a', {
        dateType: 'month',
        from: '2026-01-01',
        to: '2026-11-15',
      })
    ).body.data;
    expect(month.rows.map((x: { period: string }) => x.period)).toEqual(
      Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    );
    expect(month.to).toBe('2026-11-30');
    expectFigures(
      month.rows.find((x: { period: string }) => x.period === '2026-10'),
      expected(between('2026-10-01', '2026-10-31', A_PLANTS), ['A1', 'A2']),
    );
    expectFigures(month.totals, expected(between('2026-01-01', '2026-12-31', A_PLANTS), ['A1', 'A2']));

    const year = (await call('/station/report/energy', 'demo-installer-a', { dateType: 'year' })).body.data;
    // From the first year with data (or the plants' creation) to this year.
    expect(year.rows.map((x: { period: string }) => x.period)).toEqual(['2025', '2026']);
    expectFigures(year.rows[0], expected(between('2025-01-01', '2025-12-31', A_PLANTS), ['A1', 'A2']));

    const total = (await call('/station/report/energy', 'demo-installer-a', { dateType: 'total' })).body.data;
    expectFigures(
      total.totals,
      expected(
        DAYS.filter((d) => A_PLANTS.includes(d.plant)),
        ['A1', 'A2'],
      ),
    );
    expect(total.rows.at(-1).accumulatedRevenue).toBe(total.totals.revenue);
  });

  it('one plant, a chosen set, and revenue in another currency', async () => {
    const one = (
      await call('/station/report/energy', 'demo-installer-a', { dateType: 'total', plantIds: [ids.A2] })
    ).body.data;
    expect(one).toMatchObject({ plantCount: 1, installedCapacity: 5 });
    expectFigures(
      one.totals,
      expected(
        DAYS.filter((d) => d.plant === 'A2'),
        ['A2'],
      ),
    );
    const chf = (
      await call('/station/report/energy', 'demo-installer-a', { dateType: 'total', currency: 'CHF' })
    ).body.data;
    expect(chf.currency).toBe('CHF');
    // A currency none of the plants uses falls back to the most used one, and says so.
    const usd = (
      await call('/station/report/energy', 'demo-installer-a', { dateType: 'total', currency: 'USD' })
    ).body.data;
    expect(usd.currency).toBe('EUR');
    expect(chf.totals.revenue).toBe(1.8);
    expectFigures(chf.totals, {
      generation: expected(DAYS.filter((d) => A_PLANTS.includes(d.plant))).generation,
    });
  });

  it('an export opened with exceljs has the numbers of the screen, units in the header, period and scope', async () => {
    const body = { dateType: 'date', from: '2026-10-20', to: '2026-11-15' };
    const screen = (await call('/station/report/energy', 'demo-installer-a', body)).body.data;
    const wb = await workbook('/station/report/energy/export', 'demo-installer-a', body);
    const ws = wb.worksheets[0]!;
    const all = valuesOf(ws);
    expect(all[0]![0]).toBe('Energy and revenue report');
    expect(all[1]).toEqual(['Period', '2026-10-20 – 2026-11-15 (by day)']);
    expect(all[2]).toEqual(['Scope', 'All plants of Solartechnik Alpha (3)']);
    expect(all[3]).toEqual(['Language', 'English']);
    const { header, body: rows } = tableOf(ws, 'Period');
    expect(header).toContain('Generation (kWh)');
    expect(header).toContain('Revenue (EUR)');
    expect(header).toContain('Specific yield (kWh/kWp)');
    expect(rows).toHaveLength(screen.rows.length + 1);
    const gen = header.indexOf('Generation (kWh)');
    const rev = header.indexOf('Revenue (EUR)');
    screen.rows.forEach((row: Record<string, number | string>, i: number) => {
      expect(rows[i]![0]).toBe(row.period);
      expect(rows[i]![gen]).toBe(row.generation);
      expect(rows[i]![rev]).toBe(row.revenue);
    });
    const total = rows.at(-1)!;
    expect(total[0]).toBe('Total');
    expect(total[gen]).toBe(screen.totals.generation);
    expect(total[header.indexOf('Self-sufficiency (%)')]).toBe(screen.totals.selfSufficiency);
    expect(ws.getColumn(gen + 1).numFmt).toBe('#,##0.0#');
    // The plant sheet.
    const plantsSheet = tableOf(wb.worksheets[1]!, 'Plant number');
    expect(plantsSheet.body.map((r) => r[1])).toEqual(
      screen.plants.map((p: { stationName: string }) => p.stationName),
    );
  });

  it('exports in the reader’s language, naming the chosen plants', async () => {
    const wb = await workbook(
      '/station/report/energy/export',
      'demo-installer-a',
      { dateType: 'month', plantIds: [ids.A1, ids.A2] },
      'de-DE',
    );
    const all = valuesOf(wb.worksheets[0]!);
    expect(all[0]![0]).toBe('Energie- und Ertragsbericht');
    expect(all[2]).toEqual(['Umfang', '2 Anlagen: Report plant A1, Report plant A2']);
    expect(tableOf(wb.worksheets[0]!, 'Zeitraum').header).toContain('Erzeugung (kWh)');
  });

  it('refuses bad input naming the field', async () => {
    const bad = async (body: Record<string, unknown>, field: string, status = 400) => {
      const res = await call('/station/report/energy', 'demo-installer-a', body);
      expect(res.status).toBe(status);
      expect(JSON.stringify(res.body)).toContain(field);
    };
    await bad({ dateType: 'date', from: '2026-11-10', to: '2026-11-01' }, 'to');
    await bad({ dateType: 'date', from: '2025-01-01', to: '2026-11-01' }, 'to');
    await bad({ dateType: 'week' }, 'dateType');
    await bad({ dateType: 'date', currency: 'eur' }, 'currency');
    await bad({ dateType: 'date', from: '2026-02-30' }, 'from');
    await bad({ dateType: 'date', plantIds: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'plantIds');
  });
});
