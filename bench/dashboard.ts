/**
 * CPU per dashboard computation at 10,000 plants, for distinct users: the fleet of bench/api-fleet.ts is
 * written into a fresh PostgreSQL database (DATABASE_URL) and the dashboard service computes the dealer's
 * (and an installer's) dashboard COMPUTATIONS times one after another in this process, so no two
 * computations share a run (as distinct users asking at different moments would not). It reports the CPU
 * of one computation: this process (process.cpuUsage) and PostgreSQL (the backends of the pool, from
 * /proc/<pid>/stat: the server must run on this machine), and the load average (the machine is shared).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/dashboard.ts
 *   PLANTS=10000 INSTALLERS=20 DAYS=365 ALARMS=50000 COMPUTATIONS=200 ROUNDS=3
 *   KEEP_DB=pvstar_bench_dash   write the fleet into this database once and keep it (later runs migrate
 *                               it and measure again: before and after a change on the same data)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { type Db, openDatabase } from '../apps/server/src/db/client.ts';
import { sqlRow, sqlRows } from '../apps/server/src/db/rows.ts';
import { seed } from '../apps/server/src/db/seed/seed.ts';
import type { Caller } from '../apps/server/src/domain/caller.ts';
import { refreshPowerNow } from '../apps/server/src/domain/power-now-rollup.ts';
import { createDashboardService } from '../apps/server/src/modules/dashboard/dashboard.service.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './api-endpoints.ts';
import { type ApiFleetSize, DEALER, FULL_SIZE, loadApiFleet, SEEDED_INSTALLERS } from './api-fleet.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** Kernel clock ticks per second (USER_HZ): 100 on Linux. */
const TICKS = 100;

/** CPU ticks (user + system) a process has used, from /proc (Linux). */
function ticksOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), counted from field 3.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

/** The dealer and its first installer (installer A) of the bench fleet. */
async function benchOrgs(db: Db): Promise<{ dealerId: number; installerIds: number[] }> {
  const rows = await sqlRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM organizations WHERE name IN (${DEALER}, ${SEEDED_INSTALLERS[0]})`,
  );
  const id = (name: string) => rows.find((r) => r.name === name)!.id;
  return { dealerId: id(DEALER), installerIds: [id(SEEDED_INSTALLERS[0]!)] };
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL (a local PostgreSQL)');
  const size: ApiFleetSize = {
    plants: env('PLANTS', FULL_SIZE.plants),
    installers: env('INSTALLERS', FULL_SIZE.installers),
    days: env('DAYS', FULL_SIZE.days),
    alarms: env('ALARMS', FULL_SIZE.alarms),
  };
  const computations = env('COMPUTATIONS', 200);
  const rounds = env('ROUNDS', 3);
  const base = new URL(process.env.DATABASE_URL);
  const keep = process.env.KEEP_DB;
  const name = keep ?? `pvstar_bench_dash_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: base.toString() });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  const exists = await (async () => {
    const c = new pg.Client({ connectionString: base.toString() });
    await c.connect();
    const r = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    await c.end();
    return r.rowCount === 1;
  })();
  if (!exists) await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await database.migrate();
    if (!exists) {
      await seed(database.db, { APP_TITLE: 'PVSTAR', ADMIN_PASSWORD, DEMO_PASSWORD, demo: true });
      const t0 = performance.now();
      await loadApiFleet(database.db, size);
      console.log(
        `fleet of ${size.plants} plants written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
    }
    // A kept database migrated since: its power-now rows start stale, as the sweeper's first round finds them.
    await refreshPowerNow(database.db, { stale: true }, new Date());
    const fleet = await benchOrgs(database.db);
    const orgs = await sqlRows<{ id: number; path: string; type: string }>(
      database.db,
      sql`SELECT id, path, type FROM organizations WHERE id IN (${fleet.dealerId}, ${fleet.installerIds[0]!})`,
    );
    const callerOf = (orgId: number, userId: number): Caller => {
      const org = orgs.find((o) => o.id === orgId)!;
      return {
        userId,
        username: `bench-${userId}`,
        orgId,
        orgPath: org.path,
        orgType: org.type as Caller['orgType'],
        perms: new Set(),
        dataScope: 'ORG_AND_SUB',
        readOnly: false,
        sessionId: userId,
      };
    };
    const config = loadConfig({ ...process.env, DATABASE_URL: url.toString() });
    const ctx = { db: database.db, database, config } as AppContext;
    // The pool's backends: every connection it opened to this database.
    const backends = async () =>
      (
        await sqlRows<{ pid: number }>(
          database.db,
          sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`,
        )
      ).map((r) => r.pid);
    // Before and after side by side: the live computation (as before migration 0034) and the roll-ups,
    // in alternate rounds on the same database and load.
    const modes = [
      { name: 'live (before)', service: createDashboardService(ctx, { live: true }) },
      { name: 'roll-ups (after)', service: createDashboardService(ctx) },
    ];
    const measure = async (label: string, orgId: number) => {
      let userId = 1_000_000;
      for (const m of modes)
        for (let i = 0; i < 5; i++) await m.service.get(callerOf(orgId, userId++), 'en-GB');
      const results = modes.map(() => [] as { server: number; db: number; wall: number }[]);
      for (let r = 0; r < rounds; r++) {
        for (const k of r % 2 ? [1, 0] : [0, 1]) {
          const service = modes[k]!.service;
          const pids = await backends();
          const db0 = pids.reduce((s, p) => s + ticksOf(p), 0);
          const cpu0 = process.cpuUsage();
          const w0 = performance.now();
          for (let i = 0; i < computations; i++) await service.get(callerOf(orgId, userId++), 'en-GB');
          const wall = performance.now() - w0;
          const cpu = process.cpuUsage(cpu0);
          const db1 = (await backends()).reduce((s, p) => s + ticksOf(p), 0);
          results[k]!.push({
            server: (cpu.user + cpu.system) / 1000 / computations,
            db: ((db1 - db0) * 1000) / TICKS / computations,
            wall: wall / computations,
          });
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      for (const [k, m] of modes.entries()) {
        const s = median(results[k]!.map((x) => x.server));
        const d = median(results[k]!.map((x) => x.db));
        const w = median(results[k]!.map((x) => x.wall));
        console.log(
          `${label.padEnd(22)} ${m.name.padEnd(17)} server ${s.toFixed(2)} ms  PostgreSQL ${d.toFixed(2)} ms  total ${(s + d).toFixed(2)} ms CPU` +
            `  (wall ${w.toFixed(2)} ms; ${Math.round(1000 / (s + d))} dashboards per CPU-second)`,
        );
      }
    };
    const version = await sqlRow<{ v: string }>(database.db, sql`SELECT version() AS v`);
    console.log(
      `${version?.v.split(',')[0]}; ${os.cpus().length} cores; load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    console.log(`${computations} computations per round, median of ${rounds} rounds, per computation:`);
    await measure('dealer (10,000 plants)', fleet.dealerId);
    await measure(`installer (${Math.ceil(size.plants / size.installers)} plants)`, fleet.installerIds[0]!);
    console.log(
      `load average after: ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await database.close();
    if (!keep) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
