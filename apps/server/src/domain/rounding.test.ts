import { SHOWN_NUM_FMT, shownFigure } from '@pvstar/contract/figures';
import { LANGS } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, buildTestApp, orgIdByName, type TestApp, unique } from '../../test/helper.ts';
import { deviceLatest, devices, dongles, plantEnergyDaily, plants } from '../db/schema/index.ts';
import { createOrg } from '../db/seed/seed.ts';
import { addDays } from './calendar.ts';

/**
 * One figure per plant and period (issue 32): a plant's energy and revenue of today, this month and since
 * it joined read the same on the plant detail, its statistics, the energy report and its workbook, the
 * dashboard and the public page, once each is rounded for display, in every language; the workbook's
 * cells hold exact values, so that its day rows add up to its total row. The days have decimals past the
 * two shown, chosen so that rounding twice (to the watt-hour, then for display: 5.0549 → 5.055 → 5.06) or
 * adding rounded rows gives another figure than rounding the exact sum once.
 */
const NOW = new Date('2026-11-15T11:00:00Z');
const TODAY = '2026-11-15';
const CAPACITY = 9.6;
/** The inverter's lifetime counter (kWh): the plant's total generation, counted before it joined too. */
const COUNTER = 8407.4449;

interface Day {
  day: string;
  generation: number;
  consumption: number;
  charge: number;
  discharge: number;
  feedIn: number;
  purchase: number;
  revenue: number;
}
/** k days before today: every figure ends in …49 at the 3rd and 4th decimal. */
const dayOf = (k: number, day = addDays(TODAY, -k)): Day => ({
  day,
  generation: 12.3449 + k,
  consumption: 8.2349 + k / 2,
  charge: 1.2049,
  discharge: 0.6049,
  feedIn: 4.1149 + k / 4,
  purchase: 2.0049,
  revenue: 5.0549 + k / 10,
});
/** November up to today (15 days), and two days long before. */
const NOVEMBER = Array.from({ length: 15 }, (_, k) => dayOf(k));
const DAYS = [...NOVEMBER, dayOf(26), dayOf(503)];

const FIGURES = [
  'generation',
  'consumption',
  'charge',
  'discharge',
  'feedIn',
  'purchase',
  'selfConsumption',
  'revenue',
] as const;
type Figure = (typeof FIGURES)[number];
/** The energy sheet's figure columns after the period, in the workbook's order. */
const SHEET_FIGURES: (Figure | 'selfSufficiency')[] = [
  'generation',
  'consumption',
  'charge',
  'discharge',
  'selfConsumption',
  'selfSufficiency',
  'feedIn',
  'purchase',
  'revenue',
];

/** The exact figures of a set of days, worked out here from the fixture. */
function exact(days: Day[]): Record<Figure, number> {
  const sum = (f: (d: Day) => number) => days.reduce((s, d) => s + f(d), 0);
  const out = { selfConsumption: sum((d) => d.generation - d.feedIn - d.charge + d.discharge) } as Record<
    Figure,
    number
  >;
  for (const f of FIGURES) if (f !== 'selfConsumption') out[f] = sum((d) => d[f]);
  return out;
}

/**
 * Every surface's figure, as each language shows it, reads as the exact figure rounded once. Compared as
 * one object per language, so that a failure names the surface that differs.
 */
function sameEverywhere(what: string, want: number, surfaces: Record<string, number | null | undefined>) {
  for (const lang of LANGS) {
    const shown = Object.fromEntries(
      Object.entries(surfaces).map(([name, v]) => [name, typeof v === 'number' ? shownFigure(v, lang) : v]),
    );
    const expected = Object.fromEntries(Object.keys(surfaces).map((name) => [name, shownFigure(want, lang)]));
    expect(shown, `${what} (${lang})`).toEqual(expected);
  }
}

/** The dashboard's figure of a period: its revenue, or its pie's (the pies have no charge or discharge). */
const onDashboard = (pie: Record<string, number>, revenue: number, f: Figure) =>
  f === 'revenue' ? { dashboard: revenue } : f in pie ? { dashboard: pie[f] } : {};

