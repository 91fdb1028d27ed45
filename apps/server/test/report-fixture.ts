import type { AlarmLevel } from '@pvstar/contract/enums';
import type { FaultDeviceType } from '@pvstar/contract/fault-code';
import { PERM } from '@pvstar/contract/perm';
import ExcelJS from 'exceljs';
import { expect, vi } from 'vitest';
import { alarms, devices, dongles, plantEnergyDaily, plants } from '../src/db/schema/index.ts';
import { addRole, addUser, buildTestApp, orgIdByName, type TestApp, userIdByName } from './helper.ts';

/**
 * Reports over a fixture with known roll-ups, read at a fixed "now" (2026-11-15 12:00 in Berlin):
 * installer A has two EUR plants and one CHF plant, installer B one plant, every expected figure is
 * computed here from the fixture rows.
 * Each test file builds its own app (and database) with `setUpReports` in its `beforeAll`.
 */
export const NOW = new Date('2026-11-15T11:00:00Z');

export type Day = {
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
export const DAYS: Day[] = [
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

/** The exact sums of a set of fixture days (revenue of the `currencyPlants` only). */
export function expected(days: Day[], currencyPlants = ['A1', 'A2', 'B1']) {
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
/** Answered figures are the exact sums (rounded only where they are shown, docs/energy.md "Rounding"). */
export function expectFigures(actual: Record<string, unknown>, exact: Record<string, number>) {
  for (const [key, value] of Object.entries(exact))
    expect(Math.abs(Number(actual[key]) - value), key).toBeLessThanOrEqual(1e-9);
}
export const between = (from: string, to: string, plantsOf: string[]) =>
  DAYS.filter((d) => plantsOf.includes(d.plant) && d.day >= from && d.day <= to);

/** A sheet's rows as plain values, the head included. */
export const valuesOf = (ws: ExcelJS.Worksheet) => {
  const out: unknown[][] = [];
  ws.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
};
/** The table of a sheet: the rows after its header (found by its first title). */
export const tableOf = (ws: ExcelJS.Worksheet, firstHeader: string) => {
  const rows = valuesOf(ws);
  // The head's lines have two cells; the table's header has more.
  const at = rows.findIndex((r) => r[0] === firstHeader && r.length > 2);
  return { header: rows[at]!, body: rows.slice(at + 1) };
};

export const A_PLANTS = ['A1', 'A2', 'CH'];

export interface ReportFixture {
  t: TestApp;
  /** Sign-in tokens by login name, plus `noReports` (may list plants but not see reports). */
  tokens: Record<string, string>;
  /** The fixture plants' ids by key (A1, A2, CH, B1). */
  ids: Record<string, number>;
  /** A report (POST) as the given login. */
  call: (
    url: string,
    who: string,
    body: Record<string, unknown>,
    lang?: 'de-DE' | 'en-GB',
  ) => ReturnType<TestApp['call']>;
  /** An export as the given login, opened with exceljs. */
  workbook: (
    url: string,
    who: string,
    body: Record<string, unknown>,
    lang?: 'de-DE',
  ) => Promise<ExcelJS.Workbook>;
}

/** Builds the test app, signs in the logins, stores the fixture plants, roll-ups and alarms; freezes Date at `NOW`. */
export async function setUpReports(): Promise<ReportFixture> {
  const t = await buildTestApp();
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
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
  return { t, tokens, ids, call, workbook };
}

export async function tearDownReports(t: TestApp | undefined) {
  vi.useRealTimers();
  await t?.close();
}
