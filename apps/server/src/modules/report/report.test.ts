import type { AlarmLevel } from '@pvstar/contract/enums';
import type { FaultDeviceType } from '@pvstar/contract/fault-code';
import { PERM } from '@pvstar/contract/perm';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sqlRows } from '../../db/rows.ts';
import { alarms, devices, dongles, plantEnergyDaily, plants } from '../../db/schema/index.ts';
import {
  addRole,
  addUser,
  buildTestApp,
  orgIdByName,
  type TestApp,
  userIdByName,
} from '../../test/helper.ts';
import { expectedDaylightIntervals } from './availability.ts';

/**
 * Reports over a fixture with known roll-ups, read at a fixed "now" (2026-11-15 12:00 in Berlin):
 * installer A has two EUR plants and one CHF plant, installer B one plant, every expected figure is
 * computed here from the fixture rows.
 */
const NOW = new Date('2026-11-15T11:00:00Z');

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

type Day = {
  plant: string;
  day: string;
  gen: number;
  cons: number;
  fi: number;
  pu: number;
  rev: number;
  seen: number;
  /** Of the intervals with data, those in which the inverters were able to produce. */
  up: number;
};
// Charge and discharge are a fixed share of generation, so that every figure differs.
const DAYS: Day[] = [
  { plant: 'A1', day: '2026-11-15', gen: 10, cons: 8, fi: 3, pu: 2, rev: 2.5, seen: 60, up: 60 },
  { plant: 'A1', day: '2026-11-14', gen: 20, cons: 12, fi: 9, pu: 1, rev: 4, seen: 96, up: 72 },
  { plant: 'A1', day: '2026-11-01', gen: 7.25, cons: 5, fi: 2, pu: 1.5, rev: 1.75, seen: 90, up: 90 },
  { plant: 'A1', day: '2026-10-31', gen: 5, cons: 10, fi: 0, pu: 6, rev: 1.5, seen: 96, up: 96 },
  { plant: 'A1', day: '2026-10-20', gen: 12, cons: 9, fi: 4, pu: 2, rev: 3.1, seen: 100, up: 100 },
  { plant: 'A1', day: '2025-06-30', gen: 30, cons: 15, fi: 18, pu: 3, rev: 5.04, seen: 150, up: 150 },
  { plant: 'A2', day: '2026-11-14', gen: 4, cons: 6, fi: 1, pu: 3, rev: 1.2, seen: 80, up: 20 },
  { plant: 'A2', day: '2026-03-03', gen: 3.5, cons: 4, fi: 0.5, pu: 1, rev: 0.9, seen: 70, up: 70 },
  { plant: 'CH', day: '2026-11-14', gen: 6, cons: 5, fi: 2, pu: 1, rev: 1.8, seen: 90, up: 90 },
  { plant: 'B1', day: '2026-11-14', gen: 999, cons: 999, fi: 999, pu: 999, rev: 999, seen: 99, up: 0 },
];
const charge = (d: Day) => d.gen / 10;
const discharge = (d: Day) => d.gen / 20;
const r2 = (n: number) => Math.round(n * 100) / 100;

/** The exact sums of a set of fixture days (revenue of the `currencyPlants` only). */
function expected(days: Day[], currencyPlants = ['A1', 'A2', 'B1']) {
  const sum = (f: (d: Day) => number) => days.reduce((s, d) => s + f(d), 0);
  return {
    generation: sum((d) => d.gen),
    consumption: sum((d) => d.cons),
    charge: sum(charge),
    discharge: sum(discharge),
    feedIn: sum((d) => d.fi),
    purchase: sum((d) => d.pu),
    revenue: sum((d) => (currencyPlants.includes(d.plant) ? d.rev : 0)),
  };
}
/** Shown figures are the exact sums rounded to 2 decimals. */
function expectFigures(actual: Record<string, unknown>, exact: Record<string, number>) {
  for (const [key, value] of Object.entries(exact))
    expect(Math.abs(Number(actual[key]) - value), key).toBeLessThanOrEqual(0.005 + 1e-9);
}
const between = (from: string, to: string, plantsOf: string[]) =>
  DAYS.filter((d) => plantsOf.includes(d.plant) && d.day >= from && d.day <= to);

const call = (url: string, who: string, body: Record<string, unknown>, lang?: 'de-DE' | 'en-GB') =>
  t.call('POST', url, { token: tokens[who], body, ...(lang ? { lang } : {}) });

