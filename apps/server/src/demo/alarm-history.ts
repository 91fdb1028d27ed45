import { DAY_MS } from '@pvstar/contract/calendar';
import type { FaultDeviceType } from '@pvstar/contract/fault-code';
import { mulberry32, seedOf } from '@pvstar/simulator/model/rng';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sqlRows } from '../db/rows.ts';
import type { FleetMember } from './register.ts';

/** Faults a demo plant has had in its past, by device kind (all in the seeded library). */
const PAST_FAULTS: Record<FaultDeviceType, string[]> = {
  INVERTER: ['INV-GRID-OV', 'INV-GRID-UF', 'INV-ISO', 'INV-OT', 'INV-FAN', 'INV-PV-LOW', 'INV-COMM-LOST'],
  BATTERY: ['BAT-BMS-COMM', 'BAT-CELL-UT', 'BAT-SOC-LOW', 'BAT-IMBALANCE'],
  METER: ['MTR-COMM', 'MTR-CT-REV'],
  EV_CHARGER: ['EVC-CP-ERR'],
  HEAT_PUMP: ['HP-SENSOR'],
  DONGLE: ['DGL-OFFLINE', 'DGL-WEAK-SIG'],
};
const DAYS = 90;

/**
 * Gives each demo plant a plausible past: a handful of ended alarms over the last 90 days, some
 * acknowledged or closed with a comment, so that the alert center and the reports have something to
 * show on a first start. Deterministic per plant, and only for plants without such a past yet.
 */
export async function fillAlarmHistory(db: Db, members: FleetMember[], now = Date.now()): Promise<number> {
  const rows: Record<string, unknown>[] = [];
  const bare = await sqlRows<{ plant_id: number }>(
    db,
    sql`
    SELECT p.id AS plant_id FROM plants p
    WHERE p.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(members.map((m) => m.plantId))}::jsonb)::int)
      AND NOT EXISTS (SELECT 1 FROM alarms a WHERE a.plant_id = p.id AND a.started_at < ${new Date(now - DAY_MS).toISOString()}::timestamptz)`,
  );
  const todo = new Set(bare.map((r) => r.plant_id));
  for (const m of members) {
    if (!todo.has(m.plantId)) continue;
    const random = mulberry32(seedOf(`alarm-history:${m.dongleSn}`));
    const sources: { sn: string; type: FaultDeviceType }[] = [
      { sn: m.dongleSn, type: 'DONGLE' },
      ...m.devices.map((d) => ({ sn: d.sn, type: d.kind })),
    ];
    const count = 3 + Math.floor(random() * 6);
    for (let i = 0; i < count; i++) {
      const source = sources[Math.floor(random() * sources.length)]!;
      const codes = PAST_FAULTS[source.type];
      const code = codes[Math.floor(random() * codes.length)]!;
      const start = now - DAY_MS * (1 + random() * (DAYS - 1));
      const end = start + 60_000 * (5 + random() * 360);
      const fate = random();
      rows.push({
        plantId: m.plantId,
        sn: source.sn,
        type: source.type,
        kind: code.endsWith('COMM-LOST') || code === 'DGL-OFFLINE' ? 'COMM' : 'EVENT',
        code,
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
        reason:
          fate < 0.15
            ? 'CLOSED'
            : code.endsWith('COMM-LOST') || code === 'DGL-OFFLINE'
              ? 'RECOVERED'
              : 'CLEARED',
        ackAt: fate < 0.45 ? new Date(start + 60_000 * (2 + random() * 120)).toISOString() : null,
      });
    }
  }
  if (!rows.length) return 0;
  // Who acted is the plant's installer account, as it would have been.
  await db.execute(sql`
    INSERT INTO alarms (plant_id, dongle_id, device_id, source_sn, device_type, kind, fault_code, alarm_level,
      status, started_at, latest_at, recorded_at, ended_at, end_reason,
      ack_by, ack_by_name, ack_at, ack_comment, closed_by, closed_by_name, close_comment)
    SELECT r."plantId", g.id, d.id, r.sn, r.type, r.kind, r.code, coalesce(f.alarm_level, 'GENERAL'),
      'ENDED', r.start, r."end", r.start, r."end", r.reason,
      u.id, u.nickname, r."ackAt", CASE WHEN r."ackAt" IS NOT NULL THEN 'Checked remotely' END,
      CASE WHEN r.reason = 'CLOSED' THEN u.id END, CASE WHEN r.reason = 'CLOSED' THEN u.nickname END,
      CASE WHEN r.reason = 'CLOSED' THEN 'Resolved on site' END
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r("plantId" int, sn text, type text, kind text,
      code text, start timestamptz, "end" timestamptz, reason text, "ackAt" timestamptz)
    JOIN plants p ON p.id = r."plantId"
    LEFT JOIN LATERAL (SELECT id FROM dongles WHERE plant_id = p.id ORDER BY id LIMIT 1) g ON TRUE
    LEFT JOIN devices d ON d.sn = r.sn
    LEFT JOIN fault_codes f ON f.fault_code = r.code
    LEFT JOIN LATERAL (SELECT id, nickname FROM users WHERE org_id = p.org_id ORDER BY id LIMIT 1) u ON TRUE`);
  return rows.length;
}
