import { MIN_NEIGHBOURS, NEIGHBOUR_KM, SUNNY_CLEARNESS } from '@pvstar/contract/performance';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/rows.ts';
import { addDays, localDay, localDaySql } from '../../domain/calendar.ts';
import { roundShare } from '../../domain/rounding.ts';
import { clearSkyDay } from '../../lib/clear-sky.ts';

/** Below this clearness the day is too dark to judge a plant by: its PR is not stated. */
export const MIN_CLEARNESS = 0.1;
/** Days back the job fills in (and the demo's back-filled history shows PR for). */
export const PERFORMANCE_DAYS = 45;
/** Days computed and written together: bounds memory for large fleets. */
const DAYS_PER_BATCH = 7;
const ROWS_PER_INSERT = 2000;
const EARTH_KM = 6371.0088;
const RAD = Math.PI / 180;

export interface PerformancePlant {
  id: number;
  latitude: number;
  longitude: number;
  tilt: number | null;
  azimuth: number | null;
  kwp: number;
}

export interface PerformanceRow {
  plantId: number;
  day: string;
  clearSkyKwh: number;
  actualKwh: number;
  clearness: number | null;
  expectedKwh: number | null;
  pr: number | null;
  neighbours: number;
  sunny: boolean;
}

export function haversineKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const dLat = (bLat - aLat) * RAD;
  const dLon = (bLon - aLon) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * RAD) * Math.cos(bLat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Each plant's neighbours within NEIGHBOUR_KM. Plants are bucketed in half-degree cells (a bounding-box
 * prefilter), so a plant is compared only with those in the cells around it: the cost grows with plants ×
 * plants nearby, not with the square of the fleet.
 */
