import { CLOUD_FAULT_CODES } from '@pvstar/contract/alarm';
import type { DeviceKind } from '@pvstar/contract/metrics';
import { sql } from 'drizzle-orm';
import { intArray, textArray, timeArray } from '../../db/arrays.ts';
import type { Db, Tx } from '../../db/client.ts';
import { sqlRows } from '../../db/rows.ts';
import { isDaylight } from '../../domain/daylight.ts';
import { deviceSilent, dongleSilent } from '../../domain/status-sweeper.ts';
import { endAlarms, type NewAlarm, openAlarms } from './alarm-store.ts';

type SilentRow = {
  plant_id: number;
  dongle_id: number;
  device_id: number | null;
  sn: string;
  kind: DeviceKind | null;
  last_seen_at: string | Date;
  plant_type: string;
  latitude: number | null;
  longitude: number | null;
  timezone: string;
};

/**
 * A PV plant without storage goes quiet at night: its inverter (and often the dongle it powers) sleeps.
 * Silence there counts only once the sun is up; a storage plant, and every other device, is watched
 * around the clock.
 */
const sleepsAtNight = (r: SilentRow) =>
  r.plant_type !== 'ENERGY_STORAGE' && (r.device_id === null || r.kind === 'INVERTER');

/**
 * Communication loss (requirements §R6.5, docs/alarms.md): a dongle silent for three of its reporting
 * intervals opens DGL-OFFLINE; a device silent that long while its dongle still reports opens its kind's
 * *-COMM-LOST. A device behind a silent dongle gets no alarm of its own, so a dongle outage is one alarm, not
 * one per device. A device's silence is measured in device time against its dongle's newest message: a dongle
 * uploading the backlog of an outage reports its devices' old readings, which is no silence of theirs. One
 * silence opens at most one alarm, even when a user closed it by hand: the next needs data in between.
 * Returns the ids opened.
 */
export async function detectSilence(db: Db, now = new Date()): Promise<number[]> {
  const rows = await sqlRows<SilentRow>(
    db,
    sql`
    SELECT g.plant_id, g.id AS dongle_id, NULL::int AS device_id, g.sn, NULL AS kind, g.last_seen_at,
      p.type AS plant_type, p.latitude, p.longitude, p.timezone
    FROM dongles g JOIN plants p ON p.id = g.plant_id
    WHERE ${dongleSilent(now)}
      AND NOT EXISTS (SELECT 1 FROM alarms a WHERE a.plant_id = g.plant_id AND a.source_sn = g.sn
        AND a.kind = 'COMM' AND a.started_at >= g.last_seen_at)
    UNION ALL
    SELECT d.plant_id, g.id, d.id, d.sn, d.kind, d.last_seen_at, p.type, p.latitude, p.longitude, p.timezone
    FROM devices d JOIN dongles g ON g.id = d.dongle_id JOIN plants p ON p.id = d.plant_id
    WHERE ${deviceSilent(now)} AND NOT (${dongleSilent(now)})
      AND NOT EXISTS (SELECT 1 FROM alarms a WHERE a.plant_id = d.plant_id AND a.source_sn = d.sn
        AND a.kind = 'COMM' AND a.started_at >= d.last_seen_at)`,
  );
  const alarms: NewAlarm[] = [];
  for (const r of rows) {
    if (sleepsAtNight(r) && !isDaylight(now, r)) continue;
    const kind = r.kind;
    alarms.push({
      plantId: r.plant_id,
      dongleId: r.dongle_id,
      deviceId: r.device_id,
      sourceSn: r.sn,
      deviceType: kind ?? 'DONGLE',
      kind: 'COMM',
      faultCode: kind ? CLOUD_FAULT_CODES.commLost[kind] : CLOUD_FAULT_CODES.dongleOffline,
      startedAt: new Date(r.last_seen_at),
    });
  }
  if (!alarms.length) return [];
  return db.transaction((tx) => openAlarms(tx, alarms));
}

/**
 * Data came back: ends the communication alarms of these devices and dongles at the time of their first
 * message. Called by ingest inside its batch transaction.
 */
export async function endCommAlarms(
  tx: Tx,
  back: { devices?: { id: number; t: Date }[]; dongles?: { sn: string; t: Date }[] },
) {
  if (back.devices?.length)
    await endAlarms(
      tx,
      sql`alarms.kind = 'COMM' AND alarms.device_id = r.d`,
      sql`r.t`,
      'RECOVERED',
      sql`unnest(${intArray(back.devices.map((d) => d.id))}, ${timeArray(back.devices.map((d) => d.t))}) AS r(d, t)`,
    );
  if (back.dongles?.length)
    await endAlarms(
      tx,
      sql`alarms.kind = 'COMM' AND alarms.device_id IS NULL AND alarms.source_sn = r.sn`,
      sql`r.t`,
      'RECOVERED',
      sql`unnest(${textArray(back.dongles.map((d) => d.sn))}, ${timeArray(back.dongles.map((d) => d.t))}) AS r(sn, t)`,
    );
}
