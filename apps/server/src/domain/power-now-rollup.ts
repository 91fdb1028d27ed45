import { type SQL, sql } from 'drizzle-orm';
import { intArray } from '../db/arrays.ts';
import type { DbOrTx } from '../db/client.ts';
import { plantPowerNowSql } from './power-now.ts';

/** The plants whose power now a change may have moved. */
export interface PowerNowTouched {
  plantIds?: Iterable<number>;
  /** Also every row past its `fresh_until` (the sweeper's round), so that rows never stay stale for long. */
  stale?: boolean;
}

/**
 * Rewrites plant_power_now for the plants touched, as power-now.ts defines power now at `now`
 * (plantPowerNowSql): the writers that change a plant's inverters' values, statuses or intervals, or the
 * plant's status, call it once at the end of their transaction, with the plants they touched. Rows are
 * written in plant order and only when they change; org_power_now follows by trigger (migration 0026).
 * Called last in a transaction, it takes its row locks after every other lock of the writer.
 */
export async function refreshPowerNow(tx: DbOrTx, touched: PowerNowTouched, now: Date): Promise<void> {
  const ids = [...new Set(touched.plantIds ?? [])];
  const parts: SQL[] = [];
  // Each part by an index (the ids as one array parameter: the planner reads its length).
  if (ids.length) parts.push(sql`SELECT id, org_id, status FROM plants WHERE id = ANY(${intArray(ids)})`);
  if (touched.stale)
    parts.push(sql`
      SELECT p.id, p.org_id, p.status FROM plant_power_now r JOIN plants p ON p.id = r.plant_id
      WHERE r.fresh_until < ${now.toISOString()}::timestamptz`);
  if (!parts.length) return;
  await tx.execute(sql`
    WITH touched AS MATERIALIZED (${sql.join(parts, sql` UNION `)}),
    now_rows AS (${plantPowerNowSql(now, sql`SELECT id, status FROM touched`)})
    INSERT INTO plant_power_now AS r (plant_id, org_id, inverters, ts, pv, grid, load, battery, fresh_until)
    SELECT n.plant_id, t.org_id, n.inverters, n.ts, n.pv, n.grid, n.load, n.battery, n.fresh_until
    FROM now_rows n JOIN touched t ON t.id = n.plant_id
    ORDER BY n.plant_id
    ON CONFLICT (plant_id) DO UPDATE SET org_id = excluded.org_id, inverters = excluded.inverters,
      ts = excluded.ts, pv = excluded.pv, grid = excluded.grid, load = excluded.load, battery = excluded.battery,
      fresh_until = excluded.fresh_until
    WHERE (r.org_id, r.inverters, r.ts, r.pv, r.grid, r.load, r.battery, r.fresh_until)
      IS DISTINCT FROM (excluded.org_id, excluded.inverters, excluded.ts, excluded.pv, excluded.grid,
        excluded.load, excluded.battery, excluded.fresh_until)`);
}
