import { CLOUD_FAULT_CODES } from '@pvstar/contract/alarm';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRow, sqlRows } from '../../db/rows.ts';
import { endAlarms, openAlarms } from './alarm-store.ts';

/** A flooding episode is over once the dongle has kept to its limits this long. */
export const FLOOD_QUIET_MINUTES = 10;

const code = CLOUD_FAULT_CODES.dongleFlooding;

/**
 * A dongle went over one of its limits of the minute (ingest/flood-guard.ts: at most once a minute per
 * dongle and ingest process). One DGL-FLOOD alarm per episode: an ongoing one only takes the time as its
 * latest, and one a user closed less than FLOOD_QUIET_MINUTES ago is not opened again (the flood it was
 * about may still be going on). Opening it queues its mail and webhook like any other alarm; the repeats
 * queue nothing.
 */
export async function reportFlooding(
  db: Db,
  dongleSn: string,
  at: Date,
): Promise<'opened' | 'repeated' | 'ignored'> {
  const ts = sql`${at.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    const dongle = await sqlRow<{ id: number; plant_id: number }>(
      tx,
      sql`SELECT id, plant_id FROM dongles WHERE sn = ${dongleSn}`,
    );
    // A serial the registry does not know (an external broker's own client): nothing to alarm.
    if (!dongle) return 'ignored';
    const same = sql`alarms.plant_id = ${dongle.plant_id} AND alarms.source_sn = ${dongleSn} AND alarms.fault_code = ${code}`;
    const repeated = await sqlRows(
      tx,
      sql`
      UPDATE alarms SET latest_at = GREATEST(latest_at, ${ts})
      WHERE status = 'ONGOING' AND ${same} RETURNING id`,
    );
    if (repeated.length) return 'repeated';
    const closed = await sqlRow(
      tx,
      sql`
      SELECT 1 FROM alarms WHERE ${same} AND ended_at >= ${ts} - make_interval(mins => ${FLOOD_QUIET_MINUTES})
      LIMIT 1`,
    );
    if (closed) return 'ignored';
    const opened = await openAlarms(tx, [
      {
        plantId: dongle.plant_id,
        dongleId: dongle.id,
        deviceId: null,
        sourceSn: dongleSn,
        deviceType: 'DONGLE',
        kind: 'FLOOD',
        faultCode: code,
        startedAt: at,
      },
    ]);
    return opened.length ? 'opened' : 'repeated';
  });
}

/**
 * Ends the flooding alarms of dongles that have kept to their limits for FLOOD_QUIET_MINUTES (RECOVERED),
 * dated at the last time they went over. Every ingest process that saw the flood moves the latest time,
 * so the alarm ends only when all of them are quiet. The jobs role runs it (alarm-watch.ts).
 */
export async function endFloodAlarms(db: Db, now = new Date()): Promise<number[]> {
  return db.transaction((tx) =>
    endAlarms(
      tx,
      sql`alarms.kind = 'FLOOD' AND alarms.latest_at < ${now.toISOString()}::timestamptz - make_interval(mins => ${FLOOD_QUIET_MINUTES})`,
      sql`alarms.latest_at`,
      'RECOVERED',
    ),
  );
}
