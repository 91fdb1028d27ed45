import type { AlarmEndReason, AlarmKind } from '@pvstar/contract/alarm';
import type { FaultDeviceType } from '@pvstar/contract/fault-code';
import { type SQL, sql } from 'drizzle-orm';
import { intArray } from '../../db/arrays.ts';
import type { Tx } from '../../db/client.ts';
import { sqlRows } from '../../db/rows.ts';
import { refreshDeviceStatus, refreshPlantStatus } from '../../domain/plant-status.ts';
import { refreshPowerNow } from '../../domain/power-now-rollup.ts';
import { lockStatusRows } from '../../domain/status-locks.ts';
import { alarmEventData, emitWebhookEvents } from '../../domain/webhook-events.ts';
import { queueAlarmMail } from './alarm-notify.ts';

/** What the engine knows when it opens an alarm; level and texts come from the fault code library. */
export interface NewAlarm {
  plantId: number;
  dongleId: number | null;
  deviceId: number | null;
  sourceSn: string;
  deviceType: FaultDeviceType;
  kind: AlarmKind;
  faultCode: string;
  startedAt: Date;
}

type Touched = { id: number; plant_id: number; device_id: number | null };

/**
 * Opens alarms; one that is already ongoing for the same plant, source and code stays as it is (the
 * partial unique index decides, also between ingest processes). A code missing from the library opens
 * at level GENERAL. Recipients' mail is queued and statuses re-derived in the same transaction.
 * Returns the ids of the alarms actually opened.
 */
export async function openAlarms(tx: Tx, rows: NewAlarm[]): Promise<number[]> {
  if (!rows.length) return [];
  await lockStatusRows(tx, {
    devices: rows.flatMap((r) => (r.deviceId === null ? [] : [r.deviceId])),
    plants: rows.map((r) => r.plantId),
  });
  const json = JSON.stringify(rows.map((r) => ({ ...r, startedAt: r.startedAt.toISOString() })));
  const touched = await sqlRows<Touched>(
    tx,
    sql`
    INSERT INTO alarms (plant_id, dongle_id, device_id, source_sn, device_type, kind, fault_code, alarm_level,
      started_at, latest_at)
    SELECT r."plantId", r."dongleId", r."deviceId", r."sourceSn", r."deviceType", r.kind, r."faultCode",
      coalesce(f.alarm_level, 'GENERAL'), r."startedAt", r."startedAt"
    FROM jsonb_to_recordset(${json}::jsonb) AS r("plantId" int, "dongleId" int, "deviceId" int, "sourceSn" text,
      "deviceType" text, kind text, "faultCode" text, "startedAt" timestamptz)
    LEFT JOIN fault_codes f ON f.fault_code = r."faultCode"
    ON CONFLICT (plant_id, source_sn, fault_code) WHERE status = 'ONGOING' DO NOTHING
    RETURNING id, plant_id, device_id`,
  );
  if (!touched.length) return [];
  const ids = touched.map((r) => r.id);
  await queueAlarmMail(tx, ids);
  await emitWebhookEvents(
    tx,
    sql`SELECT a.plant_id, 'alarm.raised', ${alarmEventData} FROM alarms a WHERE a.id = ANY(${intArray(ids)})`,
  );
  await refreshStatuses(tx, touched);
  return ids;
}

/**
 * Ends the ongoing alarms matching `where` (a predicate on `alarms`, and on `from` when given) at `endedAt`
 * (SQL, may refer to the alarm's own columns), and re-derives the statuses they held up. The devices and
 * plants concerned are locked before the alarms (status-locks.ts). Returns the ended ids.
 */
export async function endAlarms(
  tx: Tx,
  where: SQL,
  endedAt: SQL,
  reason: AlarmEndReason,
  from?: SQL,
): Promise<number[]> {
  const candidates = await sqlRows<Touched>(
    tx,
    sql`
    SELECT DISTINCT alarms.id, alarms.plant_id, alarms.device_id FROM alarms ${from ? sql`, ${from}` : sql``}
    WHERE alarms.status = 'ONGOING' AND ${where}`,
  );
  if (!candidates.length) return [];
  await lockStatusRows(tx, statusRowsOf(candidates));
  const touched = await sqlRows<Touched>(
    tx,
    sql`
    UPDATE alarms SET status = 'ENDED', ended_at = GREATEST(alarms.started_at, ${endedAt}),
      latest_at = GREATEST(alarms.latest_at, ${endedAt}), end_reason = ${reason}
    ${from ? sql`FROM ${from}` : sql``}
    WHERE alarms.id = ANY(${intArray(candidates.map((r) => r.id))}) AND alarms.status = 'ONGOING' AND ${where}
    RETURNING alarms.id, alarms.plant_id, alarms.device_id`,
  );
  if (!touched.length) return [];
  const ids = touched.map((r) => r.id);
  await emitWebhookEvents(
    tx,
    sql`SELECT a.plant_id, 'alarm.ended', ${alarmEventData} FROM alarms a WHERE a.id = ANY(${intArray(ids)})`,
  );
  await refreshStatuses(tx, touched);
  return ids;
}

const statusRowsOf = (touched: Touched[]) => ({
  devices: [...new Set(touched.map((r) => r.device_id).filter((id): id is number => id !== null))],
  plants: [...new Set(touched.map((r) => r.plant_id))],
});

async function refreshStatuses(tx: Tx, touched: Touched[]) {
  const rows = statusRowsOf(touched);
  await refreshDeviceStatus(tx, rows.devices);
  await refreshPlantStatus(tx, rows.plants);
  await refreshPowerNow(tx, { plantIds: rows.plants }, new Date());
}
