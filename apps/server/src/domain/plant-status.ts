import { ABNORMAL_LEVELS, FAULT_LEVELS } from '@pvstar/contract/alarm';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The status a reporting device takes from its ongoing alarms (SPEC §3): FAULT for a serious or error
 * alarm, ABNORMAL for a warning, else ONLINE. Communication alarms do not count here: a silent device
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
  await tx.execute(sql`
    UPDATE devices SET status = ${statusFromAlarms(sql`devices.id`)}
    WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(deviceIds)}::jsonb)::int)
      AND status NOT IN ('OFFLINE', 'NOT_CONNECTED')`);
}

/**
 * Re-derives the status of the plants whose devices match `devicesOf` (SPEC §3–4): Fault when a device
 * (or the dongle itself, by an alarm of its own) is in fault, Warning when one is abnormal, Normal when
 * one is online, Offline otherwise.
 */
export async function refreshPlantStatus(tx: Tx, devicesOf: SQL) {
  await tx.execute(sql`
    WITH touched AS (SELECT DISTINCT plant_id FROM devices WHERE ${devicesOf})
    UPDATE plants p SET status = s.status FROM (
      SELECT plant_id, CASE
        WHEN bool_or(status = 'FAULT') THEN 'FAULT'
        WHEN bool_or(status = 'ABNORMAL') THEN 'WARNING'
        WHEN bool_or(status = 'ONLINE') THEN 'NORMAL'
        ELSE 'OFFLINE' END AS status
      FROM (
        SELECT plant_id, status FROM devices WHERE plant_id IN (SELECT plant_id FROM touched)
        UNION ALL
        SELECT plant_id, CASE WHEN alarm_level IN (${list(FAULT_LEVELS)}) THEN 'FAULT'
          WHEN alarm_level IN (${list(ABNORMAL_LEVELS)}) THEN 'ABNORMAL' END
        FROM alarms
        WHERE status = 'ONGOING' AND kind = 'EVENT' AND device_id IS NULL
          AND plant_id IN (SELECT plant_id FROM touched)) x
      GROUP BY plant_id) s
    WHERE p.id = s.plant_id AND p.status <> s.status`);
}

/** `devicesOf` for a list of plant ids. */
export const plantsIn = (ids: number[]) =>
  sql`plant_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`;
