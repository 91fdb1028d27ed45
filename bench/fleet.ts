import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/seed.ts';
import { postgresMissing, privatePostgres } from '../apps/server/test/private-services.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './api-endpoints.ts';
import { freePort, startServer } from './api-server.ts';
import {
  loadDashboards,
  percentile,
  signInAll,
  sleep,
  storedFigures,
  type Watcher,
  watchPostgres,
} from './fleet-measure.ts';
import {
  DEFAULT_GENERATOR_SIZE,
  generators,
  HOLD_SECONDS,
  morningZone,
  registerFleet,
} from './fleet-setup.ts';
import { fleetTable } from './fleet-table.ts';
import { machine } from './ingest.ts';
import { privateMosquitto } from './private-mosquitto.ts';
import { cpuMsOf, openFileLimit, processUsage } from './proc.ts';

/**
 * Fleet: the real server (all roles: api + ingest + jobs, logging at `info` as in production, its output
 * counted and discarded) as a child process, and a fleet of FLEET dongles at fleet pace — one telemetry
 * message a minute each in slots spread evenly over the minute, 1 % of them a minute raising or ending a
 * fault event — then a mass outage: a third of the dongles pull their plug (the broker publishes their
 * 'offline' will) and return together OUTAGE_SECONDS later. Then DASHBOARD_USERS distinct users, each
 * signed in through the API, ask for their dashboard round-robin: installers (each their own installer
 * with 1/DASHBOARD_USERS of the fleet) and dealers (each the whole fleet).
 *
 * Setups: PostgreSQL (DATABASE_URL, a fresh database) + a Mosquitto of the bench's own with the limits of
 * docs/mosquitto.conf (anonymous: the server's default MQTT_AUTH=external, the dongles' passwords are not
 * checked by Mosquitto here); the embedded default (PGlite + the embedded broker, in the server).
 *
 * Reports per setup and fleet size, for the steady state and for the outage (from the drop to a minute
 * after the return): CPU per message of the server, of PostgreSQL (its backends of the bench database and
 * the cluster's own processes: WAL writer, checkpointer, …) and of Mosquitto, from /proc; p99 publish →
 * commit; deadlocks (pg_stat_database); the server's RSS; published / stored telemetry and plant-day
 * energy against the counters (bench:ingest's check); dashboards per second and CPU per dashboard.
 * Publish → commit: on PostgreSQL the dongle row's last_seen_at (the committing transaction's start) less
 * its last_telemetry_at (device time = publish time), read once a second; on the embedded default the
 * PUBACK time, which the embedded broker sends once the message is stored (decision 008).
 *
 *   npm run bench:fleet     FLEET=10000,50000 on PostgreSQL + Mosquitto, 10000 embedded
 *   FLEET=2000 MINUTES=1 OUTAGE=0 ONLY=pglite|postgres DASHBOARD_USERS=50   smaller, or one setup
 *   WARMUP=1 (minutes, not counted) OUTAGE_SECONDS=120 DASHBOARD_SECONDS=10 EVENT_SHARE=0.01
 *   MINUTES=0 OUTAGE=0 DASHBOARD_USERS=0: connect only (registration, connecting, holding 20 s)
 *   DATABASE_URL turns the PostgreSQL runs on; they use a cluster of the bench's own (initdb, autovacuum on)
 *   where PostgreSQL's binaries are installed, DATABASE_URL's server itself with PRIVATE_PG=0
 *   VARIANTS="INGEST_FLUSH_MS=250 INGEST_LANES=4;INGEST_LANES=1": every run once per variant of the server's
 *   environment, one after another in this process (side by side)
 *   CPU_PROF=dir: the server's CPU profile of each run (the whole run: connecting, load, dashboards) in dir
 *   PG_STATS=1: the private cluster loads pg_stat_statements; each PostgreSQL run prints its steady state's
 *   costliest statements (wall time: lock waits included). PG_EXPLAIN=20: auto_explain logs the plans of a
 *   sample of the statements slower than 20 ms to /tmp/pvstar-fleet-explain.log
 *
 * Beyond ~28,000 connections to one port a source address runs out of ports: each generator process
 * (at most GENERATOR_SIZE dongles, under the file limit) connects from an address of its own, 127.0.0.2…
 * bench/fleet.test.ts runs a short fleet of it in `npm test`.
 */

