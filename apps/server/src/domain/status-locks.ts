import { sql } from 'drizzle-orm';
import { intArray } from '../db/arrays.ts';
import type { Tx } from '../db/client.ts';
import { sqlRows } from '../db/rows.ts';

/**
 * The one order in which every writer of statuses (ingest, the sweeper, the alarm store) locks the rows
 * it will change: dongles, then devices, then plants, each by ascending id, and alarms only after them.
 * Taken at the start of a transaction, before any of them is updated, so that two writers meet in the
 * same order and one waits instead of both deadlocking when hundreds of dongles go offline or come back
 * together. A row already held by the transaction costs nothing.
 */
export async function lockStatusRows(
  tx: Tx,
  rows: { dongles?: readonly number[]; devices?: readonly number[]; plants?: readonly number[] },
): Promise<void> {
  for (const table of ['dongles', 'devices', 'plants'] as const) {
    const ids = rows[table];
    if (ids?.length)
      await tx.execute(
        sql`SELECT 1 FROM ${sql.raw(table)} WHERE id = ANY(${intArray(ids)}) ORDER BY id FOR NO KEY UPDATE`,
      );
  }
}

/** The plants of these devices and dongles (to lock them in order before a status refresh). */
export async function plantsOf(
  tx: Tx,
  of: { devices?: readonly number[]; dongles?: readonly number[] },
): Promise<number[]> {
  const rows = await sqlRows<{ plant_id: number }>(
    tx,
    sql`
    SELECT plant_id FROM devices WHERE id = ANY(${intArray(of.devices ?? [])})
    UNION SELECT plant_id FROM dongles WHERE id = ANY(${intArray(of.dongles ?? [])})`,
  );
  return rows.map((r) => r.plant_id);
}
