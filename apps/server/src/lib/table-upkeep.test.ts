import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFleet, recordingDb } from '../../test/fleet-fixture.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { sqlRow } from '../db/rows.ts';
import { refreshPowerNow } from '../domain/power-now-rollup.ts';
import { upkeepTables } from './table-upkeep.ts';

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};

/** Rows of `table` the plan read, kept or filtered out, over all loops. */
const rowsRead = (node: PlanNode, table: string): number =>
  (node['Relation Name'] === table
    ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1)
    : 0) + (node.Plans ?? []).reduce((n, p) => n + rowsRead(p, table), 0);

const PLANTS = 1500;
const PER_DONGLE = 4;

/**
 * PGlite runs no autovacuum. A fleet registered while its devices were offline, analysed then, and online
 * since: the statistics still say no device reports, so the planner took the reporting devices' index as
 * nearly empty and walked all of it for each plant whose power now it refreshed (bench:fleet embedded:
 * 4.7 ms a plant). Upkeep analyses the tables that changed, as autovacuum would.
 */
describe('table upkeep where no autovacuum runs', () => {
  let t: TestApp;
  const now = new Date('2026-06-21T10:00:00Z');
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.ctx.db;
    await insertFleet(db, { plants: PLANTS, devicesPerDongle: PER_DONGLE, intervalSeconds: 60, heard: now });
    // Registered and analysed while offline (insertFleet analyses), then the fleet came online and reported.
    await db.execute(sql`UPDATE devices SET status = 'OFFLINE'`);
    await db.execute(sql`ANALYZE devices`);
    await db.execute(sql`UPDATE devices SET status = 'ONLINE'`);
    await db.execute(sql`
      INSERT INTO device_latest (device_id, ts, data)
      SELECT id, ${now.toISOString()}::timestamptz, '{"power": 1000}'::jsonb FROM devices`);
    // The counters of these changes reach pg_stat_user_tables when the connection next goes idle.
    await db.execute(sql`SELECT pg_stat_force_next_flush()`);
    await db.execute(sql`SELECT 1`);
  }, 120_000);
  afterAll(() => t.close());

  /** Devices read by refreshing power now of two plants, from the planner's own account. */
  async function devicesReadByPowerNow(): Promise<number> {
    const seen: SQL[] = [];
    const plants = await t.ctx.db.execute(sql`SELECT id FROM plants WHERE plant_no IN ('P-F7', 'P-F8')`);
    const plantIds = (plants.rows as { id: number }[]).map((r) => r.id);
    await refreshPowerNow(recordingDb(t.ctx.db, seen), { plantIds }, now);
    const row = await sqlRow<{ 'QUERY PLAN': unknown }>(
      t.ctx.db,
      sql`EXPLAIN (ANALYZE, FORMAT JSON) ${seen[0]!}`,
    );
    const plan = row!['QUERY PLAN'];
    const [top] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
    return rowsRead(top!.Plan, 'devices');
  }

  it('analyses the tables that changed, and power now then reads only its plants’ devices', async () => {
    const done = await upkeepTables(t.ctx.db);
    expect(done.analyzed).toContain('public.devices');
    expect(done.analyzed).toContain('public.device_latest');
    // Two plants' inverters, not the fleet's 6,000 devices.
    expect(await devicesReadByPowerNow()).toBeLessThanOrEqual(2 * PER_DONGLE);
  });

  it('leaves alone what has not changed since, and vacuums a table of dead rows', async () => {
    expect((await upkeepTables(t.ctx.db)).analyzed).not.toContain('public.devices');
    await t.ctx.db.execute(sql`UPDATE dongles SET interval_seconds = 61`);
    await t.ctx.db.execute(sql`SELECT pg_stat_force_next_flush()`);
    await t.ctx.db.execute(sql`SELECT 1`);
    const done = await upkeepTables(t.ctx.db);
    expect(done.vacuumed).toContain('public.dongles');
    const dead = await sqlRow<{ n: number }>(
      t.ctx.db,
      sql`SELECT n_dead_tup AS n FROM pg_stat_user_tables WHERE relname = 'dongles'`,
    );
    expect(dead!.n).toBe(0);
  });
});
