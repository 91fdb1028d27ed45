import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { plantsIn, refreshPlantStatus } from './plant-status.ts';

/** Missed intervals after which a silent device counts as offline (SPEC §3–4). */
export const MISSED_INTERVALS = 3;

/**
 * Marks dongles and devices that stayed silent for three of their reporting intervals OFFLINE (a device
 * in fault too: silence is the more pressing news; its fault alarm stays and counts again once it
 * reports), and re-derives the status of the plants concerned. Returns how many devices went offline.
 */
export async function sweepStale(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE dongles SET status = 'OFFLINE'
      WHERE status = 'ONLINE' AND last_seen_at < ${now.toISOString()}::timestamptz - make_interval(secs => interval_seconds * ${MISSED_INTERVALS})`);
    const gone = await tx.execute(sql`
      UPDATE devices d SET status = 'OFFLINE'
      FROM dongles g
      WHERE g.id = d.dongle_id AND d.status IN ('ONLINE', 'ABNORMAL', 'FAULT')
        AND (d.last_seen_at IS NULL OR d.last_seen_at < ${now.toISOString()}::timestamptz - make_interval(secs => g.interval_seconds * ${MISSED_INTERVALS}))
      RETURNING d.plant_id`);
    const plantIds = [...new Set((gone.rows as { plant_id: number }[]).map((r) => r.plant_id))];
    if (plantIds.length) await refreshPlantStatus(tx, plantsIn(plantIds));
    return gone.rows.length;
  });
}
