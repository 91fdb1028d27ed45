import { type AlarmLevel, type OrgType, PlantStatusSchema } from '@pvstar/contract/enums';
import { exactFigure } from '@pvstar/contract/figures';
import type { FleetFigures, FleetPlant, FleetReport, FleetReportBody } from '@pvstar/contract/report';
import { REPORT_LEVELS } from '@pvstar/contract/report';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/rows.ts';
import { ZERO } from '../../domain/energy-sums.ts';
import { scopePredicate } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import { MANAGING_TYPES } from '../role/role-access.ts';
import { addCounts, availabilityOf, daylightCounter, plantCounts, zeroAvailability } from './availability.ts';
import { alarmGroups, getOr, zeroLevels } from './report-alarm.ts';
import { sumsByPlant } from './report-energy.ts';
import {
  idList,
  periodFor,
  pickCurrency,
  type ReportPlant,
  reportHead,
  reportPlants,
} from './report-scope.ts';

/**
 * The fleet report: per organisation (in tree order) and per plant, the plants' status, capacity,
 * generation, revenue, alarms and availability (from the daylight intervals ingest counted).
 */

export async function fleetReport(
  db: Db,
  caller: Caller,
  body: FleetReportBody,
  now: Date,
): Promise<FleetReport> {
  const plants = await reportPlants(db, caller, undefined, now);
  const period = periodFor(body, plants, now);
  const { currency, currencies } = pickCurrency(plants, body.currency);
  const ids = plants.map((p) => p.id);
  const byPlant = await sumsByPlant(db, ids, period.first, period.last);
  const alarms = await alarmGroups(db, ids, period.first, period.last);
  const alarmsByPlant = new Map<number, Record<AlarmLevel, number>>();
  for (const a of alarms) {
    const levels = alarmsByPlant.get(a.plant_id) ?? zeroLevels();
    levels[a.alarm_level] = (levels[a.alarm_level] ?? 0) + a.n;
    alarmsByPlant.set(a.plant_id, levels);
  }
  const orgs = await fleetOrgs(db, caller, plants);
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
      installedCapacity: p.capacity,
      inverters: p.inverters,
      generation: exactFigure(sums.generation),
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
  // Totals from the exact figures, like the energy report's.
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
    ...reportHead(period, plants),
    currency,
    currencies,
    rows,
    totals: finishFleet(totals),
    plants: plantRows,
  };
}

/**
 * The organisations of the fleet: the managing organisations within the caller's reach (with or
 * without plants) and those of the plants in scope, in tree order, siblings by name.
 */
async function fleetOrgs(db: Db, caller: Caller, plants: ReportPlant[]) {
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

/** The exact figures (`exactFigure`) with their availability ratios. */
function finishFleet(f: FleetFigures): FleetFigures {
  return {
    ...f,
    installedCapacity: exactFigure(f.installedCapacity),
    generation: exactFigure(f.generation),
    revenue: exactFigure(f.revenue),
    ...availabilityOf(f),
  };
}
