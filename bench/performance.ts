/**
 * The daily performance job over a large fleet: PLANTS plants spread at random over Germany (about
 * 360,000 km², so a plant has ~PLANTS/45 neighbours within 50 km) with DAYS days of generation, on the
 * embedded default (PGlite) unless TEST_DB=postgres and DATABASE_URL are set. Times the first run
 * (every plant-day), a run with nothing to do, and the daily run (one new day).
 *
 *   npx tsx bench/performance.ts        PLANTS=10000 DAYS=7 by default
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { sqlRow } from '../apps/server/src/db/rows.ts';
import { computePerformance } from '../apps/server/src/modules/performance/performance-compute.ts';
import { buildTestApp, orgIdByName } from '../apps/server/test/helper.ts';

const LAST_DAY = '2026-06-24';
const NOW = Date.parse('2026-06-25T12:00:00Z');

async function main() {
  const plants = Number(process.env.PLANTS ?? 10_000);
  const days = Number(process.env.DAYS ?? 7);
  const t = await buildTestApp();
  const db = t.ctx.db;
  const org = await orgIdByName(t, 'Solartechnik Alpha');
  await db.execute(sql`SELECT setseed(0.42)`);
  await db.execute(sql`
    INSERT INTO plants (plant_no, org_id, name, type, installed_capacity, latitude, longitude, tilt, azimuth, timezone)
    SELECT 'P-PR-' || i, ${org}::int, 'PR plant ' || i, 'PHOTOVOLTAIC', 4 + random() * 26, 47.3 + random() * 7.7,
      6 + random() * 9, 10 + random() * 35, -90 + random() * 180, 'Europe/Berlin'
    FROM generate_series(1, ${plants}) i`);
  // One new day is left out of the first run: the daily run then adds it.
  await db.execute(sql`
    INSERT INTO plant_energy_daily (plant_id, day, generation)
    SELECT p.id, ${LAST_DAY}::date - d, p.installed_capacity * (2 + random() * 4)
    FROM plants p, generate_series(1, ${days}) d`);
  await db.execute(sql`ANALYZE`);
  const time = async (label: string, work: () => Promise<{ days: string[]; rows: number }>) => {
    const t0 = performance.now();
    const done = await work();
    const ms = performance.now() - t0;
    const per = done.rows ? ` (${((ms * 1000) / done.rows).toFixed(0)} µs per plant-day)` : '';
    console.log(`| ${label} | ${done.days.length} | ${done.rows} | ${ms.toFixed(0)}${per} |`);
  };
  const where = process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)';
  console.log(`# Performance job: ${plants} plants × ${days} days on ${where}`);
  console.log(`${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}`);
  console.log('\n| run | days | rows | ms |\n|---|---:|---:|---:|');
  await time('first run, every plant-day', () => computePerformance(db, { now: NOW }));
  await time('nothing to do', () => computePerformance(db, { now: NOW }));
  await db.execute(sql`
    INSERT INTO plant_energy_daily (plant_id, day, generation)
    SELECT p.id, ${LAST_DAY}::date, p.installed_capacity * (2 + random() * 4) FROM plants p`);
  await time('daily run, one new day', () => computePerformance(db, { now: NOW }));
  const n = await sqlRow<{ avg: number }>(
    db,
    sql`SELECT avg(neighbours)::float8 AS avg FROM plant_performance_daily`,
  );
  console.log(`\nneighbours per plant: ${Number(n?.avg).toFixed(0)} on average`);
  await t.close();
}

await main();
