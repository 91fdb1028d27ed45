import {
  type AlarmLevel,
  type DateType,
  type OrgType,
  type PlantStatus,
  PlantStatusSchema,
} from '@pvstar/contract/enums';
import type { FaultDeviceType } from '@pvstar/contract/fault-code';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { specificYield } from '@pvstar/contract/plant-data';
import type {
  AlarmCounts,
  AlarmReport,
  AlarmReportBody,
  EnergyReport,
  EnergyReportBody,
  FleetFigures,
  FleetPlant,
  FleetReport,
  FleetReportBody,
} from '@pvstar/contract/report';
import { REPORT_LEVELS } from '@pvstar/contract/report';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type Row, sqlRows } from '../../db/rows.ts';
import { addDays, addMonths, localDay, localDaySql } from '../../domain/calendar.ts';
import { addSums, energyFigures, SUM_COLUMNS, type Sums, sumsFrom, ZERO } from '../../domain/energy-sums.ts';
import { plantScope } from '../../domain/plants.ts';
import { roundShown, SHOWN_DIGITS } from '../../domain/rounding.ts';
import { scopePredicate } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { faultName } from '../alarm/alarm.service.ts';
import { type Period, resolvePeriod } from '../plant/period.ts';
import { MANAGING_TYPES } from '../plant/plant-access.ts';
import { addCounts, availabilityOf, daylightCounter, plantCounts, zeroAvailability } from './availability.ts';
import type { ReportMeta } from './report.xlsx.ts';

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

/** The energy figures of summed counters, to the 2 decimals reports show: screen, export and totals agree. */
const figuresOf = (s: Sums) => energyFigures(s, SHOWN_DIGITS);

const idList = (ids: number[]) => sql`(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`;

/** The currency most plants use (ties: alphabetical), or the requested one if a plant uses it; null without plants. */
function pickCurrency(plants: ReportPlant[], wanted?: string) {
  const counts = new Map<string, number>();
  for (const p of plants) counts.set(p.currency, (counts.get(p.currency) ?? 0) + 1);
  const currencies = [...counts]
    .map(([currency, plantCount]) => ({ currency, plantCount }))
    .sort((a, b) => b.plantCount - a.plantCount || a.currency.localeCompare(b.currency));
  // A currency none of the plants uses is no choice: the report says which one it used.
  const currency = wanted && counts.has(wanted) ? wanted : (currencies[0]?.currency ?? null);
  return { currency, currencies };
}

/**
 * Energy, fleet and alarm reports. Energy comes from the roll-ups only: plant_energy_monthly for whole
 * months, plant_energy_daily for the days around them; availability from the daylight intervals ingest
 * counted there; alarms from the alarm rows. Every query is limited to the caller's plants.
 */
