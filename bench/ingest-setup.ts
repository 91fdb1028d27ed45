import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { sqlRow } from '../apps/server/src/db/rows.ts';
import { seed } from '../apps/server/src/db/seed/seed.ts';
import { HOUSE } from './ingest-load.ts';

/** bench:ingest's database with its bench houses, its load generator and its profiler. */

export const log = pino({ level: 'silent' });
export const ROWS_PER_MESSAGE = HOUSE.length;

/** The bench database: PGlite in a fresh data directory on disk (as `npm start` keeps it) or a fresh PostgreSQL database. */
export async function benchDatabase(postgresUrl?: string) {
  if (!postgresUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-bench-'));
    const database = await openDatabase({ dataDir: dir });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return {
      database,
      async copyOutIn(): Promise<{ rows: number; ms: number }> {
        const out = await client.query(
          "COPY (SELECT device_id, ts, data FROM telemetry_samples) TO '/dev/blob' WITH (FORMAT csv)",
        );
        const blob = out.blob!;
        await client.query('TRUNCATE telemetry_samples');
        const t0 = performance.now();
        const res = await client.query("COPY telemetry_samples FROM '/dev/blob' WITH (FORMAT csv)", [], {
          blob,
        });
        return { rows: res.affectedRows ?? 0, ms: performance.now() - t0 };
      },
      drop: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `pvstar_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    async copyOutIn(): Promise<{ rows: number; ms: number }> {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const chunks: Buffer[] = [];
        await pipeline(
          client.query(
            copyTo('COPY (SELECT device_id, ts, data FROM telemetry_samples) TO STDOUT WITH (FORMAT csv)'),
          ),
          new Writable({
            write(chunk, _enc, done) {
              chunks.push(chunk);
              done();
            },
          }),
        );
        await client.query('TRUNCATE telemetry_samples');
        const t0 = performance.now();
        const into = client.query(copyFrom('COPY telemetry_samples FROM STDIN WITH (FORMAT csv)'));
        await pipeline(Readable.from(chunks), into);
        return { rows: Number(into.rowCount), ms: performance.now() - t0 };
      } finally {
        await client.end();
      }
    },
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A dongle under every bench plant (`BENCH-P-n` → `BENCH-D-n`, secret `benchSecret(sn)`) that reports every
 * `intervalSeconds`, and the bench house's devices under each (bench:ingest's and bench:fleet's houses).
 */
export async function insertBenchDongles(db: Database['db'], intervalSeconds: number) {
  await db.execute(sql`
    INSERT INTO dongles (sn, plant_id, secret_hash, interval_seconds)
    SELECT 'BENCH-D-' || substr(plant_no, 9), id,
      encode(sha256(convert_to('bench-secret-BENCH-D-' || substr(plant_no, 9), 'UTF8')), 'hex'), ${intervalSeconds}::int
    FROM plants WHERE plant_no LIKE 'BENCH-P-%'`);
  const house = JSON.stringify(HOUSE.map((d, k) => ({ ...d, k })));
  await db.execute(sql`
    INSERT INTO devices (sn, kind, dongle_id, plant_id, inverter_type)
    SELECT 'BENCH-' || h.letter || '-' || substr(g.sn, 9), h.kind, g.id, g.plant_id,
      CASE WHEN h.kind = 'INVERTER' THEN 'THREE_PHASE' END
    FROM dongles g, jsonb_to_recordset(${house}::jsonb) AS h(letter text, kind text, k int)
    WHERE g.sn LIKE 'BENCH-D-%' ORDER BY g.id, h.k`);
}

/** One organisation's bench houses: a plant, a dongle (secret `benchSecret(sn)`) and the 6 devices each. */
export async function loadHouses(database: Database, count: number) {
  const db = database.db;
  const config = loadConfig({
    NODE_ENV: 'test',
    ADMIN_PASSWORD: 'Admin1234!',
    DEMO: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
  });
  await seed(db, config);
  const root = await sqlRow<{ id: number }>(
    db,
    sql`SELECT id FROM organizations WHERE parent_id IS NULL ORDER BY id LIMIT 1`,
  );
  const rootId = root!.id;
  await db.execute(sql`
    INSERT INTO plants (plant_no, org_id, name, type, installed_capacity, storage_capacity, latitude, longitude, timezone)
    SELECT 'BENCH-P-' || lpad(i::text, 6, '0'), ${rootId}::int, 'Bench house ' || i, 'ENERGY_STORAGE', 6 + i % 16, 10,
      47 + (i % 8), 7 + (i % 7), 'Europe/Berlin'
    FROM generate_series(1, ${count}) i`);
  await insertBenchDongles(db, 5);
  await db.execute(sql`ANALYZE`);
}

/** PROFILE=file.cpuprofile: the server side's CPU profile over the load only (open it in Chrome DevTools). */
export async function startProfile() {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = await session.post('Profiler.stop');
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** The load generator (bench/ingest-load.ts) in a child process of its own. */
export function startGenerator(): ChildProcess {
  return fork(path.join(import.meta.dirname, 'ingest-load.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The generator's next message of this kind. */
export function nextMessage<T>(child: ChildProcess, event: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { event: string }) => {
      if (m.event !== event) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as T);
    };
    const onExit = (code: number) => reject(new Error(`load generator exited (${code}) before "${event}"`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
