import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { sqlRow } from '../apps/server/src/db/rows.ts';
import { seed } from '../apps/server/src/db/seed/seed.ts';
import {
  ADMIN_PASSWORD,
  ask,
  DEMO_PASSWORD,
  type Endpoint,
  endpoints,
  type LoadResult,
  loadOne,
  signIn,
} from './api-endpoints.ts';
import { type ApiFleetSize, FULL_SIZE, loadApiFleet } from './api-fleet.ts';
import { freshBackend, startServer } from './api-server.ts';
import { machineTicks, processUsage } from './proc.ts';

/**
 * The API under closed-loop load at 10,000 plants: the fleet of bench/api-fleet.ts is written into a
 * fresh database (PGlite in a temporary data directory; with TEST_DB=postgres and DATABASE_URL also a
 * fresh PostgreSQL database), then the real server runs as a child process (`--role api`: no ingest,
 * no jobs, so nothing changes the data meanwhile) and autocannon loads it from this process over HTTP,
 * endpoint by endpoint, CONNECTIONS connections without pipelining, DURATION seconds each, RUNS rounds
 * (the table shows medians). A route without database work (GET /health) is the framework's ceiling.
 * "alone" is the median time of one request at a time after a warm-up second: the work of one answer.
 * Every answer must be 2xx with envelope code 200; a run with errors is reported as invalid. An endpoint
 * that needs over a second for one answer is reported, not loaded.
 *
 *   npm run bench:api        RUNS=3 DURATION=5 CONNECTIONS=32 by default
 *   PLANTS=10000 INSTALLERS=20 DAYS=365 ALARMS=50000   the fleet (these by default)
 *   ONLY=list-dealer,trend   only these endpoints (their keys, comma-separated)
 *   BACKENDS=postgres        only this database (pglite, postgres)
 *   CPU_PROF=/tmp/prof       the server writes a V8 CPU profile there (node --cpu-prof)
 *
 * bench/api.test.ts runs a small fleet of it in `npm test` and checks the answers.
 */

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** One answer slower than this (alone) and the endpoint is not loaded. */
const TOO_SLOW_MS = 1000;

type Row = {
  name: string;
  /** Median ms of one request at a time (no other load): the work one answer costs. */
  alone: number;
} & (
  | { skipped: true }
  | {
      skipped?: false;
      rps: number;
      p50: number;
      p99: number;
      errors: number;
      serverCpu: number;
      machineBusy: number;
    }
);

/** One backend: load the fleet, start the server, RUNS rounds over the endpoints, medians per endpoint. */
async function benchBackend(
  kind: 'pglite' | 'postgres',
  size: ApiFleetSize,
  opts: { runs: number; seconds: number; connections: number; only: string[]; cpuProf?: string },
) {
  const backend = await freshBackend(kind);
  try {
    const t0 = performance.now();
    await backend.database.migrate();
    await seed(backend.database.db, {
      APP_TITLE: 'PVSTAR',
      ADMIN_PASSWORD,
      DEMO_PASSWORD,
      demo: true,
    });
    const parts: string[] = [];
    const fleet = await loadApiFleet(backend.database.db, size, {
      log: (part, s) => parts.push(`${part} ${s.toFixed(1)} s`),
    });
    const loadSeconds = (performance.now() - t0) / 1000;
    const version = String(
      (await sqlRow<{ server_version: string }>(backend.database.db, sql`SHOW server_version`))
        ?.server_version,
    );
    await backend.database.close();

    const server = await startServer(backend.env, opts.cpuProf);
    const rows: Row[] = [];
    let rssMb = 0;
    try {
      const tokens = await signIn(server.base);
      const list = endpoints(fleet).filter((ep) => !opts.only.length || opts.only.includes(ep.key));
      // One timed request at a time: the work one answer costs, with no other load.
      const timeAlone = async (ep: Endpoint, most: number) => {
        const times: number[] = [];
        const until = performance.now() + 5000;
        while (times.length < most && (times.length === 0 || performance.now() < until)) {
          const t = performance.now();
          await ask(server.base, ep, tokens);
          times.push(performance.now() - t);
        }
        return median(times);
      };
      // Every endpoint answers right before any load. One that needs over a second for an answer is far
      // off any target: 32 connections would only queue half a minute of work per second. It is reported,
      // not loaded.
      const loaded: Endpoint[] = [];
      const alone = new Map<string, number>();
      for (const ep of list) {
        const first = await timeAlone(ep, 1);
        if (first > TOO_SLOW_MS) alone.set(ep.name, await timeAlone(ep, 3));
        else loaded.push(ep);
      }
      // Whatever a load leaves queued in the server (it finishes work whose caller went) must not slow the
      // next one: one more request, answered in turn, waits for it (its answer was counted by the load).
      const settle = (ep: Endpoint) => ask(server.base, ep, tokens).catch(() => undefined);
      // A warm-up second each (caches, compiled code), then the time of one answer alone.
      for (const ep of loaded) {
        await loadOne(server.base, ep, tokens, { connections: opts.connections, seconds: 1 });
        await settle(ep);
      }
      for (const ep of loaded) alone.set(ep.name, await timeAlone(ep, 10));
      const results = new Map<string, (LoadResult & { serverCpu: number; machineBusy: number })[]>();
      for (let run = 0; run < opts.runs; run++)
        for (const ep of loaded) {
          const u0 = processUsage(server.pid);
          const m0 = machineTicks();
          const w0 = performance.now();
          const r = await loadOne(server.base, ep, tokens, {
            connections: opts.connections,
            seconds: opts.seconds,
          });
          const wall = (performance.now() - w0) / 1000;
          const u1 = processUsage(server.pid);
          const m1 = machineTicks();
          await settle(ep);
          rssMb = Math.max(rssMb, u1.rssMb);
          results.set(ep.name, [
            ...(results.get(ep.name) ?? []),
            {
              ...r,
              serverCpu: (100 * (u1.cpuSeconds - u0.cpuSeconds)) / wall,
              machineBusy: (100 * (m1.busy - m0.busy)) / Math.max(1, m1.total - m0.total),
            },
          ]);
        }
      for (const ep of list) {
        const rs = results.get(ep.name);
        if (!rs) {
          rows.push({ name: ep.name, alone: alone.get(ep.name)!, skipped: true });
          continue;
        }
        rows.push({
          name: ep.name,
          alone: alone.get(ep.name)!,
          rps: median(rs.map((r) => r.rps)),
          p50: median(rs.map((r) => r.p50)),
          p99: median(rs.map((r) => r.p99)),
          // A run that got no answer at all within its time counts as one error.
          errors: rs.reduce((a, r) => a + r.errors + (r.requests === 0 ? 1 : 0), 0),
          serverCpu: median(rs.map((r) => r.serverCpu)),
          machineBusy: median(rs.map((r) => r.machineBusy)),
        });
      }
    } catch (err) {
      console.error(server.output());
      throw err;
    } finally {
      await server.stop();
    }
    return { label: backend.label, version, fleet, loadSeconds, parts, rows, rssMb };
  } finally {
    await backend.cleanup();
  }
}

