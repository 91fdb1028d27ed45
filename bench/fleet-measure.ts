import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client.ts';
import { sqlRow } from '../apps/server/src/db/rows.ts';
import { md5 } from '../apps/server/src/lib/crypto.ts';
import type { DashboardResult } from './fleet.ts';
import { USER_PASSWORD } from './fleet-setup.ts';
import { parentOf, processTreeCpuMs } from './proc.ts';

/** What bench:fleet measures besides the server: PostgreSQL's CPU and deadlocks, stored figures, dashboards. */

export const percentile = (sorted: ArrayLike<number>, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Watches the bench database from a connection of its own (PostgreSQL): the processes whose CPU counts
 * as PostgreSQL's, deadlocks, and once a second the dongles whose newest telemetry committed since the
 * last look (publish → commit).
 */
export async function watchPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const own = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  const lastTelemetry = new Map<number, number>();
  let latencies: number[] = [];
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const rows = await client.query<{ id: number; t: number; s: number }>(
        `SELECT id, extract(epoch FROM last_telemetry_at) * 1000 AS t, extract(epoch FROM last_seen_at) * 1000 AS s
         FROM dongles WHERE last_seen_at > now() - interval '10 seconds' AND last_telemetry_at IS NOT NULL`,
      );
      for (const r of rows.rows) {
        const t = Number(r.t);
        if (lastTelemetry.get(r.id) === t) continue;
        lastTelemetry.set(r.id, t);
        latencies.push(Math.max(0, Number(r.s) - t));
      }
      await sleep(1000);
    }
  })();
  return {
    /** Backends of the bench database (not this watcher) and the cluster's own processes. */
    async pids(): Promise<number[]> {
      const rows = await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
         WHERE pid <> $1 AND (datname = current_database() OR (datname IS NULL AND backend_type <> 'client backend'))`,
        [own],
      );
      return rows.rows.map((r) => r.pid);
    },
    /**
     * CPU ms of the whole cluster (postmaster, every connection that lived, its own processes) less this
     * watcher's connection; for a cluster that holds the bench database alone. Counting the living backends
     * only lost those the pool closed within a phase (idle for 10 s): with one ingest lane most of them.
     */
    clusterCpuMs(): number {
      const postmaster = parentOf(own);
      return postmaster ? processTreeCpuMs(postmaster, new Set([own])) : 0;
    },
    /** Forgets the statement statistics so far (pg_stat_statements, when loaded). */
    async resetStatements(): Promise<void> {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      await client.query('SELECT pg_stat_statements_reset()');
    },
    /** The bench database's statements by CPU since the reset: planning + execution per call. */
    async topStatements(n: number) {
      const rows = await client.query<{
        calls: string;
        ms: number;
        planMs: number;
        rows: number;
        query: string;
      }>(
        `SELECT s.calls, (s.total_plan_time + s.total_exec_time) / s.calls AS ms,
           s.total_plan_time / s.calls AS "planMs", s.rows::float8 / s.calls AS rows,
           regexp_replace(s.query, '\\s+', ' ', 'g') AS query
         FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
         WHERE d.datname = current_database() AND s.calls > 0
         ORDER BY s.total_plan_time + s.total_exec_time DESC LIMIT $1`,
        [n],
      );
      return rows.rows.map((r) => ({ ...r, calls: Number(r.calls) }));
    },
    async deadlocks(): Promise<number> {
      const rows = await client.query<{ n: string }>(
        'SELECT deadlocks AS n FROM pg_stat_database WHERE datname = current_database()',
      );
      return Number(rows.rows[0]!.n);
    },
    /** Publish → commit times seen since the last call, sorted. */
    takeLatencies(): number[] {
      const out = latencies.sort((a, b) => a - b);
      latencies = [];
      return out;
    },
    async storedTelemetry(): Promise<number> {
      const rows = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM telemetry_samples s JOIN devices d ON d.id = s.device_id AND d.kind = 'INVERTER'`,
      );
      return rows.rows[0]!.n;
    },
    async close() {
      polling = false;
      await poll.catch(() => {});
      await client.end();
    },
  };
}

export type Watcher = Awaited<ReturnType<typeof watchPostgres>>;

/** Stored inverter samples (one per telemetry message) and bench:ingest's plant-day energy check. */
export async function storedFigures(db: Database['db']) {
  return (await sqlRow<{ rows: number; mismatches: number }>(
    db,
    sql`
      SELECT (SELECT count(*)::int FROM telemetry_samples s JOIN devices d ON d.id = s.device_id AND d.kind = 'INVERTER') AS rows,
        (SELECT count(*)::int FROM (
          SELECT p.plant_id, p.day FROM plant_energy_daily p
          LEFT JOIN (
            SELECT d.plant_id, max((s.data->>'dailyGeneration')::float8) AS generation
            FROM telemetry_samples s JOIN devices d ON d.id = s.device_id AND d.kind = 'INVERTER'
            GROUP BY d.plant_id) s ON s.plant_id = p.plant_id
          WHERE s.generation IS NULL OR abs(p.generation - s.generation) > 1e-6) x) AS mismatches`,
  ))!;
}

/** Signs in each bench user of this kind through the API; their tokens. */
export async function signInAll(
  base: string,
  kind: 'installer' | 'dealer',
  users: number,
): Promise<string[]> {
  const tokens: string[] = [];
  for (let k = 1; k <= users; k++) {
    const res = await fetch(`${base}/auth/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        account: `bench-${kind}-${k}`,
        password: md5(USER_PASSWORD),
        loginType: 'password',
        agree: true,
      }),
    });
    const body = (await res.json()) as { code: number; data: string };
    if (body.code !== 200) throw new Error(`sign-in bench-${kind}-${k}: ${JSON.stringify(body)}`);
    tokens.push(body.data);
  }
  return tokens;
}

/** Dashboards of distinct users, one user after another, `connections` requests in flight. */
export async function loadDashboards(
  base: string,
  tokens: string[],
  seconds: number,
  cpuMs: () => Promise<number>,
  connections = 8,
): Promise<DashboardResult> {
  let next = 0;
  let done = 0;
  let errors = 0;
  const one = async () => {
    const token = tokens[next++ % tokens.length]!;
    const res = await fetch(`${base}/station/dashboard`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    if (res.status === 200 && text.startsWith('{"code":200,')) done++;
    else errors++;
  };
  // A warm-up round: each user once.
  for (let k = 0; k < tokens.length; k++) await one();
  done = 0;
  errors = 0;
  const cpu0 = await cpuMs();
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const cpu = (await cpuMs()) - cpu0;
  return { users: tokens.length, perSecond: done / wall, cpuMsPerDashboard: cpu / Math.max(1, done), errors };
}
