import { ABNORMAL_LEVELS, FAULT_LEVELS } from '@pvstar/contract/alarm';
import { type SQL, sql } from 'drizzle-orm';
import { intArray } from '../db/arrays.ts';
import type { Tx } from '../db/client.ts';
import { lockStatusRows } from './status-locks.ts';
import { webhookInsert } from './webhook-events.ts';

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The status a reporting device takes from its ongoing alarms (requirements §R6.5): FAULT for a serious or
 * error alarm, ABNORMAL for a warning, else ONLINE. Communication alarms do not count here: a silent device
 * is OFFLINE, which the sweeper decides.
 */
export const statusFromAlarms = (deviceId: SQL) => sql`coalesce((
  SELECT CASE
    WHEN bool_or(a.alarm_level IN (${list(FAULT_LEVELS)})) THEN 'FAULT'
    WHEN bool_or(a.alarm_level IN (${list(ABNORMAL_LEVELS)})) THEN 'ABNORMAL' END
  FROM alarms a WHERE a.device_id = ${deviceId} AND a.status = 'ONGOING' AND a.kind <> 'COMM'), 'ONLINE')`;

/** Re-derives the status of the given devices that are reporting (offline ones stay offline). */
export async function refreshDeviceStatus(tx: Tx, deviceIds: number[]) {
  if (!deviceIds.length) return;
  await lockStatusRows(tx, { devices: deviceIds });
  await tx.execute(sql`
    UPDATE devices SET status = ${statusFromAlarms(sql`devices.id`)}
    WHERE id = ANY(${intArray(deviceIds)}) AND status NOT IN ('OFFLINE', 'NOT_CONNECTED')`);
}

/**
 * Re-derives the status of these plants (requirements §R5.7): Fault when a device (or the dongle itself, by
 * an alarm of its own) is in fault, Warning when one is abnormal, Normal when one is online, Offline
 * otherwise. By plant id only, so that it reads just their devices and alarms through the indexes.
 */
export async function refreshPlantStatus(tx: Tx, plantIds: number[]) {
  if (!plantIds.length) return;
  await lockStatusRows(tx, { plants: plantIds });
  const ids = intArray(plantIds);
  // A plant going offline or coming back is a webhook event, in the same statement (webhook-events.ts).
  await tx.execute(sql`
    WITH changed AS (
    UPDATE plants p SET status = s.status FROM (
      SELECT plant_id, CASE
        WHEN bool_or(status = 'FAULT') THEN 'FAULT'
        WHEN bool_or(status = 'ABNORMAL') THEN 'WARNING'
        WHEN bool_or(status = 'ONLINE') THEN 'NORMAL'
        ELSE 'OFFLINE' END AS status
      FROM (
        SELECT plant_id, status FROM devices WHERE plant_id = ANY(${ids})
        UNION ALL
        SELECT plant_id, CASE WHEN alarm_level IN (${list(FAULT_LEVELS)}) THEN 'FAULT'
          WHEN alarm_level IN (${list(ABNORMAL_LEVELS)}) THEN 'ABNORMAL' END
        FROM alarms
        WHERE status = 'ONGOING' AND kind = 'EVENT' AND device_id IS NULL AND plant_id = ANY(${ids})) x
      GROUP BY plant_id) s,
      (SELECT id, status AS old_status FROM plants WHERE id = ANY(${ids})) o
    WHERE p.id = s.plant_id AND o.id = p.id AND p.status <> s.status
    RETURNING p.id, o.old_status, p.status)
    ${webhookInsert(sql`
      SELECT c.id, CASE WHEN c.status = 'OFFLINE' THEN 'plant.offline' ELSE 'plant.online' END,
        jsonb_build_object('status', c.status, 'previousStatus', c.old_status, 'at', now())
      FROM changed c WHERE (c.status = 'OFFLINE') <> (c.old_status = 'OFFLINE')`)}`);
}