async function main() {
  const size: ApiFleetSize = {
    plants: Number(process.env.PLANTS ?? FULL_SIZE.plants),
    installers: Number(process.env.INSTALLERS ?? FULL_SIZE.installers),
    days: Number(process.env.DAYS ?? FULL_SIZE.days),
    alarms: Number(process.env.ALARMS ?? FULL_SIZE.alarms),
  };
  const opts = {
    runs: Number(process.env.RUNS ?? 3),
    seconds: Number(process.env.DURATION ?? 5),
    connections: Number(process.env.CONNECTIONS ?? 32),
    only: (process.env.ONLY ?? '').split(',').filter(Boolean),
    ...(process.env.CPU_PROF ? { cpuProf: path.resolve(process.env.CPU_PROF) } : {}),
  };
  const pg = process.env.TEST_DB === 'postgres' && !!process.env.DATABASE_URL;
  const kinds = (process.env.BACKENDS?.split(',') ?? (pg ? ['pglite', 'postgres'] : ['pglite'])).filter(
    (k): k is 'pglite' | 'postgres' => k === 'pglite' || (k === 'postgres' && pg),
  );
  const cpus = os.cpus();
  console.log(
    `# API under load: ${size.plants.toLocaleString('en')} plants (${size.installers} installers under one dealer), ` +
      `${(size.plants * 3).toLocaleString('en')} devices, ${size.days} days of roll-ups, ` +
      `${size.alarms.toLocaleString('en')} alarms`,
  );
  console.log(
    `${cpus.length} × ${cpus[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ` +
      `${new Date().toISOString().slice(0, 16)}Z, load average at start ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  console.log(
    `autocannon in this process, the server a child process (--role api); ${opts.connections} connections, ` +
      `no pipelining, ${opts.seconds} s per endpoint, median of ${opts.runs} runs`,
  );
  for (const kind of kinds) {
    const r = await benchBackend(kind, size, opts);
    console.log(`\n## ${r.label} ${r.version}`);
    console.log(
      `fixture written in ${r.loadSeconds.toFixed(0)} s (${r.parts.join(', ')}); today ${r.fleet.today}`,
    );
    console.log(
      '\n| endpoint | alone ms | req/s | p50 ms | p99 ms | errors | server CPU % | machine busy % |\n' +
        '|---|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const row of r.rows)
      console.log(
        row.skipped
          ? `| ${row.name} | ${row.alone.toFixed(1)} | not loaded: over ${TOO_SLOW_MS} ms alone | | | | | |`
          : `| ${row.name} | ${row.alone.toFixed(1)} | ${row.rps.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.errors} | ` +
              `${row.serverCpu.toFixed(0)} | ${row.machineBusy.toFixed(0)} |`,
      );
    console.log(`\nserver RSS at most ${r.rssMb.toFixed(0)} MB`);
    const failed = r.rows.filter((row) => !row.skipped && row.errors > 0);
    if (failed.length) {
      console.log(`INVALID: errors on ${failed.map((f) => f.name).join(', ')}`);
      process.exitCode = 1;
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
