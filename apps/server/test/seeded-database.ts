import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seed } from '../src/db/seed/seed.ts';

type SeedConfig = Pick<Config, 'APP_TITLE' | 'ADMIN_PASSWORD' | 'DEMO_PASSWORD' | 'demo'>;

/**
 * A migrated and seeded database per test file, cloned from a template made once per code version:
 * migrating and seeding (argon2 hashes of the demo accounts included) cost about 3 s of CPU a file, a
 * clone a fraction of it. PGlite loads a data directory dumped to a file in the temp folder; PostgreSQL
 * copies a template database (`CREATE DATABASE … TEMPLATE`). The template's name carries a hash of the
 * migrations, the seed's code and the seed's settings, so a changed migration or seed makes a new one.
 */
export async function seededDatabase(
  config: SeedConfig,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const key = templateKey(config);
  return process.env.TEST_DB === 'postgres'
    ? fromPostgresTemplate(config, key)
    : fromPgliteTemplate(config, key);
}

const SERVER_SRC = path.resolve(import.meta.dirname, '../src');
const TEMPLATE_PREFIX = 'pvstar_tpl_';

function templateKey(config: SeedConfig): string {
  const hash = createHash('sha256');
  for (const dir of ['db/migrations', 'db/migrations/meta', 'db/seed', 'db/seed/fault-library']) {
    const full = path.join(SERVER_SRC, dir);
    for (const name of fs.readdirSync(full).sort()) {
      const file = path.join(full, name);
      if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
    }
  }
  hash.update(JSON.stringify([config.APP_TITLE, config.ADMIN_PASSWORD, config.DEMO_PASSWORD, config.demo]));
  // The day too: seeded rows carry their creation time, and a template should not outlive its day.
  return `${today()}_${hash.digest('hex').slice(0, 16)}`;
}

/**
 * The real clock: a suite that fakes `Date` (two-factor's time steps) must neither name its template by the
 * faked day nor have it removed as stale by a process on the real one.
 */
const realNow = () => performance.timeOrigin + performance.now();
const today = () => new Date(realNow()).toISOString().slice(0, 10).replaceAll('-', '');

async function fromPgliteTemplate(config: SeedConfig, key: string) {
  const file = path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${key}.tar`);
  if (fs.existsSync(file)) {
    const database = await openDatabase({ template: new Blob([fs.readFileSync(file)]) });
    return { database, drop: async () => {} };
  }
  const database = await openDatabase({});
  await database.migrate();
  await seed(database.db, config);
  const dump = await database.dumpDataDir!();
  // Several test processes may make it at once: each writes its own file and renames it into place.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  removeStaleTemplates(file, path.dirname(file));
  return { database, drop: async () => {} };
}

const STALE_AFTER_MS = 24 * 3600_000;

/**
 * Templates (and partial files a crashed process left) not written for a day are removed: by the file's
 * age, not its name, since another test process may be writing today's right now.
 */
export function removeStaleTemplates(keep: string, dir = os.tmpdir()) {
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (!name.startsWith(TEMPLATE_PREFIX) || file === keep) continue;
    const written = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (written !== undefined && realNow() - written > STALE_AFTER_MS) fs.rmSync(file, { force: true });
  }
}

/** Arbitrary constant: one test process at a time makes or copies the template. */
const TEMPLATE_LOCK = 7_302_115;

async function fromPostgresTemplate(config: SeedConfig, key: string) {
  const base = new URL(process.env.DATABASE_URL!);
  const template = `${TEMPLATE_PREFIX}${key}`;
  const name = `pvstar_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${template}`);
      const made = await openDatabase({ url: withDatabase(base, template) });
      try {
        await made.migrate();
        await seed(made.db, config);
      } finally {
        await made.close();
      }
      await dropStaleTemplates(admin);
    }
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => {});
    await admin.end();
  }
  const database = await openDatabase({ url: withDatabase(base, name) });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function dropStaleTemplates(admin: pg.Client) {
  const stale = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%' AND datname NOT LIKE $1`,
    [`${TEMPLATE_PREFIX}${today()}%`],
  );
  for (const { datname } of stale.rows) {
    await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
  }
}

function withDatabase(base: URL, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
