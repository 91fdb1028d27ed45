import { CLOUD_FAULT_CODES } from '@pvstar/contract/alarm';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/rows.ts';
import { endAlarms, type NewAlarm, openAlarms } from './alarm-store.ts';

/** An episode of implausible readings is over once the inverter has had none set aside for this long. */
export const READINGS_QUIET_HOURS = 24;

const code = CLOUD_FAULT_CODES.implausibleReadings;

/**
 * The data-quality alarm (docs/alarms.md): an inverter whose readings metering set aside (decision 031)
 * opens one INV-IMPLAUSIBLE per episode, not one per reading. An episode starts with the first undecided
 * set-aside reading recorded after the device's previous episode ended (so an alarm a user closed opens
 * again only for readings set aside after that), takes the newest such reading's time as its latest, and
 * ends once the inverter has had none for READINGS_QUIET_HOURS (RECOVERED, dated at the last one) or a
 * person has decided on all of them (CLOSED). Only inverters: theirs are the counters metering judges; the
 * BEFORE_PLANT readings of other devices are listed on their detail. The jobs role runs it (alarm-watch.ts).
 */
export async function watchImplausibleReadings(db: Db, now = new Date()) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const since = sql`${at} - make_interval(hours => ${READINGS_QUIET_HOURS})`;
  // What each inverter had set aside lately and nobody decided on (set_aside_readings_open_idx).
  const recent = sql`
    SELECT sa.device_id, max(sa.created_at) AS last
    FROM set_aside_readings sa
    WHERE sa.decision IS NULL AND sa.created_at > ${since}
    GROUP BY sa.device_id`;

  const decided = await db.transaction((tx) =>
    endAlarms(
      tx,
      sql`alarms.kind = 'DATA_QUALITY' AND NOT EXISTS (SELECT 1 FROM set_aside_readings sa
        WHERE sa.device_id = alarms.device_id AND sa.decision IS NULL)`,
      at,
      'CLOSED',
    ),
  );
  await db.execute(sql`
    UPDATE alarms SET latest_at = GREATEST(alarms.latest_at, r.last)
    FROM (${recent}) r
    WHERE alarms.status = 'ONGOING' AND alarms.kind = 'DATA_QUALITY' AND alarms.device_id = r.device_id
      AND alarms.latest_at < r.last`);
  const quiet = await db.transaction((tx) =>
    endAlarms(
      tx,
      sql`alarms.kind = 'DATA_QUALITY' AND alarms.latest_at <= ${since}`,
      sql`alarms.latest_at`,
      'RECOVERED',
    ),
  );

  const found = await sqlRows<{
    device_id: number;
    sn: string;
    plant_id: number;
    dongle_id: number;
    first: Date | string;
  }>(
    db,
    sql`
    SELECT d.id AS device_id, d.sn, d.plant_id, d.dongle_id, n.first
    FROM (${recent}) r
    JOIN devices d ON d.id = r.device_id AND d.kind = 'INVERTER'
    -- The device's previous episode (alarms_source_idx), and its first reading set aside after that one.
    CROSS JOIN LATERAL (SELECT max(a.ended_at) AS ended FROM alarms a
      WHERE a.plant_id = d.plant_id AND a.source_sn = d.sn AND a.fault_code = ${code}) e
    CROSS JOIN LATERAL (SELECT min(sa.created_at) AS first FROM set_aside_readings sa
      WHERE sa.device_id = d.id AND sa.decision IS NULL AND sa.created_at > ${since}
        AND sa.created_at > coalesce(e.ended, '-infinity')) n
    WHERE n.first IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM alarms a WHERE a.plant_id = d.plant_id AND a.source_sn = d.sn
        AND a.fault_code = ${code} AND a.status = 'ONGOING')`,
  );
  // Opened with the first reading as its latest; the next run moves that on to the newest.
  if (!found.length) return { opened: [] as number[], ended: [...decided, ...quiet] };
  const opened = await db.transaction((tx) =>
    openAlarms(
      tx,
      found.map(
        (r): NewAlarm => ({
          plantId: r.plant_id,
          dongleId: r.dongle_id,
          deviceId: r.device_id,
          sourceSn: r.sn,
          deviceType: 'INVERTER',
          kind: 'DATA_QUALITY',
          faultCode: code,
          startedAt: new Date(r.first),
        }),
      ),
    ),
  );
  return { opened, ended: [...decided, ...quiet] };
}
