import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { LoadStats } from '../../../bench/dongle-load.ts';
import { HOUSE, SPACING_MS } from '../../../bench/ingest-load.ts';
import { loadHouses, nextMessage, startGenerator } from '../../../bench/ingest-setup.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { sqlRow } from '../src/db/rows.ts';
import { md5 } from '../src/lib/crypto.ts';
import { ADMIN_PASSWORD } from './helper.ts';
import { freePort } from './private-services.ts';

/** What the fault tests share: the load, the server as a child process, the checks after a fault. */
export const DONGLES = 200;
export const RATE = 2000;
export const SECONDS = 10;
/** When the fault strikes after the load starts, and how long it lasts. */
export const FAULT_AT_MS = 3500;
export const OUTAGE_MS = 2500;
export const ROWS_PER_MESSAGE = HOUSE.length;

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a test started (processes, directories): ended after the file even when a test timed out. */
export const leftovers = new Set<() => void>();
/** Ends what the tests started; each test file calls it after its last test. */
export function endLeftovers() {
  for (const end of [...leftovers].reverse()) {
    try {
      end();
    } catch {
      // Already gone.
    }
  }
}

export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-faults-'));
  leftovers.add(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

export interface ReadyState {
  /** null: nothing answered (the server is down). */
  status: number | null;
  database?: boolean;
  broker?: boolean;
}

export async function ready(url: string): Promise<ReadyState> {
  try {
    const res = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(3000) });
    const body = (await res.json()) as { data: { database: boolean; broker: boolean } };
    return { status: res.status, ...body.data };
  } catch {
    return { status: null };
  }
}

/** What `/ready` says every 150 ms for `ms`. */
export async function watchReady(url: string, ms: number): Promise<ReadyState[]> {
  const seen: ReadyState[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    seen.push(await ready(url));
    await sleep(150);
  }
  return seen;
}

/** The server (`tsx apps/server/src/main.ts`) as a process of its own, so that SIGKILL is real. */
export function serverProcess(env: Record<string, string>, dir: string) {
  const url = `http://127.0.0.1:${env.PORT}`;
  const logFile = path.join(dir, 'server.log');
  let child: ChildProcess | null = null;
  /** The end of its output (warnings and errors). */
  const log = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-4000) : '');
  return {
    url,
    log,
    async start() {
      const out = fs.openSync(logFile, 'a');
      const started = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        cwd: ROOT,
        // Only what we set: the suite's DATABASE_URL or MQTT_URL must not leak into it.
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
        stdio: ['ignore', out, out],
      });
      fs.closeSync(out);
      child = started;
      const end = () => started.kill('SIGKILL');
      leftovers.add(end);
      started.once('exit', () => leftovers.delete(end));
      await until(
        async () => {
          if (started.exitCode !== null) throw new Error(`the server exited at start-up:\n${log()}`);
          return (await ready(url)).status === 200;
        },
        60_000,
        'the server to be ready',
      );
    },
    /** Sends `signal` and waits for the process to end; one that has not ended after 30 s is a failure. */
    async kill(signal: NodeJS.Signals) {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const ended = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 30_000);
        running.once('exit', () => {
          clearTimeout(timer);
          resolve(true);
        });
        running.kill(signal);
      });
      if (!ended) {
        running.kill('SIGKILL');
        throw new Error(`the server did not stop within 30 s of ${signal}`);
      }
    },
  };
}
export type Server = ReturnType<typeof serverProcess>;

export const serverEnv = (o: { dir: string; port: number; extra: Record<string, string> }) => ({
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: String(o.port),
  DATA_DIR: path.join(o.dir, 'data'),
  ADMIN_PASSWORD,
  DEMO: 'false',
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
  // The same id before and after a restart: the broker keeps ingest's session under it.
  INGEST_ID: 'faults',
  ...o.extra,
});

export interface LoadDone extends LoadStats {
  dongles: { published: number; firstDrop: { published: number; unacked: number[] } | null }[];
}

export interface FaultRun {
  load: LoadDone;
  baseTs: number;
  /** What `/ready` said while the fault lasted. */
  during: ReadyState[];
}

