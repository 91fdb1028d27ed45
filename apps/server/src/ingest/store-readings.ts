import { DAY_MS, localMidnight } from '@pvstar/contract/calendar';
import { sql } from 'drizzle-orm';
import { intArray } from '../db/arrays.ts';
import type { Tx } from '../db/client.ts';
import { sqlRows } from '../db/rows.ts';
import { localDay } from '../domain/calendar.ts';
import { loadPriceBooks } from '../domain/tariff-book.ts';
import type { LockedDevice } from './batch-rows.ts';
import type { BatchMeter, NeighbourRow } from './energy-batch.ts';
import { remeterDevices } from './energy-recompute.ts';
import {
  availableAt,
  countersIn,
  countersOf,
  type DeviceDayRow,
  epochMs,
  storedHasCounters,
} from './energy-rollup.ts';
import { decidedAt, setAsideAt, setAsideReasonAt } from './meter-store.ts';

/** How a telemetry batch's samples reach the database and its meters (ingest.ts, decisions 012 and 031). */

/**
 * Stores a batch's samples (a repeated (device, ts) is no-op) and each device's newest values, and answers
 * the stored readings of the metering inverters `meterIds` with their neighbours (energy-batch.ts,
 * NeighbourRow); the first row's `stored` counts the samples stored.
 */
export async function storeSamples(
  tx: Tx,
  samples: { deviceId: number; ts: number; data: Record<string, number> }[],
  meterIds: number[],
): Promise<NeighbourRow[]> {
  // One parse of the batch feeds the samples and each device's newest reading.
  const rows = JSON.stringify(
    samples.map((s) => ({ d: s.deviceId, t: new Date(s.ts).toISOString(), v: s.data })),
  );
  // The inverters' rows are locked (lockBatchRows), so that one writer at a time meters each (ingest
  // workers sharing a subscription, the recomputation): the insert below sees every reading committed
  // before it, or two neighbours would both be measured from the same earlier one.
  // The stored readings of the inverters, each with the device's readings just before and after it as
  // they were before this statement (its snapshot): the neighbours whose energy a reading changes.
  return sqlRows<NeighbourRow>(
    tx,
    sql`
    WITH r AS (SELECT * FROM jsonb_to_recordset(${rows}::jsonb) AS r(d int, t timestamptz, v jsonb)),
    stored AS (
    INSERT INTO telemetry_samples (device_id, ts, data) SELECT d, t, v FROM r
    ON CONFLICT DO NOTHING RETURNING device_id, ts, data),
    latest AS (
    INSERT INTO device_latest (device_id, ts, data) SELECT DISTINCT ON (d) d, t, v FROM r ORDER BY d, t DESC
    ON CONFLICT (device_id) DO UPDATE SET ts = excluded.ts, data = excluded.data
    WHERE device_latest.ts < excluded.ts),
    n AS (SELECT count(*)::int AS stored FROM stored)
    SELECT n.stored, m.* FROM n LEFT JOIN (
    SELECT s.device_id AS d, ${epochMs(sql`s.ts`)} AS t, ${countersOf('s.data')} AS v,
      ${epochMs(sql`p.ts`)} AS pt, p.v AS pv, p.r AS pr, ${epochMs(sql`g.ts`)} AS gt, g.v AS gv,
      ${epochMs(sql`x.ts`)} AS nt, x.v AS nv, x.r AS nr, x.decided AS nd, ${availableAt('s')} AS a
    FROM stored s
    LEFT JOIN LATERAL (
      SELECT q.ts, ${countersOf('q.data')} AS v, ${setAsideReasonAt('q')} AS r FROM telemetry_samples q
      WHERE q.device_id = s.device_id AND q.ts < s.ts AND ${countersIn('q')}
        -- Never a reading of the device this one replaced (decision 024).
        AND q.ts >= coalesce((SELECT sn_since FROM devices WHERE id = s.device_id), '-infinity')
      ORDER BY q.ts DESC LIMIT 1) p ON true
    -- Only where the reading before was set aside: the last accepted one, which metering measures from.
    LEFT JOIN LATERAL (
      SELECT q.ts, ${countersOf('q.data')} AS v FROM telemetry_samples q
      WHERE p.r IS NOT NULL AND q.device_id = s.device_id AND q.ts < p.ts AND ${countersIn('q')}
        AND q.ts >= coalesce((SELECT sn_since FROM devices WHERE id = s.device_id), '-infinity')
        AND NOT ${setAsideAt('q')}
      ORDER BY q.ts DESC LIMIT 1) g ON true
    LEFT JOIN LATERAL (
      SELECT q.ts, ${countersOf('q.data')} AS v, ${setAsideReasonAt('q')} AS r, ${decidedAt('q')} AS decided
      FROM telemetry_samples q
      WHERE q.device_id = s.device_id AND q.ts > s.ts AND ${countersIn('q')} ORDER BY q.ts LIMIT 1) x ON true
    WHERE s.device_id = ANY(${intArray(meterIds)}) AND ${storedHasCounters}) m ON true`,
  );
}

/**
 * Meters devices again from raw samples, each from the local day of its earliest new reading on, where a
 * batch's readings change the verdict on stored readings after them (energy-batch.ts, meterBatch).
 */
export async function remeterFrom(
  tx: Tx,
  from: Map<number, number>,
  meters: Map<number, BatchMeter>,
  sources: Map<number, LockedDevice>,
  nowMs: number,
): Promise<DeviceDayRow[]> {
  const out: DeviceDayRow[] = [];
  for (const [deviceId, ts] of from) {
    const { place, plantId } = meters.get(deviceId)!;
    const start = localMidnight(localDay(ts, place.timezone), place.timezone);
    const book = (await loadPriceBooks(tx, [plantId], start, nowMs + DAY_MS)).get(plantId)!;
    const device = { ...sources.get(deviceId)!, id: deviceId };
    out.push(...(await remeterDevices(tx, { place, book, devices: [device], from: start, to: Infinity })));
  }
  return out;
}
