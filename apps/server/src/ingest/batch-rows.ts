import { sql } from 'drizzle-orm';
import { intArray, textArray, timeArray } from '../db/arrays.ts';
import type { Tx } from '../db/client.ts';
import { sqlRows } from '../db/rows.ts';
import { lockStatusRows } from '../domain/status-locks.ts';
import { type MeterSource, meterSourceColumns } from './meter-store.ts';

/**
 * What a telemetry batch does to the rows of its dongles and devices besides storing samples: lock them in
 * the one order before statuses change, and learn each dongle's reporting interval (ingest.ts).
 */

/** Bounds of a learnt reporting interval, seconds. */
const MIN_INTERVAL_S = 5;
const MAX_INTERVAL_S = 3600;

/** A device row as the batch locks it, with its plant's place as it stands now. */
export interface LockedDevice extends MeterSource {
  id: number;
  sn: string;
  sn_since: string | Date | null;
  plant_id: number;
  dongle_id: number;
  timezone: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Locks the rows of statuses the batch may change, in the one order (status-locks.ts): its dongles, its
 * devices with those of the dongles going offline, then their plants. Answers the devices' rows, the
 * dongles' ids by serial, the offline dongles' ids and the plants of their devices.
 */
export async function lockBatchRows(
  tx: Tx,
  batch: { dongleSns: string[]; deviceIds: number[]; offlineDongleSns: string[] },
) {
  const dongleRows = await sqlRows<{ id: number; sn: string; plant_id: number }>(
    tx,
    sql`
    SELECT id, sn, plant_id FROM dongles WHERE sn = ANY(${textArray(batch.dongleSns)})
    ORDER BY id FOR NO KEY UPDATE`,
  );
  const going = new Set(batch.offlineDongleSns);
  const offlineDongles = dongleRows.filter((r) => going.has(r.sn)).map((r) => r.id);
  const deviceRows = await sqlRows<LockedDevice>(
    tx,
    sql`
    SELECT d.id, d.sn, d.sn_since, d.plant_id, d.dongle_id, p.timezone, p.latitude, p.longitude, ${meterSourceColumns}
    FROM devices d JOIN plants p ON p.id = d.plant_id
    WHERE d.id = ANY(${intArray(batch.deviceIds)}) OR d.dongle_id = ANY(${intArray(offlineDongles)})
    ORDER BY d.id FOR NO KEY UPDATE OF d`,
  );
  const plants = new Set([...dongleRows, ...deviceRows].map((r) => r.plant_id));
  await lockStatusRows(tx, { plants: [...plants] });
  const offline = new Set(offlineDongles);
  return {
    devices: deviceRows,
    dongleIds: new Map(dongleRows.map((r) => [r.sn, r.id])),
    offlineDongles,
    offlinePlants: [...new Set(deviceRows.filter((r) => offline.has(r.dongle_id)).map((r) => r.plant_id))],
  };
}

/**
 * Each dongle's reporting interval, learnt from the spacing of its messages (device time), so that
 * "offline after three missed intervals" fits a dongle sending every 10 s as well as every 5 min.
 * A moving average that counts a gap at most four intervals long: an outage nudges it, it does not
 * reset it; a late or repeated message (older than the newest) teaches nothing. The last two gaps are
 * kept too: the sweeper waits for the learnt interval or the smaller gap, whichever is longer (reportingInterval), so a dongle slower than it was
 * registered is not swept offline between its messages while the average catches up. Reporting also
 * makes the dongle online and seen, in the same update.
 */
export async function learnIntervals(tx: Tx, telemetry: { sn: string; ts: number }[], nowMs: number) {
  const byDongle = new Map<string, { first: number; last: number; times: Set<number> }>();
  for (const s of telemetry) {
    const d = byDongle.get(s.sn) ?? { first: s.ts, last: s.ts, times: new Set<number>() };
    d.first = Math.min(d.first, s.ts);
    d.last = Math.max(d.last, s.ts);
    d.times.add(s.ts);
    byDongle.set(s.sn, d);
  }
  const rows = [...byDongle];
  await tx.execute(sql`
    UPDATE dongles d SET
      status = 'ONLINE',
      last_seen_at = ${new Date(nowMs).toISOString()}::timestamptz,
      interval_seconds = CASE WHEN x.gap IS NULL OR x.gap < 1 THEN d.interval_seconds
        ELSE LEAST(${MAX_INTERVAL_S}, GREATEST(${MIN_INTERVAL_S},
          round(0.7 * d.interval_seconds + 0.3 * LEAST(x.gap, 4 * d.interval_seconds))))::int END,
      last_gap_seconds = CASE WHEN x.gap IS NULL OR x.gap < 1 THEN d.last_gap_seconds
        ELSE LEAST(${MAX_INTERVAL_S}, round(x.gap))::int END,
      previous_gap_seconds = CASE WHEN x.gap IS NULL OR x.gap < 1 THEN d.previous_gap_seconds
        ELSE d.last_gap_seconds END,
      last_telemetry_at = GREATEST(d.last_telemetry_at, x.last)
    FROM (
      SELECT dg.id, r.last, CASE
        WHEN dg.last_telemetry_at < r.first THEN extract(epoch FROM r.last - dg.last_telemetry_at) / r.n
        WHEN r.n > 1 THEN extract(epoch FROM r.last - r.first) / (r.n - 1) END AS gap
      FROM unnest(${textArray(rows.map(([sn]) => sn))}, ${timeArray(rows.map(([, d]) => new Date(d.first)))},
        ${timeArray(rows.map(([, d]) => new Date(d.last)))}, ${intArray(rows.map(([, d]) => d.times.size))})
        AS r(sn, first, last, n)
      JOIN dongles dg ON dg.sn = r.sn) x
    WHERE d.id = x.id`);
}
