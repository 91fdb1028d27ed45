/**
 * Reports over a large fleet: PLANTS plants (dealer → installers A and B; every tenth in CHF) with a year
 * of daily roll-ups and 5,000 alarms, on the embedded default (PGlite) unless TEST_DB=postgres and
 * DATABASE_URL are set. Times each report and export over the year for the dealer (every plant),
 * median of RUNS runs, through the HTTP layer.
 *
 *   npm run bench:report            PLANTS=1000 RUNS=7 by default
 *
 * bench/report.test.ts runs a small fleet of it in `npm test` and checks the figures.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildTestApp, orgIdByName, type TestApp } from '../apps/server/test/helper.ts';

export const LAST_DAY = '2026-11-15';

export interface FleetSize {
  plants: number;
  days: number;
  alarms: number;
}

/** Daily generation of every bench plant on the day `d` days before LAST_DAY (kWh). */
export const generationOn = (d: number) => 20 + (d % 30);

/** Writes the bench fleet straight into the tables (the monthly roll-up follows by its trigger). */
export async function loadFleet(t: TestApp, size: FleetSize) {
  const db = t.ctx.db;
  const orgA = await orgIdByName(t, 'Solartechnik Alpha');
  const orgB = await orgIdByName(t, 'Energie Bravo');
  await db.execute(sql`
    INSERT INTO plants (plant_no, org_id, name, type, installed_capacity, currency, latitude, longitude, timezone, status, created_at)
    SELECT 'P-BENCH-' || i, CASE WHEN i % 2 = 0 THEN ${orgA}::int ELSE ${orgB}::int END, 'Bench plant ' || i,
      'PHOTOVOLTAIC', 5 + (i % 20), CASE WHEN i % 10 = 0 THEN 'CHF' ELSE 'EUR' END, 47 + (i % 70) / 10.0,
      6 + (i % 90) / 10.0, 'Europe/Berlin', 'NORMAL', '2025-01-01'
    FROM generate_series(1, ${size.plants}) i`);
  await db.execute(sql`
    INSERT INTO dongles (sn, plant_id, secret_hash, interval_seconds)
    SELECT 'DGL-BENCH-' || id, id, 'x', 300 FROM plants WHERE plant_no LIKE 'P-BENCH-%'`);
  await db.execute(sql`
    INSERT INTO devices (sn, kind, dongle_id, plant_id, status)
    SELECT 'INV-BENCH-' || g.plant_id, 'INVERTER', g.id, g.plant_id, 'ONLINE' FROM dongles g WHERE g.sn LIKE 'DGL-BENCH-%'`);
  await db.execute(sql`
    INSERT INTO plant_energy_daily (plant_id, day, generation, consumption, charge, discharge, feed_in, purchase, revenue, daylight_seen)
    SELECT p.id, ${LAST_DAY}::date - d, 20 + (d % 30), 15, 2, 1.5, 8, 4, 3.2, 100 + (d % 50)
    FROM plants p, generate_series(0, ${size.days - 1}) d WHERE p.plant_no LIKE 'P-BENCH-%'`);
  // Alarms at noon UTC, spread over the days of the fleet, 40 minutes each.
  await db.execute(sql`
    INSERT INTO alarms (plant_id, source_sn, device_type, kind, fault_code, alarm_level, status, started_at, latest_at, ended_at)
    SELECT p.id, 'INV-BENCH-' || p.id, 'INVERTER', 'EVENT', 'INV-GRID-OV',
      (ARRAY['SERIOUS','ERROR','WARN','INFO','GENERAL'])[1 + k % 5], 'ENDED',
      ${LAST_DAY}::timestamptz + interval '12 hours' - (k % ${size.days}) * interval '1 day',
      ${LAST_DAY}::timestamptz + interval '12 hours' - (k % ${size.days}) * interval '1 day',
      ${LAST_DAY}::timestamptz + interval '12 hours 40 minutes' - (k % ${size.days}) * interval '1 day'
    FROM generate_series(1, ${size.alarms}) k JOIN plants p ON p.plant_no = 'P-BENCH-' || (1 + k % ${size.plants})`);
  await db.execute(sql`ANALYZE`);
}

/** The first day of the fleet's history. */
export const firstDay = (days: number) =>
  new Date(Date.parse(`${LAST_DAY}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);

export function cases(days: number): [string, string, Record<string, unknown>][] {
  const range = { from: firstDay(days), to: LAST_DAY };
  return [
    [`energy, by day, ${days} days`, '/station/report/energy', { dateType: 'date', ...range }],
    ['energy, by month', '/station/report/energy', { dateType: 'month', ...range }],
    ['energy, by year', '/station/report/energy', { dateType: 'year' }],
    ['energy, lifetime', '/station/report/energy', { dateType: 'total' }],
    [`fleet, ${days} days`, '/station/report/fleet', { dateType: 'date', ...range }],
    [`alarm, ${days} days`, '/station/report/alarm', { dateType: 'date', ...range }],
    [`energy export (xlsx), ${days} days`, '/station/report/energy/export', { dateType: 'date', ...range }],
    [`fleet export (xlsx), ${days} days`, '/station/report/fleet/export', { dateType: 'date', ...range }],
  ];
}

/** One report as the dealer sees it: its time and its answer (JSON; null for a workbook). */
export async function ask(t: TestApp, token: string, url: string, body: Record<string, unknown>) {
  const t0 = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
  const ms = performance.now() - t0;
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return { ms, data: url.endsWith('/export') ? null : JSON.parse(res.body).data };
}

async function main() {
  const size = { plants: Number(process.env.PLANTS ?? 1000), days: 365, alarms: 5000 };
  const runs = Number(process.env.RUNS ?? 7);
  const t = await buildTestApp();
  const started = performance.now();
  await loadFleet(t, size);
  const loadSeconds = (performance.now() - started) / 1000;
  const token = await t.login('demo-dealer');
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const where = process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)';
  console.log(`# Reports: ${size.plants} plants × ${size.days} days on ${where}`);
  console.log(
    `${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; fixture loaded in ${loadSeconds.toFixed(1)} s`,
  );
  console.log('\n| report | median ms | max ms |\n|---|---:|---:|');
  for (const [name, url, body] of cases(size.days)) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push((await ask(t, token, url, body)).ms);
    console.log(`| ${name} | ${median(times).toFixed(0)} | ${Math.max(...times).toFixed(0)} |`);
  }
  await t.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
