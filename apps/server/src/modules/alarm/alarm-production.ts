import { CLOUD_FAULT_CODES } from '@pvstar/contract/alarm';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/rows.ts';
import { isDaylight } from '../../domain/daylight.ts';
import { MISSED_INTERVALS, reportingInterval } from '../../domain/missed-intervals.ts';
import { endAlarms, type NewAlarm, openAlarms } from './alarm-store.ts';

/** How long an inverter must report no PV power in daylight before it counts as not producing. */
export const NO_PRODUCTION_WINDOW_MS = 30 * 60_000;
/** "No power": at most this share of the plant's rated PV power (overcast daylight gives far more). */
export const NO_PRODUCTION_SHARE = 0.005;
/** Samples the window must hold, so that a device just back online is not judged on one reading. */
const MIN_SAMPLES = 3;

type Candidate = {
  device_id: number;
  sn: string;
  plant_id: number;
  dongle_id: number;
  latitude: number | null;
  longitude: number | null;
  timezone: string;
  threshold: number;
};

/**
 * "No production": an inverter that reports, in daylight at its plant, and has delivered no PV power
 * over the last half hour opens INV-NO-PROD; it ends when PV power comes back. Nothing is raised at
 * night (the sun below DAYLIGHT_ALTITUDE now or at the start of the window), and not for an inverter
 * already in FAULT: its fault alarm says why it stands still.
 */
export async function detectNoProduction(db: Db, now = new Date()) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const threshold = sql`p.installed_capacity * 1000 * ${NO_PRODUCTION_SHARE}`;
  const ended = await db.transaction((tx) =>
    endAlarms(
      tx,
      sql`alarms.kind = 'NO_PRODUCTION' AND alarms.device_id = l.device_id AND l.device_id = d.id
        AND p.id = d.plant_id AND (l.data ->> 'pvPower')::float8 > ${threshold}`,
      sql`l.ts`,
      'RECOVERED',
      sql`device_latest l, devices d, plants p`,
    ),
  );

  const found = await sqlRows<Candidate>(
    db,
    sql`
    SELECT d.id AS device_id, d.sn, d.plant_id, d.dongle_id, p.latitude, p.longitude, p.timezone,
      ${threshold} AS threshold
    FROM devices d
    JOIN device_latest l ON l.device_id = d.id
    JOIN dongles g ON g.id = d.dongle_id
    JOIN plants p ON p.id = d.plant_id
    WHERE d.kind = 'INVERTER' AND d.status IN ('ONLINE', 'ABNORMAL') AND p.installed_capacity > 0
      AND l.ts >= ${at} - make_interval(secs => ${reportingInterval()} * ${MISSED_INTERVALS})
      AND l.data ? 'pvPower' AND (l.data ->> 'pvPower')::float8 <= ${threshold}
      AND NOT EXISTS (SELECT 1 FROM alarms a WHERE a.device_id = d.id AND a.status = 'ONGOING'
        AND a.kind = 'NO_PRODUCTION')`,
  );
  const windowStart = new Date(now.getTime() - NO_PRODUCTION_WINDOW_MS);
  const candidates = found.filter((c) => isDaylight(now, c) && isDaylight(windowStart, c));
  if (!candidates.length) return { opened: [] as number[], ended };

  const windows = await sqlRows<{ device_id: number; n: number; first: string; peak: number }>(
    db,
    sql`
    SELECT device_id, count(*)::int AS n, min(ts) AS first,
      max(coalesce((data ->> 'pvPower')::float8, 0)) AS peak
    FROM telemetry_samples
    WHERE device_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(candidates.map((c) => c.device_id))}::jsonb)::int)
      AND ts >= ${windowStart.toISOString()}::timestamptz AND ts <= ${at}
    GROUP BY device_id`,
  );
  const byDevice = new Map(windows.map((w) => [w.device_id, w]));
  const alarms: NewAlarm[] = [];
  for (const c of candidates) {
    const w = byDevice.get(c.device_id);
    // The readings must cover the window, not only its end (a device that just came back).
    const covers = w && new Date(w.first).getTime() <= windowStart.getTime() + NO_PRODUCTION_WINDOW_MS / 2;
    if (!w || !covers || w.n < MIN_SAMPLES || w.peak > c.threshold) continue;
    alarms.push({
      plantId: c.plant_id,
      dongleId: c.dongle_id,
      deviceId: c.device_id,
      sourceSn: c.sn,
      deviceType: 'INVERTER',
      kind: 'NO_PRODUCTION',
      faultCode: CLOUD_FAULT_CODES.noProduction,
      startedAt: new Date(w.first),
    });
  }
  const opened = alarms.length ? await db.transaction((tx) => openAlarms(tx, alarms)) : [];
  return { opened, ended };
}
