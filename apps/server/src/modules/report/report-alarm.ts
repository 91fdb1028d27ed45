import type { AlarmLevel } from '@pvstar/contract/enums';
import type { FaultDeviceType } from '@pvstar/contract/fault-code';
import type { Lang } from '@pvstar/contract/lang';
import type { AlarmCounts, AlarmReport, AlarmReportBody } from '@pvstar/contract/report';
import { REPORT_LEVELS } from '@pvstar/contract/report';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/rows.ts';
import { localDaySql } from '../../domain/calendar.ts';
import type { Caller } from '../../http/access.ts';
import { faultName } from '../alarm/alarm.service.ts';
import { idList, periodFor, reportHead, reportPlants } from './report-scope.ts';

/** The alarm report, from the alarm rows: counts and mean time to end by level, fault code, device type and plant. */

/** Alarms raised on the plants within the period (the plant's local days), grouped finely. */
export async function alarmGroups(db: Db, ids: number[], first: string, last: string) {
  if (!ids.length) return [];
  return sqlRows<{
    plant_id: number;
    alarm_level: AlarmLevel;
    fault_code: string;
    device_type: FaultDeviceType;
    n: number;
    ended: number;
    ended_seconds: number;
  }>(
    db,
    sql`
    SELECT a.plant_id, a.alarm_level, a.fault_code, a.device_type, count(*)::int AS n,
      count(a.ended_at)::int AS ended,
      coalesce(sum(extract(epoch FROM a.ended_at - a.started_at)), 0)::float8 AS ended_seconds
    FROM alarms a JOIN plants p ON p.id = a.plant_id
    WHERE a.plant_id IN ${idList(ids)}
      AND a.started_at >= ${first}::date - 1 AND a.started_at < ${last}::date + 2
      AND ${localDaySql(sql`a.started_at`, sql`p.timezone`)} BETWEEN ${first}::date AND ${last}::date
    GROUP BY 1, 2, 3, 4`,
  );
}

async function faultNames(db: Db, codes: string[], lang: Lang) {
  if (!codes.length) return new Map<string, string>();
  const rows = await sqlRows<{ fault_code: string; messages: Record<string, string> | null }>(
    db,
    sql`
    SELECT DISTINCT ON (fault_code) fault_code, messages FROM fault_codes
    WHERE fault_code IN (SELECT jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))
    ORDER BY fault_code, id`,
  );
  return new Map(rows.map((r) => [r.fault_code, faultName(r.messages, lang, r.fault_code)]));
}

export async function alarmReport(
  db: Db,
  caller: Caller,
  body: AlarmReportBody,
  lang: Lang,
  now: Date,
): Promise<AlarmReport> {
  const plants = await reportPlants(db, caller, body.plantIds, now);
  const period = periodFor(body, plants, now);
  const groups = await alarmGroups(
    db,
    plants.map((p) => p.id),
    period.first,
    period.last,
  );
  const names = await faultNames(db, [...new Set(groups.map((g) => g.fault_code))], lang);
  const plantName = new Map(plants.map((p) => [p.id, p.name]));
  const totals = counter();
  const byLevel = new Map<AlarmLevel, Counter>();
  const byCode = new Map<string, Counter & { level: AlarmLevel }>();
  const byType = new Map<FaultDeviceType, Counter>();
  const byPlant = new Map<number, Counter & { levels: Record<AlarmLevel, number> }>();
  const rank = (l: AlarmLevel) => REPORT_LEVELS.indexOf(l);
  for (const g of groups) {
    totals.add(g);
    getOr(byLevel, g.alarm_level, counter).add(g);
    const code = getOr(byCode, g.fault_code, () => ({ ...counter(), level: g.alarm_level }));
    code.add(g);
    // A code raised at several levels (the library changed) is listed at its most serious.
    if (rank(g.alarm_level) < rank(code.level)) code.level = g.alarm_level;
    getOr(byType, g.device_type, counter).add(g);
    const plant = getOr(byPlant, g.plant_id, () => ({ ...counter(), levels: zeroLevels() }));
    plant.add(g);
    plant.levels[g.alarm_level] += g.n;
  }
  return {
    ...reportHead(period, plants),
    totals: totals.result(),
    byLevel: REPORT_LEVELS.map((level) => ({ level, ...(byLevel.get(level) ?? counter()).result() })),
    byFaultCode: [...byCode]
      .map(([faultCode, c]) => ({
        faultCode,
        faultName: names.get(faultCode) ?? faultName(null, lang, faultCode),
        level: c.level,
        ...c.result(),
      }))
      .sort((a, b) => b.count - a.count || a.faultCode.localeCompare(b.faultCode)),
    byDeviceType: [...byType]
      .map(([deviceType, c]) => ({ deviceType, ...c.result() }))
      .sort((a, b) => b.count - a.count || a.deviceType.localeCompare(b.deviceType)),
    byPlant: [...byPlant]
      .map(([plantId, c]) => ({
        plantId,
        stationName: plantName.get(plantId) ?? '',
        levels: c.levels,
        ...c.result(),
      }))
      .sort((a, b) => b.count - a.count || a.plantId - b.plantId),
  };
}

type AlarmGroup = { n: number; ended: number; ended_seconds: number };
type Counter = { add: (g: AlarmGroup) => void; result: () => AlarmCounts };
function counter(): Counter {
  let count = 0;
  let ended = 0;
  let seconds = 0;
  return {
    add(g) {
      count += g.n;
      ended += g.ended;
      seconds += g.ended_seconds;
    },
    result: () => ({ count, ended, meanTimeToEnd: ended ? Math.round(seconds / ended) : null }),
  };
}

/** The map's value of the key, made and stored first if there is none. */
export function getOr<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) {
    v = make();
    map.set(key, v);
  }
  return v;
}

export const zeroLevels = () =>
  Object.fromEntries(REPORT_LEVELS.map((l) => [l, 0])) as Record<AlarmLevel, number>;
