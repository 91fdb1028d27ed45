import type { SetAsideReason } from '@pvstar/contract/reading-quality';
import { sql } from 'drizzle-orm';
import { intArray, timeArray } from '../db/arrays.ts';
import type { Tx } from '../db/client.ts';
import { sqlRows } from '../db/rows.ts';
import {
  type MeterContext,
  meterLimits,
  plantFloor,
  type ReadingDecision,
  type SetAside,
} from '../domain/energy.ts';

/**
 * What metering keeps of its verdicts (decision 031): the readings it set aside and people's decisions on
 * them, in `set_aside_readings`, read and written the same way by ingest and the recomputation.
 */

/** The columns of a device and its plant that bound its meter (energy.ts, meterLimits and plantFloor). */
export interface MeterSource {
  rated_power: number | null;
  installed_capacity: number | string | null;
  storage_capacity: number | string | null;
  build_date: string | Date | null;
  grid_connection_date: string | Date | null;
  timezone: string;
}

/** The select list of MeterSource over devices `d` and plants `p`. */
export const meterSourceColumns = sql.raw(
  'd.rated_power, p.installed_capacity, p.storage_capacity, p.build_date::text AS build_date, p.grid_connection_date::text AS grid_connection_date',
);

const num = (v: number | string | null) => (v === null ? null : Number(v));
const day = (v: string | Date | null) =>
  v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10);

/** A device's meter context from its row and its plant's. */
export function meterContextOf(
  row: MeterSource,
  extra: Pick<MeterContext, 'replacements' | 'decisions'> = {},
): MeterContext {
  return {
    timeZone: row.timezone,
    limits: meterLimits({
      ratedPowerW: row.rated_power,
      installedKwp: num(row.installed_capacity),
      storageKwh: num(row.storage_capacity),
    }),
    floor: plantFloor({
      buildDate: day(row.build_date),
      gridConnectionDate: day(row.grid_connection_date),
      timezone: row.timezone,
    }),
    ...extra,
  };
}

/** Whether the sample `s` is set aside (a row without a person's acceptance): for the neighbour look-ups. */
export const setAsideAt = (s: string) =>
  sql.raw(`EXISTS (SELECT 1 FROM set_aside_readings sa WHERE sa.device_id = ${s}.device_id AND sa.ts = ${s}.ts
    AND sa.decision IS DISTINCT FROM 'ACCEPTED')`);
/** The reason the sample `s` is set aside, or null. */
export const setAsideReasonAt = (s: string) =>
  sql.raw(`(SELECT sa.reason FROM set_aside_readings sa WHERE sa.device_id = ${s}.device_id AND sa.ts = ${s}.ts
    AND sa.decision IS DISTINCT FROM 'ACCEPTED')`);
/** Whether a person has decided on the sample `s`. */
export const decidedAt = (s: string) =>
  sql.raw(`EXISTS (SELECT 1 FROM set_aside_readings sa WHERE sa.device_id = ${s}.device_id AND sa.ts = ${s}.ts
    AND sa.decision IS NOT NULL)`);

/** People's decisions on the devices' readings, by device and time. */
export async function loadDecisions(
  tx: Tx,
  deviceIds: number[],
): Promise<Map<number, Map<number, ReadingDecision>>> {
  const out = new Map<number, Map<number, ReadingDecision>>();
  if (!deviceIds.length) return out;
  const rows = await sqlRows<{
    d: number;
    t: number;
    decision: 'ACCEPTED' | 'REJECTED';
    reason: SetAsideReason;
  }>(
    tx,
    sql`
    SELECT device_id AS d, round(extract(epoch FROM ts) * 1000)::float8 AS t, decision, reason
    FROM set_aside_readings WHERE device_id = ANY(${intArray(deviceIds)}) AND decision IS NOT NULL`,
  );
  for (const r of rows) {
    const m = out.get(r.d) ?? new Map<number, ReadingDecision>();
    m.set(
      r.t,
      r.decision === 'ACCEPTED' ? { decision: 'ACCEPTED' } : { decision: 'REJECTED', reason: r.reason },
    );
    out.set(r.d, m);
  }
  return out;
}

export interface SetAsideRow extends SetAside {
  deviceId: number;
  ts: number;
  /** Only for a sample never stored (BEFORE_PLANT at ingest). */
  data?: Record<string, number>;
}

/** Records set-aside readings; a reading recorded before keeps its decision and takes the new reason. */
export async function writeSetAside(tx: Tx, rows: SetAsideRow[]) {
  if (!rows.length) return;
  await tx.execute(sql`
    INSERT INTO set_aside_readings (device_id, ts, reason, counter, value, reference, data)
    SELECT r.d, r.t, r.reason, r.counter, r.value, r.reference, r.data
    FROM jsonb_to_recordset(${JSON.stringify(
      rows.map((r) => ({
        d: r.deviceId,
        t: new Date(r.ts).toISOString(),
        reason: r.reason,
        counter: r.counter,
        value: r.value,
        reference: r.reference,
        data: r.data ?? null,
      })),
    )}::jsonb) AS r(d int, t timestamptz, reason text, counter text, value float8, reference float8, data jsonb)
    ON CONFLICT (device_id, ts) DO UPDATE SET reason = excluded.reason, counter = excluded.counter,
      value = excluded.value, reference = excluded.reference, data = coalesce(excluded.data, set_aside_readings.data)`);
}

/**
 * Forgets the rule's verdicts on a device's stored readings in [from, to) that a new judgement no longer
 * sets aside (`kept`, written before with writeSetAside: a reading set aside again keeps its row and its
 * `created_at`, which the data-quality alarm dates its episodes by). Decided rows stay (their decision
 * holds), and so do readings never stored (their data is only here).
 */
export async function clearSetAside(
  tx: Tx,
  deviceIds: number[],
  from: number,
  to: number,
  kept: Pick<SetAsideRow, 'deviceId' | 'ts'>[] = [],
) {
  if (!deviceIds.length) return;
  await tx.execute(sql`
    DELETE FROM set_aside_readings sa WHERE sa.device_id = ANY(${intArray(deviceIds)})
      AND sa.ts >= ${new Date(from).toISOString()}::timestamptz AND sa.ts < ${new Date(to).toISOString()}::timestamptz
      AND sa.decision IS NULL AND sa.data IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM unnest(${intArray(kept.map((k) => k.deviceId))}, ${timeArray(kept.map((k) => new Date(k.ts)))}) AS k(d, t)
        WHERE k.d = sa.device_id AND k.t = sa.ts)`);
}
