import type { DateType, DeviceStatus, PlantStatus } from '@pvstar/contract/enums';
import { exactFigure } from '@pvstar/contract/figures';
import type { DeviceKind } from '@pvstar/contract/metrics';
import {
  type EnergyFigures,
  type EnergyRow,
  type LifetimeGeneration,
  type PlantEnergy,
  type PlantEnergyBody,
  type PlantOverview,
  type PlantRealtime,
  type PowerCurve,
  type PowerFlow,
  specificYield,
} from '@pvstar/contract/plant-data';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { intArray } from '../../db/arrays.ts';
import type { Db } from '../../db/client.ts';
import { type Row, sqlRow, sqlRows } from '../../db/rows.ts';
import { addDays, localDay, localMidnightSql } from '../../domain/calendar.ts';
import { addSums, energyFigures, SUM_COLUMNS, type Sums, sumsFrom, ZERO } from '../../domain/energy-sums.ts';
import { reportingInterval } from '../../domain/missed-intervals.ts';
import { plantSinceSql, scopedPlant } from '../../domain/plants.ts';
import { describesNow, pvPowerOf } from '../../domain/power-now.ts';
import { round } from '../../domain/rounding.ts';
import type { Caller } from '../../http/access.ts';
import { checkDay, resolvePeriod } from './period.ts';

/** Devices in the order the detail page lists them. */
export const KIND_ORDER: DeviceKind[] = ['INVERTER', 'BATTERY', 'METER', 'EV_CHARGER', 'HEAT_PUMP'];

/** A plant's row, as the scoped fetch (domain/plants.ts) or the public page's link finds it. */
export type PlantRecord = Awaited<ReturnType<typeof scopedPlant>>;

/** A plant's figures of a period, exact (rounded where they are shown, like every page's). */
export const figuresOf = (s: Sums): EnergyFigures => energyFigures(s);

/** Summed roll-ups of the plant over named day ranges, in one scan of its daily rows. */
async function sumsOver(db: Db, plantId: number, ranges: Record<string, SQL>): Promise<Record<string, Sums>> {
  const names = Object.keys(ranges);
  const columns = names.flatMap((name) =>
    SUM_COLUMNS.map(
      ([figure, column]) =>
        sql`coalesce(sum(${sql.raw(column)}) FILTER (WHERE ${ranges[name]}), 0)::float8 AS ${sql.identifier(`${name}.${figure}`)}`,
    ),
  );
  const row =
    (await sqlRow(
      db,
      sql`SELECT ${sql.join(columns, sql`, `)} FROM plant_energy_daily WHERE plant_id = ${plantId}`,
    )) ?? {};
  return Object.fromEntries(names.map((name) => [name, sumsFrom(row, `${name}.`)]));
}

/** The plant's devices with their newest values and the interval their dongle reports at. */
async function devicesWithLatest(db: Db, plantId: number) {
  const found = await sqlRows<{
    id: number;
    sn: string;
    kind: DeviceKind;
    status: DeviceStatus;
    model: string | null;
    ts: string | null;
    data: Record<string, number> | null;
    intervalSeconds: number;
    lastTelemetryAt: string | null;
  }>(
    db,
    sql`
    SELECT d.id, d.sn, d.kind, d.status, d.model, l.ts, l.data, ${reportingInterval()} AS "intervalSeconds",
      g.last_telemetry_at AS "lastTelemetryAt"
    FROM devices d
    JOIN dongles g ON g.id = d.dongle_id
    LEFT JOIN device_latest l ON l.device_id = d.id
    WHERE d.plant_id = ${plantId}
    ORDER BY CASE d.kind ${sql.join(
      KIND_ORDER.map((kind, i) => sql`WHEN ${kind} THEN ${i}::int`),
      sql` `,
    )} END, d.sn`,
  );
  return found.map((r) => ({
    ...r,
    ts: r.ts === null ? null : new Date(r.ts),
    lastTelemetryAt: r.lastTelemetryAt === null ? null : new Date(r.lastTelemetryAt),
  }));
}

/**
 * What the devices an inverter position had before its current one generated in their lifetimes: the sum
 * of their last lifetime counters (decision 024), and whether each of them had one.
 */
