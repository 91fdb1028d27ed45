/**
 * Reports over a large fleet: 1,000 plants (dealer → installers A and B) with a year of daily roll-ups
 * and 5,000 alarms, on the embedded default (PGlite) unless TEST_DB=postgres and DATABASE_URL are set.
 * Times each report and export over a year for the dealer (all 1,000 plants), median of RUNS runs.
 *
 *   npm run bench:report            PLANTS=1000 RUNS=7 by default
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildTestApp, orgIdByName } from '../apps/server/src/test/helper.ts';

const PLANTS = Number(process.env.PLANTS ?? 1000);
const RUNS = Number(process.env.RUNS ?? 7);
const DAYS = 365;
const LAST_DAY = '2026-11-15';

const t = await buildTestApp();
const db = t.ctx.db;
const orgA = await orgIdByName(t, 'Solartechnik Alpha');
const orgB = await orgIdByName(t, 'Energie Bravo');
const started = performance.now();
await db.execute(sql`
  INSERT INTO plants (plant_no, org_id, name, type, installed_capacity, currency, latitude, longitude, timezone, status, created_at)
  SELECT 'P-BENCH-' || i, CASE WHEN i % 2 = 0 THEN ${orgA}::int ELSE ${orgB}::int END, 'Bench plant ' || i, 'PHOTOVOLTAIC',
    5 + (i % 20), CASE WHEN i % 10 = 0 THEN 'CHF' ELSE 'EUR' END, 47 + (i % 70) / 10.0, 6 + (i % 90) / 10.0,
    'Europe/Berlin', 'NORMAL', '2025-01-01'
  FROM generate_series(1, ${PLANTS}) i`);
await db.execute(sql`
  INSERT INTO dongles (sn, plant_id, secret_hash, interval_seconds)
  SELECT 'DGL-BENCH-' || id, id, 'x', 300 FROM plants WHERE plant_no LIKE 'P-BENCH-%'`);
await db.execute(sql`
  INSERT INTO devices (sn, kind, dongle_id, plant_id, status)
  SELECT 'INV-BENCH-' || g.plant_id, 'INVERTER', g.id, g.plant_id, 'ONLINE' FROM dongles g WHERE g.sn LIKE 'DGL-BENCH-%'`);
await db.execute(sql`
  INSERT INTO plant_energy_daily (plant_id, day, generation, consumption, charge, discharge, feed_in, purchase, revenue, daylight_seen)
  SELECT p.id, ${LAST_DAY}::date - d, 20 + (d % 30), 15, 2, 1.5, 8, 4, 3.2, 100 + (d % 50)
  FROM plants p, generate_series(0, ${DAYS - 1}) d WHERE p.plant_no LIKE 'P-BENCH-%'`);
await db.execute(sql`
  INSERT INTO alarms (plant_id, source_sn, device_type, kind, fault_code, alarm_level, status, started_at, latest_at, ended_at)
  SELECT p.id, 'INV-BENCH-' || p.id, 'INVERTER', 'EVENT', 'INV-GRID-OV',
    (ARRAY['SERIOUS','ERROR','WARN','INFO','GENERAL'])[1 + k % 5], 'ENDED',
    ${LAST_DAY}::timestamptz - (k % 360) * interval '1 day', ${LAST_DAY}::timestamptz - (k % 360) * interval '1 day',
    ${LAST_DAY}::timestamptz - (k % 360) * interval '1 day' + interval '40 minutes'
  FROM generate_series(1, 5000) k JOIN plants p ON p.plant_no = 'P-BENCH-' || (1 + k % ${PLANTS})`);
await db.execute(sql`ANALYZE`);
const loadSeconds = (performance.now() - started) / 1000;

const token = await t.login('demo-dealer');
const year = { from: '2025-11-16', to: LAST_DAY };
const cases: [string, string, Record<string, unknown>][] = [
  ['energy, by day, 365 days', '/station/report/energy', { dateType: 'date', ...year }],
  ['energy, by month, 12 months', '/station/report/energy', { dateType: 'month', ...year }],
  ['energy, by year', '/station/report/energy', { dateType: 'year' }],
  ['energy, lifetime', '/station/report/energy', { dateType: 'total' }],
  ['fleet, 365 days', '/station/report/fleet', { dateType: 'date', ...year }],
  ['alarm, 365 days', '/station/report/alarm', { dateType: 'date', ...year }],
  ['energy export (xlsx), 365 days', '/station/report/energy/export', { dateType: 'date', ...year }],
  ['fleet export (xlsx), 365 days', '/station/report/fleet/export', { dateType: 'date', ...year }],
];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `# Reports: ${PLANTS} plants × ${DAYS} days on ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`,
);
console.log(
  `${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; fixture loaded in ${loadSeconds.toFixed(1)} s`,
);
console.log('\n| report | median ms | max ms | plants in answer |\n|---|---:|---:|---:|');
for (const [name, url, body] of cases) {
  const times: number[] = [];
  let plants = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (!url.endsWith('/export')) plants = JSON.parse(res.body).data.plantCount;
  }
  console.log(
    `| ${name} | ${median(times).toFixed(0)} | ${Math.max(...times).toFixed(0)} | ${plants || '–'} |`,
  );
}
await t.close();