/** The generator's load with a fault in the middle: `inject`, OUTAGE_MS of watching `/ready`, `recover`. */
export async function loadWithFault(
  server: Server,
  brokerUrl: string,
  fault: { inject(): Promise<void>; recover(): Promise<void> },
): Promise<FaultRun> {
  const generator = startGenerator();
  const end = () => generator.kill('SIGKILL');
  leftovers.add(end);
  generator.once('exit', () => leftovers.delete(end));
  try {
    generator.send({ cmd: 'connect', url: brokerUrl, count: DONGLES, resend: true });
    await nextMessage(generator, 'connected');
    // Device time ends an hour before the last full hour: one plant day, and never in the future.
    const perDongle = Math.ceil((RATE * SECONDS) / DONGLES) + 1;
    const baseTs = Math.floor(Date.now() / 3_600_000) * 3_600_000 - perDongle * SPACING_MS - 3_600_000;
    const done = nextMessage<LoadDone>(generator, 'done');
    generator.send({ cmd: 'run', rate: RATE, seconds: SECONDS, baseTs });
    await sleep(FAULT_AT_MS);
    await fault.inject();
    const during = await watchReady(server.url, OUTAGE_MS);
    await fault.recover();
    await until(async () => (await ready(server.url)).status === 200, 60_000, '/ready to turn green again');
    return { load: await done, baseTs, during };
  } finally {
    await new Promise((resolve) => {
      if (generator.exitCode !== null) return resolve(null);
      generator.once('exit', resolve);
      generator.send({ cmd: 'close' });
      setTimeout(() => generator.kill('SIGKILL'), 5000).unref();
    });
  }
}

