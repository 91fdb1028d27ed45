import { sql } from 'drizzle-orm';
import { intArray } from '../db/arrays.ts';
import type { Db } from '../db/client.ts';
import { sqlRows } from '../db/rows.ts';
import { MISSED_INTERVALS, reportingInterval } from './missed-intervals.ts';
import { refreshPlantStatus } from './plant-status.ts';
import { refreshPowerNow } from './power-now-rollup.ts';
import { lockStatusRows } from './status-locks.ts';

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** The dongle `g` has sent nothing for three of its intervals (its messages' arrival, server time). */
export const dongleSilent = (now: Date) => sql`g.offline_after < ${at(now)}`;

/**
 * The device `d` has given no reading for three intervals of its dongle `g`, in device time against the
 * dongle's newest message: a dongle uploading the backlog of an outage (old readings, oldest first) or
 * with a clock behind does not make its devices look silent while it reports.
 */
export const deviceSilent = (now: Date) =>
  sql`d.last_seen_at < LEAST(${at(now)}, g.last_telemetry_at) - make_interval(secs => ${reportingInterval()} * ${MISSED_INTERVALS})`;

const REPORTING = sql`('ONLINE', 'ABNORMAL', 'FAULT')`;

/**
 * Marks dongles and devices that stayed silent for three of their reporting intervals OFFLINE (a device
 * in fault too: silence is the more pressing news; its fault alarm stays and counts again once it
 * reports), and re-derives the status of the plants concerned. Returns how many devices went offline.
 * The candidates come from the deadline indexes (0025), so a sweep reads the silent rows, not the fleet;
 * they are locked in the one order of status-locks.ts and judged again once locked.
 */
export async function sweepStale(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const silent = (
      await sqlRows<{ id: number }>(
        tx,
        sql`
        SELECT g.id FROM dongles g WHERE g.status = 'ONLINE' AND ${dongleSilent(now)}
        ORDER BY g.id FOR NO KEY UPDATE`,
      )
    ).map((r) => r.id);
    if (silent.length)
      await tx.execute(sql`UPDATE dongles SET status = 'OFFLINE' WHERE id = ANY(${intArray(silent)})`);
    // A device is offline with its dongle, or when it alone has stopped giving readings (its deadline,
    // in device time, is behind the server's clock: a necessary condition the index can answer).
    const candidates = await sqlRows<{ id: number }>(
      tx,
      sql`
      SELECT id FROM devices WHERE dongle_id = ANY(${intArray(silent)}) AND status IN ${REPORTING}
      UNION
      SELECT id FROM devices WHERE offline_after < ${at(now)} AND status IN ${REPORTING}`,
    );
    // Every round also rewrites the power-now rows whose figures time alone has made stale.
    if (!candidates.length) return refreshPowerNow(tx, { stale: true }, now).then(() => 0);
    const ids = candidates.map((r) => r.id);
    await lockStatusRows(tx, { devices: ids });
    const gone = await sqlRows<{ plant_id: number }>(
      tx,
      sql`
      UPDATE devices d SET status = 'OFFLINE'
      FROM dongles g
      WHERE d.id = ANY(${intArray(ids)}) AND g.id = d.dongle_id AND d.status IN ${REPORTING}
        AND (d.last_seen_at IS NULL OR ${dongleSilent(now)} OR ${deviceSilent(now)})
      RETURNING d.plant_id`,
    );
    const plantIds = [...new Set(gone.map((r) => r.plant_id))];
    await refreshPlantStatus(tx, plantIds);
    await refreshPowerNow(tx, { plantIds, stale: true }, now);
    return gone.length;
  });
}
