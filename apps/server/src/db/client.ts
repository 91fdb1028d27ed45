import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Assume, type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

/**
 * What a raw statement (`execute`) answers on both drivers: node-postgres' QueryResult and PGlite's Results
 * share these and differ in the rest. Read rows through db/rows.ts, which also answers bigint and numeric
 * as numbers on both.
 */
export interface RawResult<R> {
  rows: R[];
  fields: { name: string; dataTypeID: number }[];
}
interface EitherDriverResult extends PgQueryResultHKT {
  type: RawResult<Assume<this['row'], Record<string, unknown>>>;
}

/** The database on either driver: the query builder both share, and of a raw statement what both answer. */
export type Db = PgDatabase<EitherDriverResult, typeof schema>;
/** A transaction's handle (the argument of `db.transaction`'s callback), on either driver. */
export type Tx = PgTransaction<EitherDriverResult, typeof schema, ExtractTablesWithRelations<typeof schema>>;
/** For work that joins the caller's transaction when there is one and runs on its own otherwise. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the SQL migrations in order (the same files on both). */
  migrate(): Promise<void>;
  /** PGlite only: its data directory as a tar file, to open a copy with `openDatabase({ template })`. */
  dumpDataDir?: () => Promise<Blob>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
/** Arbitrary constant: one process migrates at a time when several start together. */
const MIGRATION_LOCK = 7_302_114;

export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  /** PGlite in memory, starting from a dumped data directory (test templates). */
  template?: Blob;
  onError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client that loses its server must not take the process down; the pool replaces it.
    pool.on('error', (err) => opts.onError?.(err));
    // Nor one that is checked out between two statements (a transaction while PostgreSQL restarts): the
    // pool listens only to idle clients. Its next statement fails, and the pool drops it on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db: Db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const fresh = !!opts.dataDir && !fs.existsSync(path.join(opts.dataDir, 'PG_VERSION'));
  let client = opts.dataDir
    ? await PGlite.create(opts.dataDir)
    : await PGlite.create(opts.template ? { loadDataDir: opts.template } : {});
  if (fresh) {
    // Creating the cluster leaves about 500 MB of initdb's memory in the process; only reopening frees it.
    await client.close();
    client = await PGlite.create(opts.dataDir!);
  }
  const db: Db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: () => ping(db),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}