async function workbook(url: string, who: string, body: Record<string, unknown>, lang?: 'de-DE') {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${tokens[who]}`, lang: lang ?? 'en-GB' },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.xlsx"$/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
}
/** A sheet's rows as plain values, the head included. */
const valuesOf = (ws: ExcelJS.Worksheet) => {
  const out: unknown[][] = [];
  ws.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
};
/** The table of a sheet: the rows after its header (found by its first title). */
const tableOf = (ws: ExcelJS.Worksheet, firstHeader: string) => {
  const rows = valuesOf(ws);
  // The head's lines have two cells; the table's header has more.
  const at = rows.findIndex((r) => r[0] === firstHeader && r.length > 2);
  return { header: rows[at]!, body: rows.slice(at + 1) };
};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.ctx.db;
  for (const who of [
    'demo-installer-a',
    'demo-installer-b',
    'demo-dealer',
    'demo-owner',
    'demo-guest',
    'admin',
  ])
    tokens[who] = await t.login(who);
  const orgA = await orgIdByName(t, 'Solartechnik Alpha');
  const orgB = await orgIdByName(t, 'Energie Bravo');

  // An installer whose role may list plants but not see reports.
  const noReportsRole = await addRole(t, { org: orgA, perms: [PERM.station, PERM.stationMonitor] });
  const noReports = await addUser(t, { org: orgA, roles: [noReportsRole] });
  tokens.noReports = await t.login(noReports.username, noReports.password);

  const owner = await userIdByName(t, 'demo-owner');
  const created = new Date('2025-01-01T00:00:00Z');
  const fixture = [
    {
      key: 'A1',
      orgId: orgA,
      name: 'Report plant A1',
      capacity: 10,
      currency: 'EUR',
      owner,
      lat: 52.52,
      lon: 13.4,
    },
    {
      key: 'A2',
      orgId: orgA,
      name: 'Report plant A2',
      capacity: 5,
      currency: 'EUR',
      owner: null,
      lat: 48.14,
      lon: 11.58,
    },
    {
      key: 'CH',
      orgId: orgA,
      name: 'Report plant CH',
      capacity: 4,
      currency: 'CHF',
      owner: null,
      lat: null,
      lon: null,
    },
    {
      key: 'B1',
      orgId: orgB,
      name: 'Report plant B1',
      capacity: 8,
      currency: 'EUR',
      owner: null,
      lat: 50.1,
      lon: 8.7,
    },
  ];
  for (const p of fixture) {
    const [row] = await db
      .insert(plants)
      .values({
        plantNo: `P-RP-${p.key}`,
        orgId: p.orgId,
        ownerUserId: p.owner,
        name: p.name,
        type: 'PHOTOVOLTAIC',
        installedCapacity: p.capacity,
        currency: p.currency,
        latitude: p.lat,
        longitude: p.lon,
        timezone: p.key === 'CH' ? 'Europe/Zurich' : 'Europe/Berlin',
        status: p.key === 'A2' ? 'FAULT' : 'NORMAL',
        createdAt: created,
      })
      .returning({ id: plants.id });
    ids[p.key] = row!.id;
    const [dongle] = await db
      .insert(dongles)
      .values({ sn: `DGL-RP-${p.key}`, plantId: row!.id, secretHash: 'x', intervalSeconds: 300 })
      .returning({ id: dongles.id });
    const inverters = p.key === 'A1' ? 2 : 1;
    for (let i = 0; i < inverters; i++)
      await db.insert(devices).values({
        sn: `INV-RP-${p.key}${i}`,
        kind: 'INVERTER',
        dongleId: dongle!.id,
        plantId: row!.id,
        status: 'ONLINE',
      });
  }
  await db.insert(plantEnergyDaily).values(
    DAYS.map((d) => ({
      plantId: ids[d.plant]!,
      day: d.day,
      generation: d.gen,
      consumption: d.cons,
      charge: charge(d),
      discharge: discharge(d),
      feedIn: d.fi,
      purchase: d.pu,
      revenue: d.rev,
      daylightSeen: d.seen,
      daylightAvailable: d.up,
    })),
  );

  const alarm = (
    plant: string,
    code: string,
    level: AlarmLevel,
    type: FaultDeviceType,
    start: string,
    minutes: number | null,
  ) => ({
    plantId: ids[plant]!,
    sourceSn: `INV-RP-${plant}0`,
    deviceType: type,
    kind: 'EVENT' as const,
    faultCode: code,
    alarmLevel: level,
    status: minutes === null ? ('ONGOING' as const) : ('ENDED' as const),
    startedAt: new Date(start),
    latestAt: new Date(start),
    endedAt: minutes === null ? null : new Date(Date.parse(start) + minutes * 60_000),
    endReason: minutes === null ? null : ('CLEARED' as const),
  });
  await db.insert(alarms).values([
    alarm('A1', 'INV-GRID-OV', 'ERROR', 'INVERTER', '2026-11-14T09:00:00Z', 30),
    alarm('A1', 'INV-GRID-OV', 'ERROR', 'INVERTER', '2026-11-13T09:00:00Z', 90),
    alarm('A1', 'BAT-TEMP-HIGH', 'WARN', 'BATTERY', '2026-11-12T12:00:00Z', null),
    alarm('A2', 'INV-GRID-OV', 'ERROR', 'INVERTER', '2026-11-10T08:00:00Z', 15),
    alarm('A2', 'DGL-OFFLINE', 'SERIOUS', 'DONGLE', '2026-11-15T06:00:00Z', null),
    // 23:30 UTC on the 8th is the 9th in Berlin: inside a period that starts on the 9th.
    alarm('CH', 'INV-GRID-OV', 'WARN', 'INVERTER', '2026-11-08T23:30:00Z', 45),
    // Before the period.
    alarm('A1', 'INV-GRID-OV', 'ERROR', 'INVERTER', '2026-10-01T09:00:00Z', 10),
    alarm('B1', 'INV-GRID-OV', 'ERROR', 'INVERTER', '2026-11-14T09:00:00Z', 5),
  ]);
  // Only Date is frozen: the database, the timers and the network run as usual.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
}, 60_000);

afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

const A_PLANTS = ['A1', 'A2', 'CH'];

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
    // Totals are the sum of the rows, figure by figure, up to the rounding of each shown row.
    for (const key of ['generation', 'consumption', 'charge', 'discharge', 'feedIn', 'purchase', 'revenue'])
      expect(
        Math.abs(r.totals[key] - r.rows.reduce((s: number, x: Record<string, number>) => s + x[key]!, 0)),
      ).toBeLessThanOrEqual(r.rows.length * 0.005 + 1e-9);
    // Accumulated revenue runs up to the total; specific yield is per installed kWp.
    expect(r.rows.at(-1).accumulatedRevenue).toBe(r.totals.revenue);
    expect(r.totals.specificYield).toBe(r2(r.totals.generation / 19));
    // Self-consumption from the exact sums, the shown figures each rounded to 2 decimals.
    expect(
      Math.abs(
        r.totals.selfConsumption -
          (r.totals.generation - r.totals.feedIn - r.totals.charge + r.totals.discharge),
      ),
    ).toBeLessThanOrEqual(0.025);
    expect(r.totals.selfSufficiency).toBeCloseTo(
      (r.totals.consumption - r.totals.purchase) / r.totals.consumption,
      4,
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
    expect(byId.get(ids.A1)).toMatchObject({ installedCapacity: 10, specificYield: r2(54.25 / 10) });
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

describe('scope', () => {
  it('installer A never sees B’s plants; naming one answers 404, in the report and the export', async () => {
    const all = (await call('/station/report/energy', 'demo-installer-a', { dateType: 'total' })).body.data;
    expect(all.plants.map((p: { id: number }) => p.id)).not.toContain(ids.B1);
    expect(all.totals.generation).toBeLessThan(999);
    for (const url of ['/station/report/energy', '/station/report/alarm', '/station/report/energy/export'])
      expect(
        (await call(url, 'demo-installer-a', { dateType: 'total', plantIds: [ids.A1, ids.B1] })).status,
      ).toBe(404);
    const b = (await call('/station/report/energy', 'demo-installer-b', { dateType: 'total' })).body.data;
    expect(b.plants.map((p: { id: number }) => p.id)).toEqual([ids.B1]);
  });

  it('the dealer sees both installers; the owner only the plant they own', async () => {
    const dealer = (await call('/station/report/energy', 'demo-dealer', { dateType: 'total' })).body.data;
    expect(dealer.plantCount).toBe(4);
    const owner = (await call('/station/report/energy', 'demo-owner', { dateType: 'total' })).body.data;
    expect(owner.plants.map((p: { id: number }) => p.id)).toEqual([ids.A1]);
  });

  it('the guest views and exports exactly the plants it may list', async () => {
    const list = await t.call('POST', '/station/station/page', {
      token: tokens['demo-guest'],
      query: { pageNum: 1, pageSize: 50 },
      body: {},
    });
    expect(list.status).toBe(200);
    const listed = (list.body.data.list as { id: number }[]).map((p) => p.id).sort();
    const report = await call('/station/report/energy', 'demo-guest', { dateType: 'total' });
    expect(report.status).toBe(200);
    expect(report.body.data.plants.map((p: { id: number }) => p.id).sort()).toEqual(listed);
    const wb = await workbook('/station/report/energy/export', 'demo-guest', { dateType: 'total' });
    expect(tableOf(wb.worksheets[1]!, 'Plant number').body).toHaveLength(listed.length);
    for (const url of ['/station/report/fleet/export', '/station/report/alarm/export'])
      await workbook(url, 'demo-guest', { dateType: 'total' });
  });

  it('answers 403 without the report code and 401 without a token', async () => {
    for (const url of ['/station/report/energy', '/station/report/fleet', '/station/report/alarm/export'])
      expect((await call(url, 'noReports', { dateType: 'total' })).status).toBe(403);
    expect((await t.call('POST', '/station/report/fleet', { body: { dateType: 'total' } })).status).toBe(401);
  });
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

describe('POST /station/report/alarm', () => {
  const period = { dateType: 'date', from: '2026-11-09', to: '2026-11-15' };

  it('counts by level, fault code, device type and plant with the mean time to end', async () => {
    const r = (await call('/station/report/alarm', 'demo-installer-a', period)).body.data;
    // In A's plants within 9–15 November: 6 alarms, 4 ended (30, 90, 15, 45 minutes).
    expect(r.totals).toEqual({ count: 6, ended: 4, meanTimeToEnd: ((30 + 90 + 15 + 45) / 4) * 60 });
    expect(r.byLevel).toEqual([
      { level: 'SERIOUS', count: 1, ended: 0, meanTimeToEnd: null },
      { level: 'ERROR', count: 3, ended: 3, meanTimeToEnd: ((30 + 90 + 15) / 3) * 60 },
      { level: 'WARN', count: 2, ended: 1, meanTimeToEnd: 45 * 60 },
      { level: 'INFO', count: 0, ended: 0, meanTimeToEnd: null },
      { level: 'GENERAL', count: 0, ended: 0, meanTimeToEnd: null },
    ]);
    expect(r.byFaultCode[0]).toMatchObject({ faultCode: 'INV-GRID-OV', count: 4, ended: 4, level: 'ERROR' });
    expect(r.byFaultCode.map((x: { faultCode: string }) => x.faultCode).sort()).toEqual([
      'BAT-TEMP-HIGH',
      'DGL-OFFLINE',
      'INV-GRID-OV',
    ]);
    expect(r.byDeviceType).toEqual([
      { deviceType: 'INVERTER', count: 4, ended: 4, meanTimeToEnd: 45 * 60 },
      { deviceType: 'BATTERY', count: 1, ended: 0, meanTimeToEnd: null },
      { deviceType: 'DONGLE', count: 1, ended: 0, meanTimeToEnd: null },
    ]);
    expect(r.byPlant.map((x: { stationName: string; count: number }) => [x.stationName, x.count])).toEqual([
      ['Report plant A1', 3],
      ['Report plant A2', 2],
      ['Report plant CH', 1],
    ]);
    expect(r.byPlant[0].levels).toMatchObject({ ERROR: 2, WARN: 1 });
    for (const list of [r.byLevel, r.byFaultCode, r.byDeviceType, r.byPlant])
      expect(list.reduce((s: number, x: { count: number }) => s + x.count, 0)).toBe(r.totals.count);
  });

  it('names fault codes in the reader’s language and exports the same counts', async () => {
    const screen = (await call('/station/report/alarm', 'demo-installer-a', period)).body.data;
    const dongle = screen.byFaultCode.find((x: { faultCode: string }) => x.faultCode === 'DGL-OFFLINE');
    expect(dongle.faultName.length).toBeGreaterThan(0);
    const wb = await workbook('/station/report/alarm/export', 'demo-installer-a', period);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Alarms by level',
      'Alarms by fault code',
      'Alarms by device type',
      'Alarms by plant',
    ]);
    const levels = tableOf(wb.worksheets[0]!, 'Level');
    expect(levels.header).toEqual(['Level', 'Alarms', 'Ended', 'Mean time to end (min)']);
    expect(levels.body.at(-1)).toEqual(['Total', 6, 4, 45]);
    const codes = tableOf(wb.worksheets[1]!, 'Fault code');
    expect(codes.body.find((r) => r[0] === 'DGL-OFFLINE')![1]).toBe(dongle.faultName);
  });

  it('B’s alarms stay B’s', async () => {
    const r = (await call('/station/report/alarm', 'demo-installer-b', period)).body.data;
    expect(r.totals.count).toBe(1);
    expect(r.byPlant.map((x: { plantId: number }) => x.plantId)).toEqual([ids.B1]);
  });
});