async function retiredGeneration(
  db: Db,
  ids: number[],
): Promise<Map<number, { kwh: number; complete: boolean }>> {
  if (!ids.length) return new Map();
  const rows = await sqlRows<{ id: number; kwh: number; complete: boolean }>(
    db,
    sql`
    SELECT device_id AS id, coalesce(sum((final_counters->>'totalGeneration')::float8), 0)::float8 AS kwh,
      bool_and(final_counters ? 'totalGeneration') AS complete
    FROM device_replacements WHERE device_id = ANY(${intArray(ids)}) GROUP BY device_id`,
  );
  return new Map(rows.map((r) => [r.id, { kwh: r.kwh, complete: !!r.complete }]));
}

/**
 * The plant's total generation: each inverter's newest lifetime counter (totalGeneration, what its
 * display shows) plus the last counters of the inverters it replaced; an inverter that never sent one
 * (or replaced one that never did) counts its stored days; a plant without inverters, its stored days
 * (docs/energy.md "Total generation").
 */
async function lifetimeGeneration(
  db: Db,
  devs: Awaited<ReturnType<typeof devicesWithLatest>>,
  storedDays: number,
): Promise<LifetimeGeneration> {
  const inverters = devs.filter((d) => d.kind === 'INVERTER');
  const retired = await retiredGeneration(
    db,
    inverters.map((d) => d.id),
  );
  // A replaced position counts from its old devices' last counters even before the new one reports.
  const counterOf = (d: (typeof inverters)[number]): number | null => {
    const own = typeof d.data?.totalGeneration === 'number' ? d.data.totalGeneration : null;
    const before = retired.get(d.id);
    if (!before) return own;
    return before.complete ? before.kwh + (own ?? 0) : null;
  };
  const counted = inverters.filter((d) => counterOf(d) !== null);
  const without = inverters.filter((d) => counterOf(d) === null);
  if (!counted.length) return { generation: exactFigure(storedDays), source: 'DAYS' };
  let generation = counted.reduce((sum, d) => sum + counterOf(d)!, 0);
  if (without.length) {
    const row = await sqlRow<{ g: number }>(
      db,
      sql`
      SELECT coalesce(sum(generation), 0)::float8 AS g FROM device_energy_daily
      WHERE device_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(without.map((d) => d.id))}::jsonb)::int)`,
    );
    generation += row?.g ?? 0;
  }
  return { generation: exactFigure(generation), source: without.length ? 'MIXED' : 'COUNTERS' };
}

function powerFlowOf(
  status: PlantStatus,
  devs: Awaited<ReturnType<typeof devicesWithLatest>>,
): { flow: PowerFlow; hasBatteryValues: boolean } {
  const t = Date.now();
  const has = (kind: DeviceKind) => devs.some((d) => d.kind === kind);
  const flow: PowerFlow = {
    ts: null,
    pvPower: 0,
    gridPower: 0,
    loadPower: 0,
    batteryPower: 0,
    soc: null,
    ...(has('EV_CHARGER') ? { evPower: 0 } : {}),
    ...(has('HEAT_PUMP') ? { heatPumpPower: 0 } : {}),
  };
  // The values that describe now, by the one rule of every page (domain/power-now.ts).
  const fresh = devs.filter((d) => d.data && describesNow(d, status, t));
  const hasBatteryValues = devs.some((d) => d.data && typeof d.data.soc === 'number');
  // An offline plant shows no flow, whatever its last values were.
  if (!fresh.length) return { flow, hasBatteryValues };
  const socs: number[] = [];
  const batterySocs: number[] = [];
  let newest = 0;
  for (const d of fresh) {
    const v = d.data!;
    const num = (key: string) => (typeof v[key] === 'number' ? v[key] : 0);
    newest = Math.max(newest, d.ts!.getTime());
    if (d.kind === 'INVERTER') {
      flow.pvPower += pvPowerOf(v);
      flow.gridPower += num('gridPower');
      flow.loadPower += num('loadPower');
      flow.batteryPower += num('batteryPower');
      if (typeof v.soc === 'number') socs.push(v.soc);
    } else if (d.kind === 'BATTERY' && typeof v.soc === 'number') batterySocs.push(v.soc);
    else if (d.kind === 'EV_CHARGER') flow.evPower = (flow.evPower ?? 0) + num('power');
    else if (d.kind === 'HEAT_PUMP') flow.heatPumpPower = (flow.heatPumpPower ?? 0) + num('power');
  }
  // The inverter's view of the battery is the plant's; a separate battery's BMS value stands in otherwise.
  const pick = socs.length ? socs : batterySocs;
  // Exact, like the energy figures: the drawing rounds each once, as it shows it.
  flow.soc = pick.length ? exactFigure(pick.reduce((a, b) => a + b, 0) / pick.length) : null;
  flow.ts = newest ? new Date(newest).toISOString() : null;
  for (const key of [
    'pvPower',
    'gridPower',
    'loadPower',
    'batteryPower',
    'evPower',
    'heatPumpPower',
  ] as const)
    if (flow[key] !== undefined) flow[key] = exactFigure(flow[key]);
  return { flow, hasBatteryValues };
}

