import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Re-derives the status of the plants whose devices match `devicesOf` (SPEC §3–4): Fault when a device
 * is in fault, Warning when one is abnormal, Normal when one is online, Offline otherwise.
 */
export async function refreshPlantStatus(tx: Pick<Db, 'execute'>, devicesOf: SQL) {
  await tx.execute(sql`
    UPDATE plants p SET status = s.status FROM (
      SELECT plant_id, CASE
        WHEN bool_or(status = 'FAULT') THEN 'FAULT'
        WHEN bool_or(status = 'ABNORMAL') THEN 'WARNING'
        WHEN bool_or(status = 'ONLINE') THEN 'NORMAL'
        ELSE 'OFFLINE' END AS status
      FROM devices
      WHERE plant_id IN (SELECT plant_id FROM devices WHERE ${devicesOf})
      GROUP BY plant_id) s
    WHERE p.id = s.plant_id AND p.status <> s.status`);
}

/** `devicesOf` for a list of plant ids. */
export const plantsIn = (ids: number[]) =>
  sql`plant_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`;
