import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { topics } from '@pvstar/contract/mqtt';
import { sql } from 'drizzle-orm';
import { sqlRow, sqlRows } from '../apps/server/src/db/rows.ts';
import { createIngest } from '../apps/server/src/ingest/ingest.ts';
import { ingestLanes } from '../apps/server/src/ingest/start-ingest.ts';
import { verifyDongleSecret } from '../apps/server/src/modules/device/dongle-credentials.ts';
import { startAckSubscriber } from '../apps/server/src/mqtt/ack-subscriber.ts';
import { startEmbeddedBroker } from '../apps/server/src/mqtt/broker.ts';
import { postgresMissing, privatePostgres } from '../apps/server/test/private-services.ts';
import { wallClock } from './ingest-load.ts';
import {
  benchDatabase,
  loadHouses,
  log,
  nextMessage,
  ROWS_PER_MESSAGE,
  startGenerator,
  startProfile,
} from './ingest-setup.ts';
import { privateMosquitto } from './private-mosquitto.ts';
import { cpuByCommand, cpuSince, processTreeCpuMs, rssMb } from './proc.ts';

/**
 * Ingest: DONGLES bench dongles (a house of 6 devices and 80 metrics each) publish QoS 1 telemetry at
 * RATE messages/s in total for SECONDS through the broker into the database, with the product's own
 * broker, subscriber and ingest. The generator runs in a child process (bench/ingest-load.ts); this
 * process is the server: broker (embedded) + ingest + database (PGlite embedded).
 *
 * Reports committed messages/s, publish-to-commit p50/p99, the server's CPU and RSS, published vs
 * stored, and — in the same run — a raw COPY of the very rows ingest stored into the same table, with
 * ingest's rows/s as a ratio of it.
 *
 *   npm run bench:ingest                       embedded default (PGlite + embedded broker)
 *   DATABASE_URL=postgres://… MQTT_URL=mqtt://… npm run bench:ingest   also PostgreSQL (+ Mosquitto)
 *   DONGLES=2000 RATE=5000 SECONDS=20 RUNS=3 by default; ONLY=pglite|postgres picks one setup.
 *   LANES=n: ingest lanes (INGEST_LANES); PRIVATE_PG=1: PostgreSQL is a cluster of the bench's own (initdb,
 *   as bench:fleet's), and its CPU is counted whole (every connection and the cluster's own processes)
 *
 * bench/ingest.test.ts runs a small load of it in `npm test` and checks that nothing is lost.
 */

export interface IngestOptions {
  dongles: number;
  /** Messages per second, all dongles together. */
  rate: number;
  seconds: number;
  /** A PostgreSQL server to create the bench database on; the embedded PGlite when absent. */
  postgresUrl?: string;
  /** The postmaster of a cluster of the bench's own: its CPU is counted whole (processTreeCpuMs). */
  postgresPid?: number;
  /** An external broker (Mosquitto); the embedded broker when absent. */
  mqttUrl?: string;
  /** The broker's process, to count its CPU (the bench's own Mosquitto). */
  brokerPid?: number;
  /** Ingest lanes (createIngest); what the server uses for the database when absent. */
  lanes?: number;
}