/** Rows stored so far. */
export const storedRows = async (db: Database['db']) =>
  (await sqlRow<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM telemetry_samples`))?.n ?? 0;

/**
 * A plant day's energy per quantity, as ingest reckons it: the sum of the increases of the lifetime counter
 * (a decrease is a reset, so the new value counts); the first reading counts its daily counter, unless it
 * lies within 10 minutes after local midnight. Over `readings` below (each reading with the one before).
 */
const counterIncreases = sql.raw(
  (
    [
      ['dailyGeneration', 'totalGeneration', 'generation'],
      ['dailyConsumption', 'totalConsumption', 'consumption'],
      ['dailyCharge', 'totalCharge', 'charge'],
      ['dailyDischarge', 'totalDischarge', 'discharge'],
      ['dailyFeedIn', 'totalFeedIn', 'feed_in'],
      ['dailyPurchase', 'totalPurchase', 'purchase'],
    ] as const
  )
    .map(
      ([daily, total, as]) =>
        `sum(CASE WHEN r.prev IS NULL THEN CASE WHEN r.near_midnight THEN 0 ELSE coalesce((r.data->>'${daily}')::float8, 0) END
            WHEN (r.data->>'${total}')::float8 < (r.prev->>'${total}')::float8 THEN (r.data->>'${total}')::float8
            ELSE (r.data->>'${total}')::float8 - (r.prev->>'${total}')::float8 END) AS ${as}`,
    )
    .join(',\n          '),
);

/**
 * What the database holds against what the dongles sent: message k of bench dongle i is one row per
 * house device at baseTs + k × SPACING_MS. `missing` / `unexpected` rows, rows stored twice, and energy
 * roll-ups that do not follow the sum of the inverters' counter increases (plant days), the plant days (months),
 * or the plants of each organisation (organisation days). `lostUnacked` counts missing rows of messages the
 * broker had not acknowledged when the dongle's connection dropped: those the dongle sends again.
 */
export async function telemetryChecks(db: Database['db'], run: FaultRun) {
  const sent = JSON.stringify(
    run.load.dongles.map((d, i) => ({
      sn: `BENCH-D-${String(i + 1).padStart(6, '0')}`,
      n: d.published,
      dropAt: d.firstDrop?.published ?? d.published,
      unacked: d.firstDrop?.unacked ?? [],
    })),
  );
  const checks = await sqlRow<Record<string, number>>(
    db,
    sql`
      WITH sent AS (
        SELECT r.sn, r.n, r."dropAt", r.unacked
        FROM jsonb_to_recordset(${sent}::jsonb) AS r(sn text, n int, "dropAt" int, unacked jsonb)),
      want AS (
        SELECT d.id AS device_id, k, to_timestamp((${run.baseTs}::bigint + k * ${SPACING_MS}) / 1000.0) AS ts,
          k >= s."dropAt" OR s.unacked @> to_jsonb(k) AS resent
        FROM sent s JOIN dongles g ON g.sn = s.sn JOIN devices d ON d.dongle_id = g.id
        CROSS JOIN generate_series(0, s.n - 1) AS k),
      missing AS (
        SELECT w.* FROM want w
        WHERE NOT EXISTS (SELECT 1 FROM telemetry_samples t WHERE t.device_id = w.device_id AND t.ts = w.ts)),
      -- Each inverter's readings in time order with the one before: a day's energy is the sum of the
      -- increases of the lifetime counters (a decrease is a reset); the first reading counts its daily
      -- counters, unless it lies within 10 minutes after local midnight (they may not have reset yet).
      readings AS (
        SELECT d.plant_id, (t.ts AT TIME ZONE p.timezone)::date AS day, t.data,
          lag(t.data) OVER (PARTITION BY t.device_id ORDER BY t.ts) AS prev,
          ((t.ts - interval '10 minutes') AT TIME ZONE p.timezone)::date <> (t.ts AT TIME ZONE p.timezone)::date AS near_midnight
        FROM telemetry_samples t JOIN devices d ON d.id = t.device_id AND d.kind = 'INVERTER'
        JOIN plants p ON p.id = d.plant_id
        WHERE t.data ? 'totalGeneration'),
      counters AS (
        SELECT r.plant_id, r.day,
          ${counterIncreases}
        FROM readings r
        GROUP BY 1, 2),
      months AS (
        SELECT plant_id, date_trunc('month', day)::date AS month, sum(generation) AS generation,
          sum(consumption) AS consumption, sum(feed_in) AS feed_in, sum(purchase) AS purchase,
          sum(revenue) AS revenue
        FROM plant_energy_daily GROUP BY 1, 2),
      orgs AS (
        SELECT p.org_id, e.day, sum(e.generation) AS generation, sum(e.feed_in) AS feed_in,
          sum(e.revenue) AS revenue
        FROM plant_energy_daily e JOIN plants p ON p.id = e.plant_id GROUP BY 1, 2),
      org_rows AS (
        SELECT org_id, day, sum(generation) AS generation, sum(feed_in) AS feed_in, sum(revenue) AS revenue
        FROM org_energy_daily GROUP BY 1, 2)
      SELECT
        (SELECT count(*)::int FROM telemetry_samples) AS stored,
        (SELECT count(*)::int FROM want) AS wanted,
        (SELECT count(*)::int FROM missing) AS missing,
        (SELECT count(*)::int FROM missing WHERE resent) AS "lostUnacked",
        (SELECT count(*)::int FROM telemetry_samples t
          WHERE NOT EXISTS (SELECT 1 FROM want w WHERE w.device_id = t.device_id AND w.ts = t.ts)) AS unexpected,
        (SELECT count(*)::int FROM (
          SELECT 1 FROM telemetry_samples GROUP BY device_id, ts HAVING count(*) > 1) x) AS "storedTwice",
        (SELECT count(*)::int FROM counters c FULL JOIN plant_energy_daily e
          ON e.plant_id = c.plant_id AND e.day = c.day
          WHERE c.plant_id IS NULL OR e.plant_id IS NULL
            OR abs(e.generation - c.generation) > 1e-6 OR abs(e.consumption - c.consumption) > 1e-6
            OR abs(e.charge - c.charge) > 1e-6 OR abs(e.discharge - c.discharge) > 1e-6
            OR abs(e.feed_in - c.feed_in) > 1e-6 OR abs(e.purchase - c.purchase) > 1e-6) AS "plantDaysWrong",
        (SELECT count(*)::int FROM months s FULL JOIN plant_energy_monthly m
          ON m.plant_id = s.plant_id AND m.month = s.month
          WHERE s.plant_id IS NULL OR m.plant_id IS NULL
            OR abs(m.generation - s.generation) > 1e-6 OR abs(m.consumption - s.consumption) > 1e-6
            OR abs(m.feed_in - s.feed_in) > 1e-6 OR abs(m.purchase - s.purchase) > 1e-6
            OR abs(m.revenue - s.revenue) > 1e-6) AS "plantMonthsWrong",
        (SELECT count(*)::int FROM orgs s FULL JOIN org_rows o ON o.org_id = s.org_id AND o.day = s.day
          WHERE s.org_id IS NULL OR o.org_id IS NULL
            OR abs(o.generation - s.generation) > 1e-6 OR abs(o.feed_in - s.feed_in) > 1e-6
            OR abs(o.revenue - s.revenue) > 1e-6) AS "orgDaysWrong",
        (SELECT count(*)::int FROM counters) AS "plantDays",
        (SELECT count(*)::int FROM counters WHERE generation > 0) AS "plantDaysWithGeneration"`,
  );
  return checks!;
}

/** Waits until `count()` reaches `want` or stops moving for 20 s. */
export async function settle(count: () => Promise<number>, want: number) {
  let last = -1;
  let movedAt = Date.now();
  for (;;) {
    const n = await count();
    if (n >= want) return;
    if (n !== last) {
      last = n;
      movedAt = Date.now();
    } else if (Date.now() - movedAt > 20_000) return;
    await sleep(250);
  }
}

/** The checks every fault must pass once the load is over. */
export function expectAllStoredOnce(checks: Record<string, number>, run: FaultRun) {
  const published = run.load.dongles.reduce((n, d) => n + d.published, 0);
  expect(published).toBe(RATE * SECONDS);
  expect(run.load.acked).toBe(published);
  expect(checks.wanted).toBe(published * ROWS_PER_MESSAGE);
  expect(checks).toMatchObject({
    unexpected: 0,
    storedTwice: 0,
    lostUnacked: 0,
    plantDaysWrong: 0,
    plantMonthsWrong: 0,
    orgDaysWrong: 0,
    plantDays: DONGLES,
    plantDaysWithGeneration: DONGLES,
  });
  expect(checks).toMatchObject({ missing: 0, stored: checks.wanted });
}

/** Signs in as the provider's administrator (the account every seed creates). */
export async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/auth/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      account: 'admin',
      password: md5(ADMIN_PASSWORD),
      loginType: 'password',
      agree: true,
    }),
  });
  const body = (await res.json()) as { data: string };
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status}`);
  return body.data;
}

