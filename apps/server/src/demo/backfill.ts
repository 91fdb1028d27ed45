import { Worker } from 'node:worker_threads';
import { FAULT_LEVELS } from '@pvstar/contract/alarm';
import { addDays, localMidnight } from '@pvstar/contract/calendar';
import type { HistoryStart, PlantHistory, PlantState } from '@pvstar/simulator/model/energy';
import type { DeviceDef, PlantDef } from '@pvstar/simulator/model/plant';
import { seedOf } from '@pvstar/simulator/model/rng';
import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { sqlRow, sqlRows } from '../db/rows.ts';
import { deviceEnergyDaily, devices, plantEnergyDaily } from '../db/schema/index.ts';
import { localDay } from '../domain/calendar.ts';
import { allDaylightBits, clearSpans, dayGrid } from '../domain/daylight.ts';
import { revenueOf } from '../domain/energy.ts';
import { recomputeEnergy } from '../ingest/energy-recompute.ts';
import { latestStates } from './latest-state.ts';
import type { FleetMember } from './register.ts';

export interface BackfillJob {
  key: number;
  plant: PlantDef;
  devices: DeviceDef[];
  seed: number;
  start: HistoryStart;
  samplesFrom: number;
  until: number;
}
export interface BackfillResult {
  key: number;
  history: PlantHistory;
}

/** Computes the jobs' histories, handing each plant's over as it is ready. */
export type HistoryComputer = (
  jobs: BackfillJob[],
  onResult: (result: BackfillResult) => Promise<void>,
  signal: AbortSignal,
) => Promise<void>;

/** Worker threads: the model of the default fleet's ~107 plant-years takes about a minute of CPU. */
const WORKERS = 2;