let t: TestApp;
let token: string;
let plantId: number;
let shareToken: string;
let ip = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.ctx.db;
  const root = await orgIdByName(t, 'PVSTAR');
  const inst = await createOrg(db, { name: unique('Rounding Inst '), type: 'INSTALLER', parentId: root });
  const user = await addUser(t, { org: inst, roles: ['INSTALLER_ADMIN'], prefix: 'rnd' });
  token = await t.login(user.username);
  const [p] = await db
    .insert(plants)
    .values({
      plantNo: unique('RND'),
      name: 'Rounding plant',
      type: 'ENERGY_STORAGE',
      orgId: inst,
      installedCapacity: CAPACITY,
      timezone: 'Europe/Berlin',
      countryCode: 'DE',
      status: 'NORMAL',
    })
    .returning({ id: plants.id });
  plantId = p!.id;
  const [g] = await db
    .insert(dongles)
    .values({ sn: unique('DGL-RND-'), plantId, secretHash: 'x', intervalSeconds: 300 })
    .returning({ id: dongles.id });
  const [inv] = await db
    .insert(devices)
    .values({ sn: unique('INV-RND-'), kind: 'INVERTER', dongleId: g!.id, plantId, status: 'ONLINE' })
    .returning({ id: devices.id });
  await db
    .insert(deviceLatest)
    .values({ deviceId: inv!.id, ts: new Date('2026-11-15T10:00:00Z'), data: { totalGeneration: COUNTER } });
  await db.insert(plantEnergyDaily).values(DAYS.map((d) => ({ plantId, ...d })));
  // Only Date is frozen: the database, the timers and the network run as usual.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  const share = await t.call('POST', '/station/share/add', { token, body: { stationId: plantId } });
  expect(share.status).toBe(200);
  shareToken = share.body.data.token;
});

afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