export interface FleetOptions {
  dongles: number;
  /** Length of a "minute", ms: 60,000 but in the short test. */
  minuteMs: number;
  warmupMinutes: number;
  minutes: number;
  /** Seconds a third of the fleet stays away; 0: no outage. */
  outageSeconds: number;
  /** Share of the dongles that raise or end a fault event a minute. */
  eventShare: number;
  dashboardUsers: number;
  dashboardSeconds: number;
  /** A PostgreSQL server to create the bench database on (with a Mosquitto of the bench's own); embedded when absent. */
  postgresUrl?: string;
  /** Dongles per generator process. */
  generatorSize?: number;
  /** More of the server's environment (a variant: INGEST_FLUSH_MS, INGEST_LANES, …), named in the setup. */
  serverEnv?: Record<string, string>;
  /** Print the steady state's costliest statements (pg_stat_statements must be loaded: PG_STATS=1). */
  statementStats?: boolean;
  /** PostgreSQL is a cluster of the bench's own (its CPU is counted whole: processTreeCpuMs). */
  privateCluster?: boolean;
  /** The server's CPU profile (node --cpu-prof) is written into this folder when it stops (CPU_PROF=dir). */
  cpuProfDir?: string;
  log?: (line: string) => void;
}

export interface PhaseResult {
  seconds: number;
  /** Messages published in the phase (telemetry, events, statuses). */
  messages: number;
  telemetry: number;
  /** CPU per message, ms. */
  serverMsPerMessage: number;
  postgresMsPerMessage: number;
  brokerMsPerMessage: number;
  /** CPU over the phase, % of one core. */
  serverCpuPct: number;
  postgresCpuPct: number;
  brokerCpuPct: number;
  p50Ms: number;
  p99Ms: number;
  /** Publish → commit times the p99 rests on. */
  latencies: number;
  deadlocks: number;
}

export interface DashboardResult {
  users: number;
  perSecond: number;
  /** Server + PostgreSQL CPU per dashboard, ms. */
  cpuMsPerDashboard: number;
  errors: number;
}

export interface FleetResult {
  setup: string;
  dongles: number;
  connectSeconds: number;
  steady: PhaseResult;
  outage: (PhaseResult & { dropped: number; returnSeconds: number }) | null;
  telemetryPublished: number;
  telemetryAcked: number;
  storedMessages: number;
  /** Plant days whose generation is not what the counters imply (bench:ingest's check). */
  energyMismatches: number;
  eventsPublished: number;
  disconnects: number;
  serverRssConnectedMb: number;
  serverRssMaxMb: number;
  brokerRssMb: number | null;
  serverLogLines: number;
  dashboards: { installers: DashboardResult; dealers: DashboardResult } | null;
  loadAvg: number[];
}

