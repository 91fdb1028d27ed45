import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sqlRows } from '../db/rows.ts';
import { MISSED_INTERVALS } from './missed-intervals.ts';
import { plantsIn, refreshPlantStatus } from './plant-status.ts';
import { refreshPowerNow } from './power-now-rollup.ts';

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** The dongle `g` has sent nothing for three of its intervals (its messages' arrival, server time). */
export const dongleSilent = (now: Date) =>
  sql`g.last_seen_at < ${at(now)} - make_interval(secs => g.interval_seconds * ${MISSED_INTERVALS})`;

/**
 * The device `d` has given no reading for three intervals of its dongle `g`, in device time against the
 * dongle's newest message: a dongle uploading the backlog of an outage (old readings, oldest first) or
 * with a clock behind does not make its devices look silent while it reports.
 */
export const deviceSilent = (now: Date) =>
  sql`d.last_seen_at < LEAST(${at(now)}, g.last_telemetry_at) - make_interval(secs => g.interval_seconds * ${MISSED_INTERVALS})`;

/**
 * Marks dongles and devices that stayed silent for three of their reporting intervals OFFLINE (a device
 * in fault too: silence is the more pressing news; its fault alarm stays and counts again once it
 * reports), and re-derives the status of the plants concerned. Returns how many devices went offline.
 */
export async function sweepStale(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE dongles g SET status = 'OFFLINE' WHERE g.status = 'ONLINE' AND ${dongleSilent(now)}`);
    // A device is offline with its dongle, or when it alone has stopped giving readings.
    const gone = await sqlRows<{ plant_id: number }>(
      tx,
      sql`
      UPDATE devices d SET status = 'OFFLINE'
      FROM dongles g
      WHERE g.id = d.dongle_id AND d.status IN ('ONLINE', 'ABNORMAL', 'FAULT')
        AND (d.last_seen_at IS NULL OR ${dongleSilent(now)} OR ${deviceSilent(now)})
      RETURNING d.plant_id`,
    );
    const plantIds = [...new Set(gone.map((r) => r.plant_id))];
    if (plantIds.length) await refreshPlantStatus(tx, plantsIn(plantIds));
    await refreshPowerNow(tx, { plantIds, stale: true }, now);
    return gone.length;
  });
}