export function neighboursOf(list: readonly PerformancePlant[]): Map<number, number[]> {
  const cell = 0.5;
  const key = (i: number, j: number) => `${i}:${j}`;
  const grid = new Map<string, PerformancePlant[]>();
  for (const p of list) {
    const k = key(Math.floor(p.latitude / cell), Math.floor(p.longitude / cell));
    const bucket = grid.get(k);
    if (bucket) bucket.push(p);
    else grid.set(k, [p]);
  }
  const latCells = Math.ceil(NEIGHBOUR_KM / (111.2 * cell));
  const result = new Map<number, number[]>();
  for (const p of list) {
    const i = Math.floor(p.latitude / cell);
    const j = Math.floor(p.longitude / cell);
    // A degree of longitude shrinks with cos(latitude): more cells east and west towards the poles.
    const cosLat = Math.max(Math.cos((Math.abs(p.latitude) + cell) * RAD), 0.05);
    const lonCells = Math.min(Math.ceil(NEIGHBOUR_KM / (111.2 * cell * cosLat)), Math.ceil(360 / cell));
    const found: number[] = [];
    for (let di = -latCells; di <= latCells; di++)
      for (let dj = -lonCells; dj <= lonCells; dj++)
        for (const q of grid.get(key(i + di, j + dj)) ?? [])
          if (q.id !== p.id && haversineKm(p.latitude, p.longitude, q.latitude, q.longitude) <= NEIGHBOUR_KM)
            found.push(q.id);
    result.set(p.id, found);
  }
  return result;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * One day's rows: the plant's clear-sky reference (kWp × clear-sky irradiation on its modules), the
 * neighbours' clearness (median of their actual ÷ clear-sky reference), expected = reference × clearness,
 * PR = actual ÷ expected.
 */
export function performanceOfDay(
  day: string,
  plants: ReadonlyMap<number, PerformancePlant>,
  neighbours: ReadonlyMap<number, number[]>,
  actual: ReadonlyMap<number, number>,
  /** Clear-sky references stored for this day by an earlier run, still valid (the plant unchanged since). */
  known: ReadonlyMap<number, number> = new Map(),
): PerformanceRow[] {
  const reference = new Map<number, number>();
  const ratio = new Map<number, number>();
  for (const [id, kwh] of actual) {
    const p = plants.get(id);
    if (!p) continue;
    const cs = known.get(id) ?? p.kwp * clearSkyDay(p, day).poa;
    reference.set(id, cs);
    if (cs > 0) ratio.set(id, kwh / cs);
  }
  const rows: PerformanceRow[] = [];
  for (const [id, cs] of reference) {
    const near = (neighbours.get(id) ?? []).flatMap((n) => {
      const r = ratio.get(n);
      return r === undefined ? [] : [r];
    });
    const clearness = near.length >= MIN_NEIGHBOURS ? median(near) : null;
    const expected = clearness === null ? null : cs * clearness;
    const kwh = actual.get(id)!;
    const judged = clearness !== null && clearness >= MIN_CLEARNESS && expected! > 0;
    rows.push({
      plantId: id,
      day,
      clearSkyKwh: roundShare(cs),
      actualKwh: kwh,
      clearness: clearness === null ? null : roundShare(clearness),
      expectedKwh: expected === null ? null : roundShare(expected),
      pr: judged ? roundShare(kwh / expected!) : null,
      neighbours: near.length,
      sunny: clearness !== null && clearness >= SUNNY_CLEARNESS,
    });
  }
  return rows;
}

/**
 * Brings plant_performance_daily up to date for the days that are over in each plant's time zone, up to
 * `days` back: a day is (re)computed for every plant when any plant of it has no row yet, a row whose
 * generation changed since (late uploads, recomputation, the demo's history arriving) or whose plant
 * was edited after. The clearness of a day depends on all plants around, so a day is redone whole.
 */
export async function computePerformance(
  db: Db,
  opts: { now?: number; days?: number } = {},
): Promise<{ days: string[]; rows: number }> {
  const now = opts.now ?? Date.now();
  const span = opts.days ?? PERFORMANCE_DAYS;
  const utcToday = localDay(now, 'UTC');
  const from = addDays(utcToday, -span - 1);
  const dirty = await sqlRows<{ day: string }>(
    db,
    sql`
    SELECT DISTINCT e.day::text AS day
    FROM plant_energy_daily e
    JOIN plants p ON p.id = e.plant_id
    LEFT JOIN plant_performance_daily f ON f.plant_id = e.plant_id AND f.day = e.day
    WHERE e.day >= ${from}::date
      AND e.day < ${localDaySql(now, sql`p.timezone`)}
      AND e.day >= ${localDaySql(now, sql`p.timezone`)} - ${span}::int
      AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL AND p.installed_capacity > 0
      AND (f.plant_id IS NULL OR f.actual_kwh <> e.generation OR f.computed_at < p.updated_at)
    ORDER BY 1`,
  );
  const days = dirty.map((r) => r.day);
  if (!days.length) return { days, rows: 0 };

  const found = await sqlRows<{
    id: number;
    latitude: number;
    longitude: number;
    tilt: number | null;
    azimuth: number | null;
    kwp: number;
  }>(
    db,
    sql`
    SELECT id, latitude, longitude, tilt, azimuth, installed_capacity::float8 AS kwp
    FROM plants
    WHERE latitude IS NOT NULL AND longitude IS NOT NULL AND installed_capacity > 0`,
  );
  const plants = new Map(found.map((p) => [p.id, p]));
  const neighbours = neighboursOf([...plants.values()]);

  let written = 0;
  for (let k = 0; k < days.length; k += DAYS_PER_BATCH) {
    const batch = days.slice(k, k + DAYS_PER_BATCH);
    // A day redone for one plant's late data keeps the other plants' clear-sky references (the costly
    // part): stored ones stay valid until their plant is edited.
    const energy = await sqlRows<{
      plant_id: number;
      day: string;
      generation: number;
      known: number | null;
    }>(
      db,
      sql`
      SELECT e.plant_id, e.day::text AS day, e.generation,
        CASE WHEN f.computed_at >= p.updated_at THEN f.clear_sky_kwh END AS known
      FROM plant_energy_daily e JOIN plants p ON p.id = e.plant_id
      LEFT JOIN plant_performance_daily f ON f.plant_id = e.plant_id AND f.day = e.day
      WHERE e.day IN (SELECT jsonb_array_elements_text(${JSON.stringify(batch)}::jsonb)::date)
        AND e.day < ${localDaySql(now, sql`p.timezone`)}`,
    );
    const byDay = new Map(
      batch.map((d) => [d, { actual: new Map<number, number>(), known: new Map<number, number>() }]),
    );
    for (const r of energy) {
      const of = byDay.get(r.day);
      of?.actual.set(r.plant_id, r.generation);
      if (r.known !== null) of?.known.set(r.plant_id, r.known);
    }
    for (const day of batch) {
      const { actual, known } = byDay.get(day)!;
      const rows = performanceOfDay(day, plants, neighbours, actual, known);
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
        await upsert(db, rows.slice(i, i + ROWS_PER_INSERT));
      written += rows.length;
    }
  }
  return { days, rows: written };
}

async function upsert(db: Db, rows: PerformanceRow[]) {
  await db.execute(sql`
    INSERT INTO plant_performance_daily (plant_id, day, clear_sky_kwh, actual_kwh, clearness, expected_kwh, pr,
      neighbours, sunny, computed_at)
    SELECT r."plantId", r.day, r."clearSkyKwh", r."actualKwh", r.clearness, r."expectedKwh", r.pr, r.neighbours,
      r.sunny, now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r("plantId" int, day date, "clearSkyKwh" float8,
      "actualKwh" float8, clearness float8, "expectedKwh" float8, pr float8, neighbours int, sunny boolean)
    ON CONFLICT (plant_id, day) DO UPDATE SET clear_sky_kwh = excluded.clear_sky_kwh,
      actual_kwh = excluded.actual_kwh, clearness = excluded.clearness, expected_kwh = excluded.expected_kwh,
      pr = excluded.pr, neighbours = excluded.neighbours, sunny = excluded.sunny, computed_at = excluded.computed_at`);
}
