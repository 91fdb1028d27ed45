import { exactFigure } from '@pvstar/contract/figures';
import { specificYield } from '@pvstar/contract/plant-data';
import type { EnergyReport, EnergyReportBody } from '@pvstar/contract/report';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Row, sqlRows } from '../../db/rows.ts';
import { addDays, addMonths } from '../../domain/calendar.ts';
import { addSums, energyFigures, SUM_COLUMNS, type Sums, sumsFrom, ZERO } from '../../domain/energy-sums.ts';
import type { Caller } from '../../http/access.ts';
import type { Period } from '../plant/period.ts';
import { idList, periodFor, pickCurrency, reportHead, reportPlants } from './report-scope.ts';

/**
 * The energy report, from the roll-ups only: plant_energy_monthly for whole months, plant_energy_daily
 * for the days around them.
 */

/**
 * The energy figures of summed counters, exact: the screen rounds each once as it shows it, the workbook
 * holds them exact under a number format, so a total is its rows' sum in a spreadsheet too.
 */
const figuresOf = (s: Sums) => energyFigures(s);

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
async function sumsByPeriod(db: Db, ids: number[], revenueIds: number[], period: Period) {
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
export async function sumsByPlant(db: Db, ids: number[], first: string, last: string) {
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

/** Energy and revenue per period and per plant, with their totals. */
export async function energyReport(
  db: Db,
  caller: Caller,
  body: EnergyReportBody,
  now: Date,
): Promise<EnergyReport> {
  const plants = await reportPlants(db, caller, body.plantIds, now);
  const period = periodFor(body, plants, now);
  const { currency, currencies } = pickCurrency(plants, body.currency);
  const ids = plants.map((p) => p.id);
  const revenueIds = plants.filter((p) => p.currency === currency).map((p) => p.id);
  const capacity = plants.reduce((s, p) => s + p.capacity, 0);
  const [byPeriod, byPlant] = [
    await sumsByPeriod(db, ids, revenueIds, period),
    await sumsByPlant(db, ids, period.first, period.last),
  ];
  // Totals and running sums add the exact rows.
  let totalSums = { ...ZERO };
  const rows = period.periods.map((label) => {
    const sums = byPeriod.get(label) ?? ZERO;
    totalSums = addSums(totalSums, sums);
    return {
      period: label,
      ...figuresOf(sums),
      accumulatedRevenue: exactFigure(totalSums.revenue),
      specificYield: specificYield(sums.generation, capacity),
    };
  });
  const totals = figuresOf(totalSums);
  return {
    ...reportHead(period, plants),
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
          installedCapacity: p.capacity,
          currency: p.currency,
          ...figures,
          specificYield: specificYield((byPlant.get(p.id) ?? ZERO).generation, p.capacity),
        };
      })
      .sort((a, b) => b.generation - a.generation || a.id - b.id),
  };
}
