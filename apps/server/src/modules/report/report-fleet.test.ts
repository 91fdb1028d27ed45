import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper.ts';
import {
  A_PLANTS,
  between,
  type Day,
  expected,
  expectFigures,
  NOW,
  type ReportFixture,
  setUpReports,
  tableOf,
  tearDownReports,
} from '../../../test/report-fixture.ts';
import { expectedDaylightIntervals } from './availability.ts';

/** The fleet report: organisations, plants and availability (fixture in apps/server/test/report-fixture.ts). */

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

describe('POST /station/report/fleet', () => {
  const period = { dateType: 'date', from: '2026-11-01', to: '2026-11-15' };

  it('one row per organisation of the dealer, in tree order; the totals are the sum of the rows', async () => {
    const r = (await call('/station/report/fleet', 'demo-dealer', period)).body.data;
    expect(r.rows.map((x: { orgName: string; depth: number }) => [x.orgName, x.depth])).toEqual([
      ['Sonnenhandel GmbH', 0],
      ['Energie Bravo', 1],
      ['Solartechnik Alpha', 1],
    ]);
    const a = r.rows.find((x: { orgName: string }) => x.orgName === 'Solartechnik Alpha');
    expect(a).toMatchObject({
      plantCount: 3,
      statusCounts: { NORMAL: 2, FAULT: 1, WARNING: 0, OFFLINE: 0 },
      installedCapacity: 19,
      // A1: ERROR ×2 and WARN; A2: ERROR and SERIOUS; CH: WARN (on the 9th, Zurich time).
      alarms: { SERIOUS: 1, ERROR: 3, WARN: 2, INFO: 0, GENERAL: 0 },
    });
    expectFigures(a, {
      generation: expected(between('2026-11-01', '2026-11-15', A_PLANTS)).generation,
      revenue: expected(between('2026-11-01', '2026-11-15', A_PLANTS), ['A1', 'A2']).revenue,
    });
    const dealerRow = r.rows[0];
    expect(dealerRow).toMatchObject({
      plantCount: 0,
      generation: 0,
      availability: null,
      dataAvailability: null,
    });
    for (const key of [
      'plantCount',
      'installedCapacity',
      'generation',
      'revenue',
      'daylightIntervals',
      'intervalsWithData',
      'intervalsAvailable',
    ])
      expect(r.totals[key]).toBeCloseTo(
        r.rows.reduce((s: number, x: Record<string, number>) => s + x[key]!, 0),
        6,
      );
    expect(r.totals.alarms.ERROR).toBe(4);
  });

  it('data availability: daylight intervals with data over the daylight intervals of every inverter', async () => {
    const r = (await call('/station/report/fleet', 'demo-installer-a', period)).body.data;
    expect(r.rows.map((x: { orgName: string }) => x.orgName)).toEqual(['Solartechnik Alpha']);
    const [row] = r.rows;
    const place = (_key: string, lat: number | null, lon: number | null, tz = 'Europe/Berlin') => ({
      latitude: lat,
      longitude: lon,
      timezone: tz,
      since: '2025-01-01',
      today: '2026-11-15',
    });
    const nowMs = NOW.getTime();
    const exp =
      2 * expectedDaylightIntervals(place('A1', 52.52, 13.4), '2026-11-01', '2026-11-15', nowMs) +
      expectedDaylightIntervals(place('A2', 48.14, 11.58), '2026-11-01', '2026-11-15', nowMs) +
      expectedDaylightIntervals(place('CH', null, null, 'Europe/Zurich'), '2026-11-01', '2026-11-15', nowMs);
    expect(row.daylightIntervals).toBe(exp);
    const seen = between('2026-11-01', '2026-11-15', A_PLANTS).reduce((s, d) => s + d.seen, 0);
    expect(row.intervalsWithData).toBe(seen);
    expect(row.dataAvailability).toBeCloseTo(seen / exp, 4);
    // Without coordinates a day has 08:00–16:00: 96 intervals.
    expect(
      expectedDaylightIntervals(place('CH', null, null, 'Europe/Zurich'), '2026-11-01', '2026-11-01', nowMs),
    ).toBe(96);
  });

  it('availability (IEC 61724-1): intervals available over those with data, pooled per plant and organisation', async () => {
    const r = (await call('/station/report/fleet', 'demo-installer-a', period)).body.data;
    const days = between('2026-11-01', '2026-11-15', A_PLANTS);
    const sum = (f: (d: Day) => number, list = days) => list.reduce((s, d) => s + f(d), 0);
    const [row] = r.rows;
    expect(row.intervalsAvailable).toBe(sum((d) => d.up));
    // The organisation pools its plants' inverter intervals (time-based), not the mean of their ratios.
    const pooled = sum((d) => d.up) / sum((d) => d.seen);
    expect(row.availability).toBeCloseTo(pooled, 4);
    const plantsOf = r.plants as {
      id: number;
      availability: number;
      dataAvailability: number;
      intervalsWithData: number;
      intervalsAvailable: number;
      daylightIntervals: number;
    }[];
    const ratioOf = (key: string) => {
      const own = days.filter((d) => d.plant === key);
      return sum((d) => d.up, own) / sum((d) => d.seen, own);
    };
    const mean = (ratioOf('A1') + ratioOf('A2') + ratioOf('CH')) / 3;
    expect(Math.abs(row.availability - mean)).toBeGreaterThan(0.05);
    // Per plant, the least available first: A2 (20 of 80), A1 (222 of 246), CH (all).
    expect(plantsOf.map((p) => p.id)).toEqual([ids.A2, ids.A1, ids.CH]);
    for (const key of ['A1', 'A2', 'CH']) {
      const p = plantsOf.find((x) => x.id === ids[key])!;
      expect(p.availability, key).toBeCloseTo(ratioOf(key), 4);
      expect(p.dataAvailability, key).toBeCloseTo(p.intervalsWithData / p.daylightIntervals, 4);
    }
    expect(plantsOf.find((x) => x.id === ids.A2)!.availability).toBe(0.25);
    expect(sum((d) => d.seen)).toBe(plantsOf.reduce((s, p) => s + p.intervalsWithData, 0));
  });

  it('the export has the rows and totals of the screen', async () => {
    const screen = (await call('/station/report/fleet', 'demo-dealer', period)).body.data;
    const wb = await workbook('/station/report/fleet/export', 'demo-dealer', period);
    const { header, body } = tableOf(wb.worksheets[0]!, 'Organisation');
    expect(header).toContain('Installed capacity (kWp)');
    expect(header).toContain('Availability IEC 61724-1 (%)');
    expect(header).toContain('Data availability (%)');
    expect(body.map((r) => String(r[0]).trim())).toEqual([
      ...screen.rows.map((x: { orgName: string }) => x.orgName),
      'Total',
    ]);
    const gen = header.indexOf('Generation (kWh)');
    expect(body.at(-1)![gen]).toBe(screen.totals.generation);
    expect(body.at(-1)![header.indexOf('Availability IEC 61724-1 (%)')]).toBe(screen.totals.availability);
    expect(body.at(-1)![header.indexOf('Data availability (%)')]).toBe(screen.totals.dataAvailability);
    // The column titles carry what the screen's tooltips say.
    const notes: string[] = [];
    wb.worksheets[0]!.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.value === 'Data availability (%)') notes.push(JSON.stringify(cell.note));
      }),
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('5-minute intervals');
    // The plants' sheet: one row per plant of the screen, least available first.
    const plantSheet = wb.worksheets[1]!;
    expect(plantSheet.name).toBe('Availability by plant');
    const plants = tableOf(plantSheet, 'Plant number');
    expect(plants.header).toContain('Inverters');
    expect(plants.body.map((r) => r[0])).toEqual(
      screen.plants.map((p: { stationNo: string }) => p.stationNo),
    );
    const at = plants.header.indexOf('Availability IEC 61724-1 (%)');
    expect(plants.body.map((r) => r[at] ?? null)).toEqual(
      screen.plants.map((p: { availability: number | null }) => p.availability),
    );
  });
});