function runWorker(
  jobs: BackfillJob[],
  onResult: (result: BackfillResult) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!jobs.length || signal.aborted) return resolve();
    const target = new URL('./backfill-worker.ts', import.meta.url).href;
    const tsx = import.meta.resolve('tsx/esm/api');
    const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(target)});`;
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), {
      workerData: { jobs },
    });
    let failed: unknown = null;
    const abort = () => void worker.terminate();
    signal.addEventListener('abort', abort, { once: true });
    worker.on('message', onResult);
    worker.on('error', (err) => {
      failed ??= err;
    });
    worker.on('exit', () => {
      signal.removeEventListener('abort', abort);
      if (failed) reject(failed);
      else resolve();
    });
  });
}

/**
 * The plant model on worker threads. The server runs TypeScript through tsx, which a worker does not
 * inherit: a tiny module registers tsx's loader first and then imports the worker. Results are stored
 * one after another, in the order they arrive.
 */
export const computeInWorkers: HistoryComputer = async (jobs, onResult, signal) => {
  let storing = Promise.resolve();
  let failed: unknown = null;
  const local = new AbortController();
  const stop = () => local.abort();
  signal.addEventListener('abort', stop, { once: true });
  const take = (result: BackfillResult) => {
    storing = storing
      .then(() => (failed || local.signal.aborted ? undefined : onResult(result)))
      .catch((err) => {
        failed ??= err;
        local.abort();
      });
  };
  // Shortest histories first, dealt out in turn: most dongles go live early, the workers end together.
  const span = (j: BackfillJob) =>
    j.until - ('connected' in j.start ? Date.parse(j.start.connected) : j.start.at);
  const sorted = [...jobs].sort((a, b) => span(a) - span(b));
  const shares = Array.from({ length: WORKERS }, (_, w) => sorted.filter((_, i) => i % WORKERS === w));
  try {
    await Promise.all(shares.map((share) => runWorker(share, take, local.signal)));
  } finally {
    signal.removeEventListener('abort', stop);
  }
  await storing;
  if (failed) throw failed;
};

/** Rows per multi-row INSERT. */
const CHUNK = 400;
/** A restart fills the gap since the last stored reading with samples up to this long; a longer one stays a gap. */
const MAX_GAP_MS = 8 * 86_400_000;
const STEP_MS = 5 * 60_000;

/** The daily roll-ups of the days before the samples: the inverter's and the plant's, ingest's revenue. */
async function storeDays(tx: Tx, member: FleetMember, days: PlantHistory['days']): Promise<number> {
  const prices = { feedIn: member.feedInPrice, purchase: member.purchasePrice };
  const plant = member.plant!;
  let written = 0;
  // The demo history has its dongle reporting all day: every daylight interval has data, and is
  // available unless a fault of the inverter's past (alarm-history.ts) stopped it (docs/reports.md).
  const faults = (
    await sqlRows<{ s: number; e: number }>(
      tx,
      sql`
      SELECT extract(epoch FROM started_at) * 1000 AS s, extract(epoch FROM coalesce(ended_at, now())) * 1000 AS e
      FROM alarms WHERE device_id = ${member.inverterId} AND kind = 'EVENT'
        AND alarm_level IN (SELECT jsonb_array_elements_text(${JSON.stringify(FAULT_LEVELS)}::jsonb))`,
    )
  ).map((r): [number, number] => [r.s, r.e]);
  for (let k = 0; k < days.length; k += CHUNK) {
    const part = days.slice(k, k + CHUNK).map((d) => {
      const grid = dayGrid(plant, plant.timezone, d.date, addDays(d.date, 1));
      const seen = allDaylightBits(grid);
      return { ...d, daylight: seen, available: clearSpans(grid, seen, faults) };
    });
    await tx
      .insert(deviceEnergyDaily)
      .values(
        part.map(({ date, energy, daylight, available }) => ({
          deviceId: member.inverterId!,
          day: date,
          ...energy,
          // The day's money at the plant's flat prices, which its revenue below sums to (decision 023).
          feedInValue: energy.feedIn * prices.feedIn,
          selfValue: (energy.generation - energy.feedIn - energy.charge + energy.discharge) * prices.purchase,
          daylightSeen: daylight.bits,
          daylightAvailable: available.bits,
        })),
      )
      .onConflictDoNothing();
    const rows = await tx
      .insert(plantEnergyDaily)
      .values(
        part.map(({ date, energy, daylight, available }) => ({
          plantId: member.plantId,
          day: date,
          ...energy,
          revenue: revenueOf(energy, prices),
          daylightSeen: daylight.count,
          daylightAvailable: available.count,
        })),
      )
      .onConflictDoNothing()
      .returning({ day: plantEnergyDaily.day });
    written += rows.length;
  }
  return written;
}

/** The raw samples as ingest stores them, and each device's latest values where these are newer. */
async function storeSamples(tx: Tx, member: FleetMember, samples: PlantHistory['samples']): Promise<number> {
  const ids = new Map(
    (
      await tx
        .select({ id: devices.id, sn: devices.sn })
        .from(devices)
        .where(
          inArray(
            devices.sn,
            member.devices.map((d) => d.sn),
          ),
        )
    ).map((r) => [r.sn, r.id]),
  );
  const rows = samples.flatMap((s) =>
    s.devices.flatMap((d) => {
      const id = ids.get(d.sn);
      return id === undefined ? [] : [{ d: id, t: new Date(s.ts).toISOString(), v: d.data }];
    }),
  );
  let stored = 0;
  for (let k = 0; k < rows.length; k += 4 * CHUNK) {
    const res = await sqlRow<{ n: number }>(
      tx,
      sql`
      WITH r AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows.slice(k, k + 4 * CHUNK))}::jsonb) AS r(d int, t timestamptz, v jsonb)),
      stored AS (INSERT INTO telemetry_samples (device_id, ts, data) SELECT d, t, v FROM r ON CONFLICT DO NOTHING RETURNING 1),
      latest AS (
        INSERT INTO device_latest (device_id, ts, data) SELECT DISTINCT ON (d) d, t, v FROM r ORDER BY d, t DESC
        ON CONFLICT (device_id) DO UPDATE SET ts = excluded.ts, data = excluded.data
        WHERE device_latest.ts < excluded.ts)
      SELECT count(*)::int AS n FROM stored`,
    );
    stored += res?.n ?? 0;
  }
  return stored;
}

export interface BackfillSummary {
  /** Plants whose history was computed (at first start, or to fill the gap of a restart). */
  plants: number;
  /** Plant-days of roll-ups written. */
  days: number;
  /** Raw samples written. */
  samples: number;
}

/**
 * Gives every fleet member its past, once. At first start (its inverter has no stored reading) the model
 * runs from the plant's grid connection, every counter at zero: the daily roll-ups of every day up to
 * `sampleDays` days ago, then every device's five-minute samples up to `now`, whose roll-ups are made by
 * the same recomputation from raw samples that energy:recompute runs. So the inverter's lifetime counters
 * are the sum of its history, and the power curves of the last days and of today since midnight exist.
 * On a restart the gap since the last stored reading (up to 8 days) is filled with samples the same way;
 * nothing is written twice (ON CONFLICT DO NOTHING; a filled plant has a stored reading).
 *
 * `onReady` gets each member as soon as its past is stored, with the state its dongle resumes from (null:
 * nothing to resume, e.g. a plant without a position): the live dongle then continues the counters.
 */
export async function backfill(
  db: Db,
  members: readonly FleetMember[],
  opts: {
    now?: number;
    sampleDays?: number;
    signal?: AbortSignal;
    compute?: HistoryComputer;
    onReady?: (member: FleetMember, state: PlantState | null) => void;
  } = {},
): Promise<BackfillSummary> {
  const now = opts.now ?? Date.now();
  const sampleDays = opts.sampleDays ?? 7;
  const signal = opts.signal ?? new AbortController().signal;
  const ready = opts.onReady ?? (() => {});
  const summary: BackfillSummary = { plants: 0, days: 0, samples: 0 };
  const modelled = members.filter((m) => m.plant && m.inverterId !== null);
  for (const m of members) if (!modelled.includes(m)) ready(m, null);
  const latest = await latestStates(db, modelled);

  const todo: { member: FleetMember; job: Omit<BackfillJob, 'key'> }[] = [];
  for (const member of modelled) {
    const plant = member.plant!;
    const base = { plant, devices: member.devices, seed: seedOf(member.dongleSn), until: now };
    const state = latest.get(member.dongleSn);
    if (!state) {
      const today = localDay(now, plant.timezone);
      const connected =
        member.gridConnectionDate && member.gridConnectionDate <= today ? member.gridConnectionDate : today;
      const samplesFrom = localMidnight(addDays(today, -sampleDays), plant.timezone);
      todo.push({ member, job: { ...base, start: { connected }, samplesFrom } });
    } else if (state.at < now - STEP_MS && state.at > now - MAX_GAP_MS)
      todo.push({ member, job: { ...base, start: state, samplesFrom: state.at } });
    else ready(member, state);
  }
  if (!todo.length) return summary;

  // The months the samples fall in get their partitions first (else they would wait in the default one).
  const earliest = Math.min(...todo.map((t) => t.job.samplesFrom));
  for (let m = new Date(earliest); m.getTime() <= now; m.setUTCMonth(m.getUTCMonth() + 1, 1))
    await db.execute(sql`SELECT create_sample_partition(${m.toISOString().slice(0, 10)}::date)`);

  const compute = opts.compute ?? computeInWorkers;
  await compute(
    todo.map((t, key) => ({ key, ...t.job })),
    async ({ key, history }) => {
      const { member } = todo[key]!;
      const tz = member.plant!.timezone;
      await db.transaction(async (tx) => {
        summary.days += await storeDays(tx, member, history.days);
        summary.samples += await storeSamples(tx, member, history.samples);
        if (history.samples.length)
          await recomputeEnergy(tx, {
            plantId: member.plantId,
            from: localDay(history.samples[0]!.ts, tz),
            to: localDay(history.samples.at(-1)!.ts, tz),
          });
      });
      summary.plants++;
      ready(member, history.end);
    },
    signal,
  );
  return summary;
}
