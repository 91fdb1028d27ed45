import { Worker } from 'node:worker_threads';
import { FAULT_LEVELS } from '@pvstar/contract/alarm';
import type { DeviceDef, EnergyKwh, PlantDef } from '@pvstar/simulator/model/plant';
import { seedOf } from '@pvstar/simulator/model/rng';
import { addDays } from '@pvstar/simulator/model/time';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deviceEnergyDaily, plantEnergyDaily } from '../db/schema/index.ts';
import { revenueOf } from '../ingest/energy.ts';
import { localDay } from '../ingest/local-day.ts';
import { allDaylightBits, clearSpans, dayGrid } from '../lib/daylight-window.ts';
import type { FleetMember } from './register.ts';

export interface BackfillJob {
  key: number;
  plant: PlantDef;
  devices: DeviceDef[];
  from: string;
  to: string;
  seed: number;
}
export interface BackfillResult {
  key: number;
  days: { date: string; energy: EnergyKwh }[];
}

/** Computes the jobs' days, handing each plant's result over as it is ready. */
export type DayComputer = (
  jobs: BackfillJob[],
  onResult: (result: BackfillResult) => Promise<void>,
  signal: AbortSignal,
) => Promise<void>;

/**
 * The plant model on a worker thread. The server runs TypeScript through tsx, which a worker does not
 * inherit: a tiny module registers tsx's loader first and then imports the worker.
 */
export const computeInWorker: DayComputer = (jobs, onResult, signal) =>
  new Promise((resolve, reject) => {
    if (!jobs.length || signal.aborted) return resolve();
    const target = new URL('./backfill-worker.ts', import.meta.url).href;
    const tsx = import.meta.resolve('tsx/esm/api');
    const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(target)});`;
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), {
      workerData: { jobs },
    });
    // Results are stored one after another, in the order they arrive.
    let storing = Promise.resolve();
    let failed: unknown = null;
    const abort = () => void worker.terminate();
    signal.addEventListener('abort', abort, { once: true });
    worker.on('message', (result: BackfillResult) => {
      storing = storing
        .then(() => (failed || signal.aborted ? undefined : onResult(result)))
        .catch((err) => {
          failed ??= err;
          void worker.terminate();
        });
    });
    worker.on('error', (err) => {
      failed ??= err;
    });
    worker.on('exit', () => {
      signal.removeEventListener('abort', abort);
      void storing.then(() => (failed ? reject(failed) : resolve()));
    });
  });

/** Rows per multi-row INSERT. */
const CHUNK = 400;

/**
 * Fills the last `days` local days (up to yesterday) of daily energy for fleet members that lack some:
 * the inverter's day and the plant's, with the revenue at the plant's prices exactly as ingest computes
 * it. The model runs with the dongle's own seed, so the history joins up with what the live dongle
 * reports. Existing rows win (ON CONFLICT DO NOTHING): live data is never overwritten, and a second
 * run finds nothing to do. Returns how many plants were filled and how many plant-days were written.
 */
export async function backfill(
  db: Db,
  members: readonly FleetMember[],
  opts: { days?: number; now?: number; signal?: AbortSignal; compute?: DayComputer } = {},
): Promise<{ plants: number; written: number }> {
  const span = opts.days ?? 365;
  const now = opts.now ?? Date.now();
  const signal = opts.signal ?? new AbortController().signal;
  const windows = members
    .filter((m) => m.plant && m.inverterId !== null)
    .map((m) => {
      const today = localDay(now, m.timezone);
      return { member: m, from: addDays(today, -span), to: addDays(today, -1) };
    });
  if (!windows.length) return { plants: 0, written: 0 };

  const counts = await db.execute(sql`
    SELECT w.p AS plant_id, count(e.day)::int AS n
    FROM jsonb_to_recordset(${JSON.stringify(windows.map((w) => ({ p: w.member.plantId, f: w.from, t: w.to })))}::jsonb)
      AS w(p int, f date, t date)
    LEFT JOIN plant_energy_daily e ON e.plant_id = w.p AND e.day BETWEEN w.f AND w.t
    GROUP BY w.p`);
  const have = new Map((counts.rows as { plant_id: number; n: number }[]).map((r) => [r.plant_id, r.n]));
  const todo = windows.filter((w) => (have.get(w.member.plantId) ?? 0) < span);

  let written = 0;
  const compute = opts.compute ?? computeInWorker;
  await compute(
    todo.map((w, key) => ({
      key,
      plant: w.member.plant!,
      devices: w.member.devices,
      from: w.from,
      to: w.to,
      seed: seedOf(w.member.dongleSn),
    })),
    async ({ key, days }) => {
      const { member } = todo[key]!;
      const prices = { feedIn: member.feedInPrice, purchase: member.purchasePrice };
      const plant = member.plant!;
      // The demo history has its dongle reporting all day: every daylight interval has data, and is
      // available unless a fault of the inverter's past (alarm-history.ts) stopped it (docs/reports.md).
      const faults = (
        await db.execute<{ s: number; e: number }>(sql`
          SELECT extract(epoch FROM started_at) * 1000 AS s, extract(epoch FROM coalesce(ended_at, now())) * 1000 AS e
          FROM alarms WHERE device_id = ${member.inverterId} AND kind = 'EVENT'
            AND alarm_level IN (SELECT jsonb_array_elements_text(${JSON.stringify(FAULT_LEVELS)}::jsonb))`)
      ).rows.map((r): [number, number] => [Number(r.s), Number(r.e)]);
      const daylight = new Map(
        days.map(({ date }) => {
          const grid = dayGrid(plant, plant.timezone, date, addDays(date, 1));
          const seen = allDaylightBits(grid);
          return [date, { seen, available: clearSpans(grid, seen, faults) }];
        }),
      );
      await db.transaction(async (tx) => {
        for (let k = 0; k < days.length; k += CHUNK) {
          const part = days.slice(k, k + CHUNK);
          await tx
            .insert(deviceEnergyDaily)
            .values(
              part.map(({ date, energy }) => ({
                deviceId: member.inverterId!,
                day: date,
                ...energy,
                daylightSeen: daylight.get(date)!.seen.bits,
                daylightAvailable: daylight.get(date)!.available.bits,
              })),
            )
            .onConflictDoNothing();
          const rows = await tx
            .insert(plantEnergyDaily)
            .values(
              part.map(({ date, energy }) => ({
                plantId: member.plantId,
                day: date,
                ...energy,
                revenue: revenueOf(energy, prices),
                daylightSeen: daylight.get(date)!.seen.count,
                daylightAvailable: daylight.get(date)!.available.count,
              })),
            )
            .onConflictDoNothing()
            .returning({ day: plantEnergyDaily.day });
          written += rows.length;
        }
      });
    },
    signal,
  );
  return { plants: todo.length, written };
}