/**
 * One row per period of the range from the plant's first day with figures on (`since`), zero rows where
 * nothing was measured since (charts show no gaps); the days before it have no data and no rows.
 */
async function periodRows(
  db: Db,
  plantId: number,
  dateType: DateType,
  from: string | undefined,
  to: string | undefined,
  today: string,
): Promise<{ since: string; rows: { period: string; sums: Sums }[] }> {
  const row = await sqlRow<{ since: string }>(
    db,
    sql`SELECT ${plantSinceSql} AS since FROM plants WHERE plants.id = ${plantId}`,
  );
  const since = row?.since ?? today;
  const { first, last, periods } = resolvePeriod(dateType, { from, to }, today, since);
  const key =
    dateType === 'date'
      ? sql`day::text`
      : dateType === 'month'
        ? sql`to_char(day, 'YYYY-MM')`
        : sql`to_char(day, 'YYYY')`;
  const sums = await sqlRows<{ period: string } & Row>(
    db,
    sql`
    SELECT ${key} AS period, ${sql.join(
      SUM_COLUMNS.map(
        ([figure, column]) => sql`sum(${sql.raw(column)})::float8 AS ${sql.identifier(figure)}`,
      ),
      sql`, `,
    )}
    FROM plant_energy_daily
    WHERE plant_id = ${plantId} AND day BETWEEN ${first}::date AND ${last}::date
    GROUP BY 1`,
  );
  const found = new Map(sums.map((r) => [r.period, sumsFrom(r)]));
  return { since, rows: periods.map((period) => ({ period, sums: found.get(period) ?? { ...ZERO } })) };
}

export type PlantDataDeps = Pick<AppContext, 'db'>;

/** A plant's figures (overview, energy statistics) and its live values (power curve, devices' newest). */
export function createPlantDataService(deps: PlantDataDeps) {
  return { ...createPlantFigures(deps), ...createPlantLive(deps) };
}