export interface IngestResult {
  published: number;
  acked: number;
  committed: number;
  storedRows: number;
  storedMessages: number;
  /**
   * Plant days whose generation is not the largest daily counter of their inverter's stored samples: the
   * bench's counters only grow within one day, so the metered sum of increases (docs/energy.md) equals it.
   */
  energyMismatches: number;
  offeredPerS: number;
  sustainedPerS: number;
  p50Ms: number;
  p99Ms: number;
  serverCpuPct: number;
  serverRssMaxMb: number;
  generatorCpuPct: number;
  /** CPU of external services (postgres, mosquitto processes) over the run, % of one core. */
  externalCpuPct: Record<string, number>;
  copyRowsPerS: number;
  ingestRowsPerS: number;
  copyRatio: number;
  disconnects: number;
  /** Time to connect every dongle, and the server's RSS once they are all connected. */
  connectMs: number;
  serverRssConnectedMb: number;
  /** RSS of the external broker at the end (the bench's own Mosquitto). */
  brokerRssMb: number | null;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

export async function benchIngest(o: IngestOptions): Promise<IngestResult> {
  const bench = await benchDatabase(o.postgresUrl);
  const { database } = bench;
  const db = database.db;
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    await database.migrate();
    await loadHouses(database, o.dongles);

    // What the server wires up (main.ts), with the commit time of every message noted on the way.
    const ingest = createIngest({ db, log, lanes: o.lanes ?? ingestLanes(database.kind) });
    const latencies = new Float64Array(Math.ceil(o.rate * o.seconds * 1.1) + 1000);
    let committed = 0;
    let lastCommitAt = 0;
    const store = async (topic: string, payload: Buffer) => {
      await ingest.handle(topic, payload);
      if (!topic.endsWith('/telemetry')) return;
      const at = wallClock();
      // The generator writes its publish time into msgId: {"msgId":"b<ms since epoch>",…
      const sentAt = Number(payload.toString('latin1', 11, payload.indexOf(34, 11)));
      if (committed < latencies.length) latencies[committed] = at - sentAt;
      committed++;
      lastCommitAt = at;
    };

    let url = o.mqttUrl;
    if (!url) {
      // The embedded broker hands each message to ingest and acknowledges it once stored (decision 008).
      const broker = await startEmbeddedBroker({
        port: 0,
        host: '127.0.0.1',
        serviceUser: 'bench-service',
        servicePassword: randomBytes(12).toString('hex'),
        verifyDongle: (sn, secret) => verifyDongleSecret(db, sn, secret),
        storeDongleMessage: store,
        log,
      });
      cleanups.push(() => broker.close());
      url = `mqtt://127.0.0.1:${broker.port}`;
    } else {
      // An external broker: ingest subscribes (decision 002).
      const subscriber = startAckSubscriber({
        url,
        clientId: `pvstar-bench-ingest-${process.pid}`,
        filter: `$share/bench-${process.pid}/${topics.allUp}`,
        persistent: false,
        onMessage: store,
      });
      cleanups.push(() => subscriber.close());
      while (!subscriber.connected) await new Promise((r) => setTimeout(r, 20));
    }

    const child = startGenerator();
    cleanups.push(() => {
      child.send({ cmd: 'close' });
      return new Promise((r) => setTimeout(r, 500));
    });
    const connectStart = performance.now();
    child.send({ cmd: 'connect', url, count: o.dongles });
    await nextMessage(child, 'connected');
    const connectMs = performance.now() - connectStart;
    const serverRssConnectedMb = process.memoryUsage.rss() / 2 ** 20;

    // Device time starts at the last local noon-ish hour, so that a run stays within one plant day.
    const perDongle = Math.ceil((o.rate * o.seconds) / o.dongles) + 1;
    const baseTs = Math.floor(Date.now() / 3_600_000) * 3_600_000 - perDongle * 5000 - 3_600_000;
    const cpu0 = process.cpuUsage();
    const ext0 = { postgres: cpuByCommand('postgres'), mosquitto: cpuByCommand('mosquitto') };
    const cluster0 = o.postgresPid ? processTreeCpuMs(o.postgresPid) : 0;
    let rssMax = process.memoryUsage.rss();
    const rssTimer = setInterval(() => {
      rssMax = Math.max(rssMax, process.memoryUsage.rss());
    }, 250);
    const profiler = process.env.PROFILE ? await startProfile() : null;
    child.send({ cmd: 'run', rate: o.rate, seconds: o.seconds, baseTs });
    const load = await nextMessage<{
      published: number;
      acked: number;
      disconnects: number;
      startedAt: number;
      endedAt: number;
      cpuMs: number;
    }>(child, 'done');
    // Everything the broker took must be committed; wait while it still moves.
    let seen = -1;
    let stillSince = Date.now();
    while (committed < load.acked && Date.now() - stillSince < 30_000) {
      if (committed !== seen) {
        seen = committed;
        stillSince = Date.now();
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    clearInterval(rssTimer);
    if (profiler) await profiler.stop(process.env.PROFILE!);
    const cpu = process.cpuUsage(cpu0);
    const wallMs = Math.max(lastCommitAt, load.endedAt) - load.startedAt;
    // Only the bench's own: the backends of its database, its broker.
    const backends =
      database.kind === 'postgres'
        ? new Set(
            (
              await sqlRows<{ pid: number }>(
                db,
                sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`,
              )
            ).map((r) => r.pid),
          )
        : new Set<number>();
    const ext = {
      postgres: o.postgresPid
        ? processTreeCpuMs(o.postgresPid) - cluster0
        : cpuSince(ext0.postgres, 'postgres', backends),
      mosquitto: o.brokerPid ? cpuSince(ext0.mosquitto, 'mosquitto', new Set([o.brokerPid])) : 0,
    };

    const counts = await sqlRow<{ rows: number; mismatches: number }>(
      db,
      sql`
        SELECT (SELECT count(*)::int FROM telemetry_samples) AS rows,
          (SELECT count(*)::int FROM (
            SELECT p.plant_id, p.day FROM plant_energy_daily p
            LEFT JOIN (
              SELECT d.plant_id, max((s.data->>'dailyGeneration')::float8) AS generation
              FROM telemetry_samples s JOIN devices d ON d.id = s.device_id AND d.kind = 'INVERTER'
              GROUP BY d.plant_id) s ON s.plant_id = p.plant_id
            WHERE s.generation IS NULL OR abs(p.generation - s.generation) > 1e-6) x) AS mismatches`,
    );
    const storedRows = counts!.rows;
    const copy = await bench.copyOutIn();

    const sorted = latencies.slice(0, Math.min(committed, latencies.length)).sort();
    const seconds = wallMs / 1000;
    const ingestRowsPerS = storedRows / seconds;
    const copyRowsPerS = copy.rows / (copy.ms / 1000);
    return {
      published: load.published,
      acked: load.acked,
      committed,
      storedRows,
      storedMessages: storedRows / ROWS_PER_MESSAGE,
      energyMismatches: counts!.mismatches,
      offeredPerS: load.published / ((load.endedAt - load.startedAt) / 1000),
      sustainedPerS: committed / seconds,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      serverCpuPct: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
      serverRssMaxMb: rssMax / 2 ** 20,
      generatorCpuPct: (load.cpuMs / (load.endedAt - load.startedAt)) * 100,
      externalCpuPct: Object.fromEntries(
        Object.entries(ext)
          .filter(([, ms]) => ms > 0)
          .map(([k, ms]) => [k, (ms / wallMs) * 100]),
      ),
      copyRowsPerS,
      ingestRowsPerS,
      copyRatio: ingestRowsPerS / copyRowsPerS,
      disconnects: load.disconnects,
      connectMs,
      serverRssConnectedMb,
      brokerRssMb: o.brokerPid ? rssMb(o.brokerPid) : null,
    };
  } finally {
    for (const c of cleanups.reverse()) await c();
    await bench.drop();
  }
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const env = process.env;
  const opts = {
    dongles: Number(env.DONGLES ?? 2000),
    rate: Number(env.RATE ?? 5000),
    seconds: Number(env.SECONDS ?? 20),
    ...(env.LANES ? { lanes: Number(env.LANES) } : {}),
  };
  const runs = Number(env.RUNS ?? 3);
  // PRIVATE_PG=1: PostgreSQL is a cluster of the bench's own (as bench:fleet's), its CPU counted whole.
  const cluster =
    env.DATABASE_URL && env.PRIVATE_PG === '1' && !postgresMissing() ? await privatePostgres() : null;
  if (cluster) {
    process.once('beforeExit', () => cluster.destroy());
    env.DATABASE_URL = cluster.url;
  }
  const setups: { name: string; postgresUrl?: string; mqttUrl?: string; mosquitto?: boolean }[] = [];
  if (env.ONLY !== 'postgres') setups.push({ name: 'embedded (PGlite + embedded broker)' });
  if (env.DATABASE_URL && env.ONLY !== 'pglite')
    setups.push(
      env.MQTT_URL
        ? // Mosquitto is configured: the bench runs one of its own with the recommended limits, unless told to use MQTT_URL as it is.
          env.BENCH_BROKER === 'url'
          ? { name: `PostgreSQL + ${env.MQTT_URL}`, postgresUrl: env.DATABASE_URL, mqttUrl: env.MQTT_URL }
          : { name: 'PostgreSQL + Mosquitto', postgresUrl: env.DATABASE_URL, mosquitto: true }
        : { name: 'PostgreSQL + embedded broker', postgresUrl: env.DATABASE_URL },
    );
  console.log(machine());
  console.log(
    `${opts.dongles} dongles, ${opts.rate} messages/s offered for ${opts.seconds} s, ${runs} runs\n`,
  );
  for (const setup of setups) {
    const results: IngestResult[] = [];
    for (let r = 0; r < runs; r++) {
      const broker = setup.mosquitto ? await privateMosquitto() : null;
      if (setup.mosquitto && !broker) throw new Error('mosquitto could not be started (is it installed?)');
      const res = await benchIngest({
        ...opts,
        postgresUrl: setup.postgresUrl,
        ...(cluster && setup.postgresUrl ? { postgresPid: cluster.pid() ?? undefined } : {}),
        mqttUrl: broker?.url ?? setup.mqttUrl,
        brokerPid: broker?.pid,
      }).finally(() => broker?.stop());
      results.push(res);
      console.log(
        `${setup.name} run ${r + 1}:`,
        JSON.stringify(res, (_k, v) => (typeof v === 'number' ? Math.round(v * 100) / 100 : v)),
      );
    }
    const m = (f: (r: IngestResult) => number) => median(results.map(f));
    console.log(`\n### ${setup.name}\n`);
    console.log('| figure | median |\n|---|---:|');
    const rows: [string, string][] = [
      ['offered, messages/s', m((r) => r.offeredPerS).toFixed(0)],
      ['committed, messages/s (sustained)', m((r) => r.sustainedPerS).toFixed(0)],
      ['publish → commit p50, ms', m((r) => r.p50Ms).toFixed(0)],
      ['publish → commit p99, ms', m((r) => r.p99Ms).toFixed(0)],
      [
        'published = stored (every run)',
        results.every((r) => r.published === r.storedMessages && r.acked === r.published) ? 'yes' : 'NO',
      ],
      [
        'plant energy = largest counter (every run)',
        results.every((r) => r.energyMismatches === 0) ? 'yes' : 'NO',
      ],
      ['server CPU, % of one core', m((r) => r.serverCpuPct).toFixed(0)],
      // What a message costs, whatever else the machine is doing: CPU time per committed message.
      ['server CPU per message, ms', m((r) => (r.serverCpuPct * 10) / r.sustainedPerS).toFixed(2)],
      [
        'CPU per message, ms (server + database + broker)',
        m(
          (r) =>
            ((r.serverCpuPct + (r.externalCpuPct.postgres ?? 0) + (r.externalCpuPct.mosquitto ?? 0)) * 10) /
            r.sustainedPerS,
        ).toFixed(2),
      ],
      ['server RSS max, MB', m((r) => r.serverRssMaxMb).toFixed(0)],
      ...Object.keys(results[0]!.externalCpuPct).map((k): [string, string] => [
        `${k} CPU, % of one core`,
        m((r) => r.externalCpuPct[k] ?? 0).toFixed(0),
      ]),
      ['generator CPU, % of one core', m((r) => r.generatorCpuPct).toFixed(0)],
      ['ingest, sample rows/s', m((r) => r.ingestRowsPerS).toFixed(0)],
      ['raw COPY of the same rows, rows/s', m((r) => r.copyRowsPerS).toFixed(0)],
      ['ingest / COPY', m((r) => r.copyRatio).toFixed(2)],
    ];
    for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
    console.log('');
  }
}

export const machine = () =>
  `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

if (import.meta.url === `file://${process.argv[1]}`) await main();