/** Bench inverters whose newest report (device time, through the API) is not their dongle's last message. */
export async function invertersBehind(url: string, token: string, run: FaultRun): Promise<number> {
  const lastTs = new Map(
    run.load.dongles.map((d, i) => [
      `BENCH-I-${String(i + 1).padStart(6, '0')}`,
      run.baseTs + (d.published - 1) * SPACING_MS,
    ]),
  );
  let behind = lastTs.size;
  for (let page = 1; (page - 1) * 100 < DONGLES; page++) {
    const res = await fetch(`${url}/iot/device/page?pageNum=${page}&pageSize=100`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ deviceType: 'INVERTER', sn: 'BENCH-I-' }),
    });
    const { data } = (await res.json()) as { data: { list: { sn: string; lastSeenAt: string | null }[] } };
    for (const d of data.list) if (d.lastSeenAt && Date.parse(d.lastSeenAt) === lastTs.get(d.sn)) behind -= 1;
  }
  return behind;
}

/**
 * The embedded default under load, its server stopped by `signal` in the middle and started again on the
 * same data directory and MQTT port; returns the run and what the database holds afterwards.
 */
export async function embeddedRestart(signal: 'SIGTERM' | 'SIGKILL') {
  const dir = tempDir();
  const dbDir = path.join(dir, 'data', 'db');
  const prepared = await openDatabase({ dataDir: dbDir });
  await prepared.migrate();
  await loadHouses(prepared, DONGLES);
  await prepared.close();
  const mqttPort = await freePort();
  const server = serverProcess(
    serverEnv({ dir, port: await freePort(), extra: { MQTT_PORT: String(mqttPort) } }),
    dir,
  );
  let database: Database | null = null;
  try {
    await server.start();
    const run = await loadWithFault(server, `mqtt://127.0.0.1:${mqttPort}`, {
      inject: () => server.kill(signal),
      recover: () => server.start(),
    });
    // PGlite belongs to the server while it runs: follow ingest through the API, then stop it cleanly.
    const token = await adminToken(server.url);
    await until(
      async () => (await invertersBehind(server.url, token, run)) === 0,
      90_000,
      'ingest to catch up with every dongle',
    );
    await server.kill('SIGTERM');
    database = await openDatabase({ dataDir: dbDir });
    return { run, checks: await telemetryChecks(database.db, run) };
  } catch (err) {
    console.error(server.log());
    throw err;
  } finally {
    await server.kill('SIGTERM');
    await database?.close();
  }
}