export function createReportService(ctx: AppContext) {
  const { db } = ctx;
  /** The caller's plants, or those of the list (any not in scope: 404, as if it did not exist). */
  async function reportPlants(
    caller: Caller,
    plantIds: number[] | undefined,
    now: Date,
  ): Promise<ReportPlant[]> {
    const ids = [...new Set(plantIds ?? [])];
    // Unaliased: the scope predicate names plants and organizations.
    const rows = await sqlRows<{
      id: number;
      plant_no: string;
      name: string;
      org_id: number;
      org_name: string;
      status: PlantStatus;
      currency: string;
      capacity: number;
      timezone: string;
      latitude: number | null;
      longitude: number | null;
      today: string;
      since: string;
      inverters: number;
    }>(
      db,
      sql`
      SELECT plants.id, plants.plant_no, plants.name, plants.org_id, organizations.name AS org_name,
        plants.status, plants.currency, plants.installed_capacity::float8 AS capacity, plants.timezone,
        plants.latitude, plants.longitude,
        to_char(${localDaySql(now, sql`plants.timezone`)}, 'YYYY-MM-DD') AS today,
        to_char(least((plants.created_at AT TIME ZONE plants.timezone)::date,
          (SELECT min(d.day) FROM plant_energy_daily d WHERE d.plant_id = plants.id)), 'YYYY-MM-DD') AS since,
        (SELECT count(*) FROM devices v WHERE v.plant_id = plants.id AND v.kind = 'INVERTER')::int AS inverters
      FROM plants JOIN organizations ON organizations.id = plants.org_id
      WHERE ${plantScope(caller)} ${ids.length ? sql`AND plants.id IN ${idList(ids)}` : sql``}
      ORDER BY plants.id`,
    );
    if (rows.length < ids.length) throw notFound();
    return rows.map((r) => ({
      id: r.id,
      plantNo: r.plant_no,
      name: r.name,
      orgId: r.org_id,
      orgName: r.org_name,
      status: r.status,
      currency: r.currency,
      capacity: r.capacity,
      timezone: r.timezone,
      latitude: r.latitude,
      longitude: r.longitude,
      today: r.today,
      since: r.since,
      inverters: r.inverters,
    }));
  }

  /** The period of a report over several plants: "today" is the newest local today among them. */
  function periodFor(
    body: { dateType: DateType; from?: string; to?: string },
    plants: ReportPlant[],
    now: Date,
  ) {
    const today = plants.reduce<string | null>((max, p) => (!max || p.today > max ? p.today : max), null);
    const firstData = plants.reduce<string | null>((min, p) => (!min || p.since < min ? p.since : min), null);
    return resolvePeriod(body.dateType, body, today ?? localDay(now.getTime(), DEFAULT_TZ), firstData);
  }

  const sumColumns = (alias: string, revenueIds: number[] | null) =>
    sql.join(
      SUM_COLUMNS.map(([figure, column]) =>
        figure === 'revenue' && revenueIds
          ? sql`coalesce(sum(${sql.raw(`${alias}.${column}`)}) FILTER (WHERE ${sql.raw(alias)}.plant_id IN ${idList(revenueIds)}), 0)::float8 AS ${sql.identifier(figure)}`
          : sql`coalesce(sum(${sql.raw(`${alias}.${column}`)}), 0)::float8 AS ${sql.identifier(figure)}`,
      ),
      sql`, `,
    );

  /**
   * Sums per period label over the plants. Days: the daily rows; months and years: the monthly rows.
   * Revenue only of `revenueIds` (the report's currency).
   */
  async function sumsByPeriod(ids: number[], revenueIds: number[], period: Period) {
    if (!ids.length) return new Map<string, Sums>();
    const q =
      period.dateType === 'date'
        ? sql`SELECT d.day::text AS period, ${sumColumns('d', revenueIds)}
            FROM plant_energy_daily d
            WHERE d.plant_id IN ${idList(ids)} AND d.day BETWEEN ${period.first}::date AND ${period.last}::date
            GROUP BY 1`
        : sql`SELECT to_char(m.month, ${period.dateType === 'month' ? 'YYYY-MM' : 'YYYY'}) AS period,
              ${sumColumns('m', revenueIds)}
            FROM plant_energy_monthly m
            WHERE m.plant_id IN ${idList(ids)} AND m.month BETWEEN ${period.first}::date AND ${period.last}::date
            GROUP BY 1`;
    const rows = await sqlRows<{ period: string } & Row>(db, q);
    return new Map(rows.map((r) => [r.period, sumsFrom(r)]));
  }

  /**
   * Sums per plant over a day range: whole months from the monthly rows, the days before and after
   * them from the daily rows (a year of days is then 12 monthly rows per plant, not 365).
   */
  async function sumsByPlant(ids: number[], first: string, last: string) {
    if (!ids.length) return new Map<number, Sums>();
    const firstFull = first.endsWith('-01') ? first : `${addMonths(first.slice(0, 7), 1)}-01`;
    const afterFull = addDays(last, 1).endsWith('-01') ? addDays(last, 1) : `${last.slice(0, 7)}-01`;
    const parts: SQL[] = [];
    if (firstFull < afterFull) {
      parts.push(sql`SELECT m.plant_id, ${sumColumns('m', null)} FROM plant_energy_monthly m
        WHERE m.plant_id IN ${idList(ids)} AND m.month >= ${firstFull}::date AND m.month < ${afterFull}::date
        GROUP BY m.plant_id`);
      const edges: [string, string][] = [
        [first, addDays(firstFull, -1)],
        [afterFull, last],
      ];
      for (const [a, b] of edges)
        if (a <= b)
          parts.push(sql`SELECT d.plant_id, ${sumColumns('d', null)} FROM plant_energy_daily d
            WHERE d.plant_id IN ${idList(ids)} AND d.day BETWEEN ${a}::date AND ${b}::date GROUP BY d.plant_id`);
    } else
      parts.push(sql`SELECT d.plant_id, ${sumColumns('d', null)} FROM plant_energy_daily d
        WHERE d.plant_id IN ${idList(ids)} AND d.day BETWEEN ${first}::date AND ${last}::date GROUP BY d.plant_id`);
    const out = new Map<number, Sums>();
    for (const part of parts)
      for (const r of await sqlRows<{ plant_id: number } & Row>(db, part))
        out.set(r.plant_id, addSums(out.get(r.plant_id) ?? { ...ZERO }, sumsFrom(r)));
    return out;
  }

  /** Alarms raised on the plants within the period (the plant's local days), grouped finely. */
  async function alarmGroups(ids: number[], first: string, last: string) {
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
        AND (a.started_at AT TIME ZONE p.timezone)::date BETWEEN ${first}::date AND ${last}::date
      GROUP BY 1, 2, 3, 4`,
    );
  }

  const head = (period: Period, plants: ReportPlant[]) => ({
    dateType: period.dateType,
    from: period.first,
    to: period.last,
    plantCount: plants.length,
    installedCapacity: roundShown(plants.reduce((s, p) => s + p.capacity, 0)),
  });

  return {
    reportPlants,

    /** What an export's head says: who asked, and which plants ("all of X" or the chosen names). */
    async exportMeta(
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
    },

    async energy(caller: Caller, body: EnergyReportBody, now = new Date()): Promise<EnergyReport> {
      const plants = await reportPlants(caller, body.plantIds, now);
      const period = periodFor(body, plants, now);
      const { currency, currencies } = pickCurrency(plants, body.currency);
      const ids = plants.map((p) => p.id);
      const revenueIds = plants.filter((p) => p.currency === currency).map((p) => p.id);
      const capacity = plants.reduce((s, p) => s + p.capacity, 0);
      const [byPeriod, byPlant] = [
        await sumsByPeriod(ids, revenueIds, period),
        await sumsByPlant(ids, period.first, period.last),
      ];
      // Rounded only for showing: totals and running sums come from the exact roll-ups, so a total
      // can differ from the sum of its shown rows by the rounding (at most half a cent per row).
      let totalSums = { ...ZERO };
      const rows = period.periods.map((label) => {
        const sums = byPeriod.get(label) ?? ZERO;
        totalSums = addSums(totalSums, sums);
        return {
          period: label,
          ...figuresOf(sums),
          accumulatedRevenue: roundShown(totalSums.revenue),
          specificYield: specificYield(sums.generation, capacity),
        };
      });
      const totals = figuresOf(totalSums);
      return {
        ...head(period, plants),
        currency,
        currencies,
        rows,
        totals: { ...totals, specificYield: specificYield(totalSums.generation, capacity) },
        plants: plants
          .map((p) => {
            const figures = figuresOf(byPlant.get(p.id) ?? ZERO);
            return {
              id: p.id,
              stationNo: p.plantNo,
              stationName: p.name,
              orgName: p.orgName,
              installedCapacity: roundShown(p.capacity),
              currency: p.currency,
              ...figures,
              specificYield: specificYield((byPlant.get(p.id) ?? ZERO).generation, p.capacity),
            };
          })
          .sort((a, b) => b.generation - a.generation || a.id - b.id),
      };
    },

    async fleet(caller: Caller, body: FleetReportBody, now = new Date()): Promise<FleetReport> {
      const plants = await reportPlants(caller, undefined, now);
      const period = periodFor(body, plants, now);
      const { currency, currencies } = pickCurrency(plants, body.currency);
      const ids = plants.map((p) => p.id);
      const byPlant = await sumsByPlant(ids, period.first, period.last);
      const alarms = await alarmGroups(ids, period.first, period.last);
      const alarmsByPlant = new Map<number, Record<AlarmLevel, number>>();
      for (const a of alarms) {
        const levels = alarmsByPlant.get(a.plant_id) ?? zeroLevels();
        levels[a.alarm_level] = (levels[a.alarm_level] ?? 0) + a.n;
        alarmsByPlant.set(a.plant_id, levels);
      }
      const orgs = await fleetOrgs(caller, plants);
      const figures = new Map(orgs.map((o) => [o.id, emptyFleet()]));
      const daylight = daylightCounter(period.first, period.last, now.getTime());
      const plantRows: FleetPlant[] = [];
      for (const p of plants) {
        const f = figures.get(p.orgId)!;
        const sums = byPlant.get(p.id) ?? ZERO;
        f.plantCount++;
        f.statusCounts[p.status]++;
        f.installedCapacity += p.capacity;
        f.generation += sums.generation;
        if (p.currency === currency) f.revenue += sums.revenue;
        const levels = alarmsByPlant.get(p.id);
        if (levels) for (const level of REPORT_LEVELS) f.alarms[level] += levels[level];
        // Plants and organisations pool their inverters' intervals (time-based, docs/reports.md).
        const counts = plantCounts(daylight(p) * p.inverters, sums);
        addCounts(f, counts);
        plantRows.push({
          id: p.id,
          stationNo: p.plantNo,
          stationName: p.name,
          orgName: p.orgName,
          installedCapacity: roundShown(p.capacity),
          inverters: p.inverters,
          generation: roundShown(sums.generation),
          ...availabilityOf(counts),
        });
      }
      const rows = orgs.map((o) => ({
        orgId: o.id,
        parentId: o.parentId,
        orgName: o.name,
        orgType: o.type,
        depth: o.depth,
        ...finishFleet(figures.get(o.id)!),
      }));
      // Totals from the exact figures (rounded once), like the energy report's.
      const totals = emptyFleet();
      for (const r of figures.values()) {
        totals.plantCount += r.plantCount;
        for (const s of PlantStatusSchema.options) totals.statusCounts[s] += r.statusCounts[s];
        totals.installedCapacity += r.installedCapacity;
        totals.generation += r.generation;
        totals.revenue += r.revenue;
        for (const level of REPORT_LEVELS) totals.alarms[level] += r.alarms[level];
        addCounts(totals, r);
      }
      // The least available first: what an audit looks for; plants without data after them.
      const rank = (v: number | null) => v ?? 2;
      plantRows.sort(
        (a, b) =>
          rank(a.availability) - rank(b.availability) ||
          rank(a.dataAvailability) - rank(b.dataAvailability) ||
          a.id - b.id,
      );
      return {
        ...head(period, plants),
        currency,
        currencies,
        rows,
        totals: finishFleet(totals),
        plants: plantRows,
      };
    },

    async alarm(caller: Caller, body: AlarmReportBody, lang: Lang, now = new Date()): Promise<AlarmReport> {
      const plants = await reportPlants(caller, body.plantIds, now);
      const period = periodFor(body, plants, now);
      const groups = await alarmGroups(
        plants.map((p) => p.id),
        period.first,
        period.last,
      );
      const names = await faultNames([...new Set(groups.map((g) => g.fault_code))], lang);
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
        ...head(period, plants),
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
    },
  };

  async function faultNames(codes: string[], lang: Lang) {
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

  /**
   * The organisations of the fleet: the managing organisations within the caller's reach (with or
   * without plants) and those of the plants in scope, in tree order, siblings by name.
   */
  async function fleetOrgs(caller: Caller, plants: ReportPlant[]) {
    const plantOrgs = [...new Set(plants.map((p) => p.orgId))];
    const reach =
      caller.dataScope === 'SELF'
        ? sql`FALSE`
        : sql`${scopePredicate(caller, { orgPath: sql`o.path`, orgId: sql`o.id`, ownerId: sql`NULL` })}
            AND o.type IN (SELECT jsonb_array_elements_text(${JSON.stringify(MANAGING_TYPES)}::jsonb))`;
    const rows = await sqlRows<{
      id: number;
      parent_id: number | null;
      name: string;
      type: OrgType;
      path: string;
    }>(
      db,
      sql`
      SELECT o.id, o.parent_id, o.name, o.type, o.path FROM organizations o
      WHERE (${reach}) ${plantOrgs.length ? sql`OR o.id IN ${idList(plantOrgs)}` : sql``}`,
    );
    const ids = new Set(rows.map((r) => r.id));
    const children = new Map<number | null, typeof rows>();
    for (const r of rows) {
      // A top row: its parent is not in the report.
      const parent = r.parent_id !== null && ids.has(r.parent_id) ? r.parent_id : null;
      getOr(children, parent, () => []).push(r);
    }
    const out: { id: number; parentId: number | null; name: string; type: OrgType; depth: number }[] = [];
    const walk = (parent: number | null, depth: number) => {
      const list = (children.get(parent) ?? []).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
      for (const r of list) {
        out.push({ id: r.id, parentId: parent, name: r.name, type: r.type, depth });
        walk(r.id, depth + 1);
      }
    };
    walk(null, 0);
    return out;
  }
}
export type ReportService = ReturnType<typeof createReportService>;

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

function getOr<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) {
    v = make();
    map.set(key, v);
  }
  return v;
}

const zeroLevels = () => Object.fromEntries(REPORT_LEVELS.map((l) => [l, 0])) as Record<AlarmLevel, number>;

function emptyFleet(): FleetFigures {
  return {
    plantCount: 0,
    statusCounts: Object.fromEntries(
      PlantStatusSchema.options.map((s) => [s, 0]),
    ) as FleetFigures['statusCounts'],
    installedCapacity: 0,
    generation: 0,
    revenue: 0,
    alarms: zeroLevels(),
    ...availabilityOf(zeroAvailability()),
  };
}

/** Rounded figures and the availability ratios. */
function finishFleet(f: FleetFigures): FleetFigures {
  return {
    ...f,
    installedCapacity: roundShown(f.installedCapacity),
    generation: roundShown(f.generation),
    revenue: roundShown(f.revenue),
    ...availabilityOf(f),
  };
}
