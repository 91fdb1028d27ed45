import { CLOUD_FAULT_CODES } from '@pvstar/contract/alarm';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/rows.ts';
import { localDaySql, localMidnightSql } from '../../domain/calendar.ts';
import { endAlarms, type NewAlarm, openAlarms } from './alarm-store.ts';

/** Sunny days in a row below the share that make an alarm. */
export const UNDERPERFORMING_DAYS = 3;
/** Only sunny days this recent count: an old streak says nothing about the plant today. */
const LOOKBACK_DAYS = 14;

type Streak = {
  plant_id: number;
  device_id: number | null;
  dongle_id: number | null;
  sn: string | null;
  n: number;
  under: boolean;
  latest_pr: number;
  first_start: string;
  latest_start: string;
};

/**
 * "Under-performing" (INV-UNDERPERF) from plant_performance_daily: a plant whose PR — its specific yield
 * against its neighbours' median, each taken relative to its own clear-sky yield — stayed below `share`
 * on each of its last three sunny days (cloudy days in between neither count nor break the streak)
 * opens the alarm on its first inverter, dated from the first of those days; the next sunny day at or
 * above the share ends it. A plant whose alarm was ended (or closed by hand) after the streak began is
 * not alarmed again for the same days.
 */
export async function detectUnderPerformance(db: Db, share: number, now = new Date()) {
  const since = sql`${localDaySql(now, sql`p.timezone`)} - ${LOOKBACK_DAYS}::int`;
  const found = await sqlRows<Streak>(
    db,
    sql`
    WITH sunny AS (
      SELECT f.plant_id, f.day, f.pr, p.timezone,
        row_number() OVER (PARTITION BY f.plant_id ORDER BY f.day DESC) AS k
      FROM plant_performance_daily f JOIN plants p ON p.id = f.plant_id
      WHERE f.sunny AND f.pr IS NOT NULL AND f.day >= ${since}
    ), streak AS (
      SELECT plant_id, count(*)::int AS n, bool_and(pr < ${share}) AS under,
        max(pr) FILTER (WHERE k = 1) AS latest_pr,
        ${localMidnightSql(sql`min(day)`, sql`min(timezone)`)} AS first_start,
        ${localMidnightSql(sql`max(day)`, sql`min(timezone)`)} AS latest_start
      FROM sunny WHERE k <= ${UNDERPERFORMING_DAYS} GROUP BY plant_id
    )
    SELECT s.*, d.id AS device_id, d.dongle_id, d.sn
    FROM streak s
    LEFT JOIN LATERAL (SELECT id, dongle_id, sn FROM devices
      WHERE plant_id = s.plant_id AND kind = 'INVERTER' ORDER BY id LIMIT 1) d ON true`,
  );

  const recovered = found.filter((r) => r.latest_pr >= share);
  const ended = recovered.length
    ? await db.transaction((tx) =>
        endAlarms(
          tx,
          sql`alarms.kind = 'UNDERPERFORMING' AND alarms.plant_id = r.plant_id`,
          sql`r.ended_at`,
          'RECOVERED',
          sql`jsonb_to_recordset(${JSON.stringify(
            recovered.map((r) => ({
              plant_id: r.plant_id,
              ended_at: new Date(r.latest_start).toISOString(),
            })),
          )}::jsonb) AS r(plant_id int, ended_at timestamptz)`,
        ),
      )
    : [];

  const streaks = found.filter((r) => r.n >= UNDERPERFORMING_DAYS && r.under && r.device_id !== null);
  if (!streaks.length) return { opened: [] as number[], ended };
  // Not again for the days of an alarm that already ended (recovered, or closed by hand).
  const earlier = await sqlRows<{ plant_id: number }>(
    db,
    sql`
    SELECT DISTINCT a.plant_id FROM alarms a
    JOIN jsonb_to_recordset(${JSON.stringify(
      streaks.map((s) => ({ plant_id: s.plant_id, from: new Date(s.first_start).toISOString() })),
    )}::jsonb) AS s(plant_id int, "from" timestamptz) ON s.plant_id = a.plant_id
    WHERE a.fault_code = ${CLOUD_FAULT_CODES.underPerforming} AND a.status = 'ENDED' AND a.ended_at >= s."from"`,
  );
  const skip = new Set(earlier.map((r) => r.plant_id));
  const alarms: NewAlarm[] = streaks
    .filter((s) => !skip.has(s.plant_id))
    .map((s) => ({
      plantId: s.plant_id,
      dongleId: s.dongle_id,
      deviceId: s.device_id,
      sourceSn: s.sn!,
      deviceType: 'INVERTER',
      kind: 'UNDERPERFORMING',
      faultCode: CLOUD_FAULT_CODES.underPerforming,
      startedAt: new Date(s.first_start),
    }));
  const opened = alarms.length ? await db.transaction((tx) => openAlarms(tx, alarms)) : [];
  return { opened, ended };
}