const get = async (url: string) => {
  const res = await t.call('GET', url, { token });
  expect(res.status, url).toBe(200);
  return res.body.data;
};
const post = async (url: string, body: unknown) => {
  const res = await t.call('POST', url, { token, body });
  expect(res.status, url).toBe(200);
  return res.body.data;
};
const publicPage = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/public/plant/${shareToken}/data`,
    // An address of its own per call: the page is rate-limited per address.
    remoteAddress: `203.0.113.${++ip}`,
    headers: { accept: 'application/json', 'accept-language': 'en-GB' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const periodRow = (rows: { period: string }[], period: string) => {
  const row = rows.find((r) => r.period === period);
  expect(row, period).toBeDefined();
  return row as unknown as Record<Figure | 'specificYield', number>;
};

async function energyWorkbook(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/station/report/energy/export',
    headers: { authorization: `Bearer ${token}`, lang: 'en-GB' },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
}

describe('one rounding, for display, of exact figures', () => {
  it('shows the same figures of today on every surface', async () => {
    const want = exact(NOVEMBER.filter((d) => d.day === TODAY));
    const overview = await get(`/station/station/overview/${plantId}`);
    const stats = await post('/station/station/energy', {
      id: plantId,
      dateType: 'date',
      from: TODAY,
      to: TODAY,
    });
    const report = await post('/station/report/energy', {
      dateType: 'date',
      from: TODAY,
      to: TODAY,
      plantIds: [plantId],
    });
    const dashboard = await get('/station/dashboard');
    const page = await publicPage();
    for (const f of FIGURES)
      sameEverywhere(`today's ${f}`, want[f], {
        plantDetail: overview.today[f],
        statistics: periodRow(stats.rows, TODAY)[f],
        report: periodRow(report.rows, TODAY)[f],
        reportTotal: report.totals[f],
        reportPlant: report.plants[0][f],
        ...onDashboard(dashboard.pie.today, dashboard.todayRevenue, f),
        ...(f === 'generation' ? { dashboardKpi: dashboard.todayGeneration, publicPage: page.today } : {}),
      });
    sameEverywhere("today's specific yield", want.generation / CAPACITY, {
      plantDetail: overview.specificYield.today,
      report: periodRow(report.rows, TODAY).specificYield,
      dashboard: dashboard.specificYield.today,
    });
  });

  it('shows the same figures of this month on every surface, and its workbook adds up', async () => {
    const want = exact(NOVEMBER);
    const overview = await get(`/station/station/overview/${plantId}`);
    const byMonth = await post('/station/station/energy', {
      id: plantId,
      dateType: 'month',
      from: '2026-11-01',
      to: TODAY,
    });
    const byDay = await post('/station/station/energy', {
      id: plantId,
      dateType: 'date',
      from: '2026-11-01',
      to: TODAY,
    });
    const body = { dateType: 'date', from: '2026-11-01', to: TODAY, plantIds: [plantId] };
    const report = await post('/station/report/energy', body);
    const monthReport = await post('/station/report/energy', {
      dateType: 'month',
      from: '2026-11-01',
      to: TODAY,
      plantIds: [plantId],
    });
    const page = await publicPage();

    // The workbook's energy sheet: a row per day under its header, the total row last.
    const ws = (await energyWorkbook(body)).worksheets[0]!;
    const rows: ExcelJS.Row[] = [];
    ws.eachRow((row) => rows.push(row));
    // The head's lines have two cells; the table's header has more.
    const header = rows.findIndex(
      (r) => r.getCell(1).value === translate('en-GB', 'report.column.period') && r.actualCellCount > 2,
    );
    const days = rows.slice(header + 1, -1);
    const total = rows.at(-1)!;
    expect(days.map((r) => r.getCell(1).value)).toEqual(NOVEMBER.map((d) => d.day).reverse());
    expect(total.getCell(1).value).toBe(translate('en-GB', 'report.total'));
    const columnOf = (f: Figure) => 2 + SHEET_FIGURES.indexOf(f);
    const cell = (row: ExcelJS.Row, f: Figure) => {
      const c = row.getCell(columnOf(f));
      expect(typeof c.value, `${f} is a number`).toBe('number');
      expect(c.numFmt, `${f}'s number format`).toBe(SHOWN_NUM_FMT);
      return c.value as number;
    };

    for (const f of FIGURES) {
      sameEverywhere(`this month's ${f}`, want[f], {
        plantDetail: overview.month[f],
        statistics: periodRow(byMonth.rows, '2026-11')[f],
        statisticsDays: byDay.totals[f],
        report: periodRow(monthReport.rows, '2026-11')[f],
        reportDays: report.totals[f],
        workbook: cell(total, f),
        ...(f === 'generation' ? { publicPage: page.month } : {}),
      });
      // Exact cells: the days add up to the total row in a spreadsheet, and each is the report's day.
      const sum = days.reduce((s, r) => s + cell(r, f), 0);
      expect(Math.abs(sum - cell(total, f)), `Σ days of ${f} = total`).toBeLessThan(1e-9);
      for (const r of days) {
        const day = String(r.getCell(1).value);
        expect(Math.abs(cell(r, f) - periodRow(report.rows, day)[f]), `${f} of ${day}`).toBeLessThan(1e-9);
        sameEverywhere(`${f} of ${day}`, exact(NOVEMBER.filter((d) => d.day === day))[f], {
          statistics: periodRow(byDay.rows, day)[f],
          report: periodRow(report.rows, day)[f],
          workbook: cell(r, f),
        });
      }
    }
    sameEverywhere("this month's specific yield", want.generation / CAPACITY, {
      plantDetail: overview.specificYield.month,
      report: periodRow(monthReport.rows, '2026-11').specificYield,
      reportDays: report.totals.specificYield,
    });
  });

  it('shows the same figures since the plant joined, and the public page’s CO₂ of the total it shows', async () => {
    const want = exact(DAYS);
    const overview = await get(`/station/station/overview/${plantId}`);
    const stats = await post('/station/station/energy', { id: plantId, dateType: 'total' });
    const report = await post('/station/report/energy', { dateType: 'total', plantIds: [plantId] });
    const dashboard = await get('/station/dashboard');
    const page = await publicPage();
    for (const f of FIGURES)
      sameEverywhere(`the stored ${f}`, want[f], {
        plantDetail: overview.total[f],
        statistics: stats.totals[f],
        report: report.totals[f],
        ...onDashboard(dashboard.pie.total, dashboard.totalRevenue, f),
        ...(f === 'generation' ? { dashboardKpi: dashboard.totalGeneration } : {}),
      });

    // The total generation is the inverter's counter, on the plant detail and the public page alike.
    expect(overview.lifetime.source).toBe('COUNTERS');
    sameEverywhere('the total generation', COUNTER, {
      plantDetail: overview.lifetime.generation,
      publicPage: page.total,
    });
    // Its CO₂ is of that total, not of the stored days (8,407 kWh shown, CO₂ of 407).
    expect(page.co2KgPerKwh).toBe(0.38);
    sameEverywhere('CO₂ (t)', (COUNTER * 0.38) / 1000, { publicPage: page.co2AvoidedKg / 1000 });
    expect(Math.abs(page.co2AvoidedKg - page.total * page.co2KgPerKwh)).toBeLessThan(1e-9);
  });
});