/** The overview and energy statistics, for the plant detail and the public plant page. */
function createPlantFigures({ db }: PlantDataDeps) {
  const now = () => Date.now();

  /** A plant's overview (the plant detail's first tab); the public plant page reads the same. */
  async function overviewOf(plant: PlantRecord): Promise<PlantOverview> {
    const today = localDay(now(), plant.timezone);
    const sums = await sumsOver(db, plant.id, {
      today: sql`day = ${today}::date`,
      month: sql`day BETWEEN ${`${today.slice(0, 7)}-01`}::date AND ${today}::date`,
      year: sql`day BETWEEN ${`${today.slice(0, 4)}-01-01`}::date AND ${today}::date`,
      total: sql`TRUE`,
    });
    const devs = await devicesWithLatest(db, plant.id);
    const { flow, hasBatteryValues } = powerFlowOf(plant.status, devs);
    const capacity = Number(plant.installedCapacity);
    return {
      status: plant.status,
      currency: plant.currency,
      timezone: plant.timezone,
      day: today,
      installedCapacity: Number(plant.installedCapacity),
      energyStorage: plant.storageCapacity === null ? null : Number(plant.storageCapacity),
      hasBattery:
        devs.some((d) => d.kind === 'BATTERY') || (plant.storageCapacity ?? 0) > 0 || hasBatteryValues,
      powerFlow: flow,
      today: figuresOf(sums.today!),
      month: figuresOf(sums.month!),
      year: figuresOf(sums.year!),
      total: figuresOf(sums.total!),
      lifetime: await lifetimeGeneration(db, devs, sums.total!.generation),
      specificYield: {
        today: specificYield(sums.today!.generation, capacity),
        month: specificYield(sums.month!.generation, capacity),
        year: specificYield(sums.year!.generation, capacity),
      },
    };
  }

  /** A plant's energy statistics of a period (the statistics tab); the public plant page's chart too. */
  async function energyOf(plant: PlantRecord, body: Omit<PlantEnergyBody, 'id'>): Promise<PlantEnergy> {
    const today = localDay(now(), plant.timezone);
    const { since, rows } = await periodRows(db, plant.id, body.dateType, body.from, body.to, today);
    const totals = rows.reduce<Sums>((acc, r) => addSums(acc, r.sums), { ...ZERO });
    return {
      dateType: body.dateType,
      currency: plant.currency,
      since,
      rows: rows.map((r) => ({ period: r.period, ...figuresOf(r.sums) })) satisfies EnergyRow[],
      totals: figuresOf(totals),
    };
  }

  return {
    overviewOf,
    energyOf,

    async overview(caller: Caller, id: number): Promise<PlantOverview> {
      return overviewOf(await scopedPlant(db, caller, id));
    },

    async energy(caller: Caller, body: PlantEnergyBody): Promise<PlantEnergy> {
      return energyOf(await scopedPlant(db, caller, body.id), body);
    },
  };
}

/** The power curve of a day and the devices' newest values. */
function createPlantLive({ db }: PlantDataDeps) {
  const now = () => Date.now();

  return {
    /** 5-minute means of the plant's inverters over one local day: per inverter first, then summed. */
    async powerCurve(caller: Caller, id: number, date?: string): Promise<PowerCurve> {
      const plant = await scopedPlant(db, caller, id);
      const today = localDay(now(), plant.timezone);
      const day = date ?? today;
      checkDay('date', day, today);
      const next = addDays(day, 1);
      const tz = plant.timezone;
      const buckets = await sqlRows<{
        bucket: number;
        pv: number | null;
        load: number | null;
        grid: number | null;
        bat: number | null;
        soc: number | null;
      }>(
        db,
        sql`
        SELECT bucket, sum(pv) AS pv, sum(load) AS load, sum(grid) AS grid, sum(bat) AS bat, avg(soc) AS soc
        FROM (
          SELECT s.device_id, floor(extract(epoch FROM s.ts) / 300)::float8 * 300 AS bucket,
            avg((s.data->>'pvPower')::float8) AS pv,
            avg((s.data->>'loadPower')::float8) AS load,
            avg((s.data->>'gridPower')::float8) AS grid,
            avg((s.data->>'batteryPower')::float8) AS bat,
            avg((s.data->>'soc')::float8) AS soc
          FROM telemetry_samples s
          WHERE s.device_id IN (SELECT id FROM devices WHERE plant_id = ${plant.id} AND kind = 'INVERTER')
            AND s.ts >= ${localMidnightSql(day, sql`${tz}::text`)}
            AND s.ts < ${localMidnightSql(next, sql`${tz}::text`)}
          GROUP BY s.device_id, 2
        ) per_device
        GROUP BY bucket
        ORDER BY bucket`,
      );
      const num = (v: number | null) => (v === null ? null : round(v, 1));
      return {
        date: day,
        timezone: tz,
        points: buckets.map((r) => ({
          ts: new Date(r.bucket * 1000).toISOString(),
          pvPower: num(r.pv),
          loadPower: num(r.load),
          gridPower: num(r.grid),
          batteryPower: num(r.bat),
          soc: num(r.soc),
        })),
      };
    },

    async realtime(caller: Caller, id: number): Promise<PlantRealtime> {
      const plant = await scopedPlant(db, caller, id);
      const devs = await devicesWithLatest(db, plant.id);
      return {
        devices: devs.map((d) => ({
          id: d.id,
          sn: d.sn,
          kind: d.kind,
          status: d.status,
          model: d.model,
          ts: d.ts ? d.ts.toISOString() : null,
          data: d.data ?? {},
        })),
      };
    },
  };
}
