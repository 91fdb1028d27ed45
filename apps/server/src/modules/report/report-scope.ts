import type { DateType, PlantStatus } from '@pvstar/contract/enums';
import { exactFigure } from '@pvstar/contract/figures';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/rows.ts';
import { localDay, localDaySql } from '../../domain/calendar.ts';
import { plantScope, plantSinceSql } from '../../domain/plants.ts';
import type { Caller } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { type Period, resolvePeriod } from '../plant/period.ts';
import type { ReportMeta } from './report.xlsx.ts';

/**
 * What every report shares: the caller's plants (or a chosen set of them), the period over them, the
 * currency of their revenue, the head of the answer and that of an export.
 */

/** Plant names an export's head lists before it says "and N more". */
const SCOPE_NAMES = 10;

/** The calendar of a report without plants (the default plant time zone). */
const DEFAULT_TZ = 'Europe/Berlin';

/** A plant of a report, as the roll-ups are read for it. */
export interface ReportPlant {
  id: number;
  plantNo: string;
  name: string;
  orgId: number;
  orgName: string;
  status: PlantStatus;
  currency: string;
  capacity: number;
  timezone: string;
  latitude: number | null;
  longitude: number | null;
  /** The plant's local today, and the first day it has data or existed (whichever is earlier). */
  today: string;
  since: string;
  inverters: number;
}

export const idList = (ids: number[]) =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`;

/** The currency most plants use (ties: alphabetical), or the requested one if a plant uses it; null without plants. */
export function pickCurrency(plants: ReportPlant[], wanted?: string) {
  const counts = new Map<string, number>();
  for (const p of plants) counts.set(p.currency, (counts.get(p.currency) ?? 0) + 1);
  const currencies = [...counts]
    .map(([currency, plantCount]) => ({ currency, plantCount }))
    .sort((a, b) => b.plantCount - a.plantCount || a.currency.localeCompare(b.currency));
  // A currency none of the plants uses is no choice: the report says which one it used.
  const currency = wanted && counts.has(wanted) ? wanted : (currencies[0]?.currency ?? null);
  return { currency, currencies };
}

/** The caller's plants, or those of the list (any not in scope: 404, as if it did not exist). */
export async function reportPlants(
  db: Db,
  caller: Caller,
  plantIds: number[] | undefined,
  now: Date,
): Promise<ReportPlant[]> {
  const ids = [...new Set(plantIds ?? [])];
  // Unaliased: the scope predicate names plants and organizations. Columns named as ReportPlant names them.
  const rows = await sqlRows<ReportPlant>(
    db,
    sql`
    SELECT plants.id, plants.plant_no AS "plantNo", plants.name, plants.org_id AS "orgId",
      organizations.name AS "orgName", plants.status, plants.currency,
      plants.installed_capacity::float8 AS capacity, plants.timezone,
      plants.latitude, plants.longitude,
      to_char(${localDaySql(now, sql`plants.timezone`)}, 'YYYY-MM-DD') AS today,
      ${plantSinceSql} AS since,
      (SELECT count(*) FROM devices v WHERE v.plant_id = plants.id AND v.kind = 'INVERTER')::int AS inverters
    FROM plants JOIN organizations ON organizations.id = plants.org_id
    WHERE ${plantScope(caller)} ${ids.length ? sql`AND plants.id IN ${idList(ids)}` : sql``}
    ORDER BY plants.id`,
  );
  if (rows.length < ids.length) throw notFound();
  return rows;
}

/** The period of a report over several plants: "today" is the newest local today among them. */
export function periodFor(
  body: { dateType: DateType; from?: string; to?: string },
  plants: ReportPlant[],
  now: Date,
) {
  const today = plants.reduce<string | null>((max, p) => (!max || p.today > max ? p.today : max), null);
  const firstData = plants.reduce<string | null>((min, p) => (!min || p.since < min ? p.since : min), null);
  return resolvePeriod(body.dateType, body, today ?? localDay(now.getTime(), DEFAULT_TZ), firstData);
}

/** The head of every report: its period and the plants it covers. */
export const reportHead = (period: Period, plants: ReportPlant[]) => ({
  dateType: period.dateType,
  from: period.first,
  to: period.last,
  plantCount: plants.length,
  installedCapacity: exactFigure(plants.reduce((s, p) => s + p.capacity, 0)),
});

/** What an export's head says: who asked, and which plants ("all of X" or the chosen names). */
export async function exportMeta(
  db: Db,
  caller: Caller,
  plantIds: number[] | undefined,
  plantCount: number,
  lang: Lang,
): Promise<ReportMeta> {
  const [org] = await sqlRows<{ name: string }>(
    db,
    sql`SELECT name FROM organizations WHERE id = ${caller.orgId}`,
  );
  let scope = translate(lang, 'report.scope.all', { org: org?.name ?? '', count: plantCount });
  if (plantIds?.length) {
    const names = await sqlRows<{ name: string }>(
      db,
      sql`
      SELECT name FROM plants WHERE id IN ${idList(plantIds)} ORDER BY name LIMIT ${SCOPE_NAMES + 1}`,
    );
    const shown = names.slice(0, SCOPE_NAMES).map((n) => n.name);
    if (plantCount > SCOPE_NAMES)
      shown.push(translate(lang, 'report.scope.more', { count: plantCount - SCOPE_NAMES }));
    scope = translate(lang, 'report.scope.some', { count: plantCount, names: shown.join(', ') });
  }
  return { lang, scope, createdBy: caller.username, now: new Date() };
}