export async function benchFleet(o: FleetOptions): Promise<FleetResult> {
  const log = o.log ?? (() => {});
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-bench-fleet-'));
  const cleanups: (() => Promise<unknown>)[] = [
    async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  ];
  try {
    // The database: migrated, seeded (demo tree, no demo plants) and the fleet written, before the server starts.
    let dbUrl: string | undefined;
    if (o.postgresUrl) {
      const name = `pvstar_bench_${randomBytes(5).toString('hex')}`;
      const admin = async (statement: string) => {
        const c = new pg.Client({ connectionString: o.postgresUrl });
        await c.connect();
        await c.query(statement);
        await c.end();
      };
      await admin(`CREATE DATABASE ${name}`);
      cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      const url = new URL(o.postgresUrl);
      url.pathname = `/${name}`;
      dbUrl = url.toString();
    }
    const openBench = () => openDatabase(dbUrl ? { url: dbUrl } : { dataDir: path.join(dataDir, 'db') });
    const t0 = performance.now();
    {
      const database = await openBench();
      await database.migrate();
      await seed(database.db, { APP_TITLE: 'PVSTAR', ADMIN_PASSWORD, DEMO_PASSWORD, demo: true });
      await registerFleet(database.db, o.dongles, Math.max(1, o.dashboardUsers), morningZone());
      await database.close();
    }
    log(`registered ${o.dongles} dongles in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const broker = o.postgresUrl ? await privateMosquitto() : null;
    if (o.postgresUrl && !broker) throw new Error('mosquitto could not be started (is it installed?)');
    if (broker) cleanups.push(async () => broker.stop());
    const mqttPort = await freePort();
    const server = await startServer(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: dbUrl ?? '',
        MQTT_URL: broker?.url ?? '',
        MQTT_PORT: String(mqttPort),
        MQTT_SERVICE_PASSWORD: randomBytes(12).toString('hex'),
        LOG_LEVEL: 'info',
        LOGIN_RATE_PER_MINUTE: '100000',
        ...o.serverEnv,
      },
      o.cpuProfDir,
      [],
    );
    let serverStopped = false;
    cleanups.push(async () => {
      if (!serverStopped) await server.stop();
    });
    const watcher: Watcher | null = dbUrl ? await watchPostgres(dbUrl) : null;
    if (watcher) cleanups.push(() => watcher.close());
    const deadlocks0 = (await watcher?.deadlocks()) ?? 0;

    // Each connection is a file of the process that holds it: the broker's (the server's, embedded).
    const holder = broker?.pid ?? server.pid;
    if (o.dongles + 64 > openFileLimit(holder))
      throw new Error(
        `${o.dongles} connections exceed the ${broker ? 'broker' : 'server'}'s open-file limit (${openFileLimit(holder)}): raise the hard limit (ulimit -Hn) first`,
      );
    const gen = generators(o.dongles, o.generatorSize ?? DEFAULT_GENERATOR_SIZE);
    cleanups.push(() => gen.close());
    const mqttUrl = broker?.url ?? `mqtt://127.0.0.1:${mqttPort}`;
    const size = o.generatorSize ?? DEFAULT_GENERATOR_SIZE;
    const tc = performance.now();
    await gen.ask(
      (k) => ({
        cmd: 'connect',
        url: mqttUrl,
        from: k * size,
        count: Math.min(size, o.dongles - k * size),
        total: o.dongles,
        localAddress: `127.0.0.${2 + k}`,
      }),
      'connected',
    );
    const connectSeconds = (performance.now() - tc) / 1000;
    const serverRssConnectedMb = processUsage(server.pid).rssMb;
    log(`connected in ${connectSeconds.toFixed(1)} s, server RSS ${serverRssConnectedMb.toFixed(0)} MB`);
    let serverRssMaxMb = serverRssConnectedMb;
    const rssTimer = setInterval(() => {
      serverRssMaxMb = Math.max(serverRssMaxMb, processUsage(server.pid).rssMb);
    }, 1000);
    cleanups.push(async () => clearInterval(rssTimer));

    // A phase's figures: CPU of server, PostgreSQL and broker, messages and latencies between two marks.
    const mark = async () => {
      const pgPids = (await watcher?.pids()) ?? [];
      return {
        at: performance.now(),
        server: cpuMsOf([server.pid]),
        pg: new Map(pgPids.map((pid) => [pid, cpuMsOf([pid])])),
        cluster: o.privateCluster ? (watcher?.clusterCpuMs() ?? 0) : 0,
        deadlocks: (await watcher?.deadlocks()) ?? 0,
        broker: broker ? cpuMsOf([broker.pid]) : 0,
        counts: await gen.ask(() => ({ cmd: 'window' }), 'window'),
        latencies: watcher?.takeLatencies() ?? [],
      };
    };
    const phase = async (start: Awaited<ReturnType<typeof mark>>, wait: () => Promise<void>) => {
      await wait();
      const end = await mark();
      // A cluster of the bench's own is counted whole; on a shared server, a backend that ended within the
      // phase is not counted (an undercount where the pool closes idle connections), one that began counts
      // from its start.
      let pgMs = end.cluster - start.cluster;
      if (!o.privateCluster) for (const [pid, ms] of end.pg) pgMs += ms - (start.pg.get(pid) ?? 0);
      const messages = end.counts.published - start.counts.published;
      const latencies = watcher ? end.latencies : end.counts.ackMs;
      const per = (ms: number) => ms / Math.max(1, messages);
      const pct = (ms: number) => (ms / (end.at - start.at)) * 100;
      return {
        seconds: (end.at - start.at) / 1000,
        serverCpuPct: pct(end.server - start.server),
        postgresCpuPct: pct(pgMs),
        brokerCpuPct: pct(end.broker - start.broker),
        messages,
        telemetry: end.counts.telemetryPublished - start.counts.telemetryPublished,
        serverMsPerMessage: per(end.server - start.server),
        postgresMsPerMessage: per(pgMs),
        brokerMsPerMessage: per(end.broker - start.broker),
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        latencies: latencies.length,
        deadlocks: end.deadlocks - start.deadlocks,
      } satisfies PhaseResult;
    };

    // MINUTES=0: the fleet only holds its connections for CONNECT_HOLD seconds, publishing nothing.
    if (o.minutes > 0) {
      const runStart = Date.now() + 1000;
      await gen.ask(
        () => ({ cmd: 'run', t0: runStart, minuteMs: o.minuteMs, eventShare: o.eventShare }),
        'running',
      );
      await sleep(runStart - Date.now() + o.warmupMinutes * o.minuteMs);
    }
    log('steady state');
    if (o.statementStats) await watcher?.resetStatements();
    const steady = await phase(await mark(), () =>
      sleep(o.minutes > 0 ? o.minutes * o.minuteMs : HOLD_SECONDS * 1000),
    );
    log(`steady: ${JSON.stringify(steady)}`);
    if (o.statementStats && watcher) {
      log('steady: costliest statements (calls × ms per call, of which planning; rows per call)');
      for (const st of await watcher.topStatements(20))
        log(
          `  ${st.calls} × ${st.ms.toFixed(2)} ms (plan ${st.planMs.toFixed(2)}), ${st.rows.toFixed(1)} rows: ${st.query.slice(0, 160)}`,
        );
    }

    let outage: FleetResult['outage'] = null;
    if (o.outageSeconds > 0) {
      const start = await mark();
      const dropped = await gen.ask<{ count: number }>(() => ({ cmd: 'drop', every: 3 }), 'dropped');
      log(`dropped ${dropped.count} dongles`);
      let returnSeconds = 0;
      const result = await phase(start, async () => {
        await sleep(o.outageSeconds * 1000);
        const back = await gen.ask<{ ms: number }>(() => ({ cmd: 'return' }), 'returned');
        returnSeconds = back.ms / 1000;
        log(`returned in ${returnSeconds.toFixed(1)} s`);
        await sleep(o.minuteMs);
      });
      outage = { ...result, dropped: dropped.count, returnSeconds };
      log(`outage: ${JSON.stringify(outage)}`);
    }

    const stopped = await gen.ask(() => ({ cmd: 'stop' }), 'stopped');
    // Everything acknowledged must commit: on PostgreSQL wait while the stored count still moves.
    if (watcher) {
      let seen = -1;
      let still = Date.now();
      for (;;) {
        const n = await watcher.storedTelemetry();
        if (n >= stopped.telemetryAcked || Date.now() - still > 30_000) break;
        if (n !== seen) {
          seen = n;
          still = Date.now();
        }
        await sleep(200);
      }
    }
    const deadlocks = ((await watcher?.deadlocks()) ?? 0) - deadlocks0;
    log(`stopped; deadlocks over the run ${deadlocks}`);

    let dashboards: FleetResult['dashboards'] = null;
    if (o.dashboardUsers > 0 && o.dashboardSeconds > 0) {
      const cpu = async () => cpuMsOf([server.pid, ...((await watcher?.pids()) ?? [])]);
      const installers = await loadDashboards(
        server.base,
        await signInAll(server.base, 'installer', o.dashboardUsers),
        o.dashboardSeconds,
        cpu,
      );
      const dealers = await loadDashboards(
        server.base,
        await signInAll(server.base, 'dealer', o.dashboardUsers),
        o.dashboardSeconds,
        cpu,
      );
      dashboards = { installers, dealers };
      log(`dashboards: ${JSON.stringify(dashboards)}`);
    }

    const brokerRssMb = broker ? processUsage(broker.pid).rssMb : null;
    const serverLogLines = server.lines();
    // Warnings and errors the server logged (pino levels 40, 50, 60), the last of them for the log.
    const warnings = server
      .output()
      .split('\n')
      .filter((l) => /"level":(40|50|60)/.test(l));
    for (const w of warnings.slice(-5)) log(`server: ${w.slice(0, 300)}`);
    await gen.close();
    serverStopped = true;
    await server.stop();
    clearInterval(rssTimer);
    const database = await openBench();
    const figures = await storedFigures(database.db).finally(() => database.close());
    const variant = Object.entries(o.serverEnv ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    return {
      setup: `${o.postgresUrl ? 'PostgreSQL + Mosquitto' : 'embedded (PGlite + embedded broker)'}${variant ? ` (${variant})` : ''}`,
      dongles: o.dongles,
      connectSeconds,
      steady,
      outage,
      telemetryPublished: stopped.telemetryPublished,
      telemetryAcked: stopped.telemetryAcked,
      storedMessages: figures.rows,
      energyMismatches: figures.mismatches,
      eventsPublished: stopped.eventsPublished,
      disconnects: stopped.disconnects,
      serverRssConnectedMb,
      serverRssMaxMb,
      brokerRssMb,
      serverLogLines,
      dashboards,
      loadAvg: os.loadavg(),
    };
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  }
}

async function main() {
  const env = process.env;
  const sizes = (env.FLEET ?? '10000,50000').split(',').map(Number);
  const base = {
    minuteMs: 60_000,
    warmupMinutes: Number(env.WARMUP ?? 1),
    minutes: Number(env.MINUTES ?? 3),
    outageSeconds: env.OUTAGE === '0' ? 0 : Number(env.OUTAGE_SECONDS ?? 120),
    eventShare: Number(env.EVENT_SHARE ?? 0.01),
    dashboardUsers: Number(env.DASHBOARD_USERS ?? 50),
    dashboardSeconds: Number(env.DASHBOARD_SECONDS ?? 10),
    ...(env.GENERATOR_SIZE ? { generatorSize: Number(env.GENERATOR_SIZE) } : {}),
    ...(env.CPU_PROF ? { cpuProfDir: env.CPU_PROF } : {}),
    log: (line: string) => console.error(`  ${new Date().toISOString().slice(11, 19)} ${line}`),
  };
  const runs: FleetOptions[] = [];
  // PostgreSQL as production runs it: a cluster of the bench's own (autovacuum on), unless PRIVATE_PG=0.
  // The machine's own server may run with autovacuum off (this one does): the fleet's rows updated every
  // minute (dongles, devices, latest values, power now) then bloat by the minute, and the figures measured
  // the bloat (PostgreSQL at 7.7 ms a message at 10,000 dongles, against 1.3 on a default cluster).
  let postgresUrl = env.DATABASE_URL;
  const statementStats = env.PG_STATS === '1';
  let privateCluster = false;
  if (postgresUrl && env.ONLY !== 'pglite' && env.PRIVATE_PG !== '0' && !postgresMissing()) {
    const cluster = await privatePostgres(
      statementStats
        ? ['-c shared_preload_libraries=pg_stat_statements', '-c pg_stat_statements.track_planning=on']
        : env.PG_EXPLAIN
          ? [
              // Plans of statements slower than PG_EXPLAIN ms, in the cluster's server.log (a sample of them).
              '-c shared_preload_libraries=auto_explain',
              `-c auto_explain.log_min_duration=${Number(env.PG_EXPLAIN)}`,
              '-c auto_explain.log_analyze=on',
              '-c auto_explain.log_buffers=on',
              '-c auto_explain.log_nested_statements=on',
              '-c auto_explain.sample_rate=0.05',
            ]
          : [],
    );
    process.once('beforeExit', () => {
      // The plans auto_explain logged outlive the cluster.
      if (env.PG_EXPLAIN) fs.copyFileSync(cluster.logFile, '/tmp/pvstar-fleet-explain.log');
      cluster.destroy();
    });
    postgresUrl = cluster.url;
    privateCluster = true;
  }
  // The issue's run: every size on PostgreSQL + Mosquitto, the smallest embedded (aedes holds ~24 KB a connection).
  // VARIANTS="INGEST_FLUSH_MS=250 INGEST_LANES=4;INGEST_FLUSH_MS=1000": each size once per variant, side by side.
  const variants = (env.VARIANTS ?? '').split(';').map((v) =>
    Object.fromEntries(
      v
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map((kv) => kv.split('=', 2)),
    ),
  );
  for (const serverEnv of variants) {
    if (postgresUrl && env.ONLY !== 'pglite')
      for (const dongles of sizes)
        runs.push({ ...base, dongles, postgresUrl, serverEnv, statementStats, privateCluster });
    if (env.ONLY !== 'postgres') runs.push({ ...base, dongles: Math.min(...sizes), serverEnv });
  }
  console.log(machine());
  console.log(
    `fleet pace: one message a minute per dongle, ${base.eventShare * 100} % fault events a minute; warm-up ${base.warmupMinutes} min, steady ${base.minutes} min, ${base.outageSeconds ? `outage of a third for ${base.outageSeconds} s + 1 min` : 'no outage'}; ${base.dashboardUsers} users' dashboards for ${base.dashboardSeconds} s\n`,
  );
  const results: FleetResult[] = [];
  for (const run of runs) {
    console.error(`${run.postgresUrl ? 'PostgreSQL + Mosquitto' : 'embedded'}, ${run.dongles} dongles`);
    const r = await benchFleet(run);
    results.push(r);
    console.log(JSON.stringify(r, (_k, v) => (typeof v === 'number' ? Math.round(v * 100) / 100 : v)));
  }
  console.log(`\n${fleetTable(results)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
