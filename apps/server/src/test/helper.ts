import { randomBytes } from 'node:crypto';
import type { Lang } from '@pvstar/contract/lang';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { seed } from '../db/seed/seed.ts';
import { md5 } from '../lib/crypto.ts';
import { createOutboxWorker } from '../lib/mailer.ts';

export const ADMIN_PASSWORD = 'Admin1234!';
export const DEMO_PASSWORD = 'Demo1234';

/**
 * A fresh database per test file: in-memory PGlite, or — with TEST_DB=postgres — a new database on the
 * server of DATABASE_URL, dropped afterwards.
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openDatabase({});
    return { database, drop: async () => {} };
  }
  const base = new URL(process.env.DATABASE_URL!);
  const name = `pvstar_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
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

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  ctx: AppContext;
  /** Signs in with a password and returns the bearer token. */
  login(account: string, password?: string): Promise<string>;
  /** Calls the API; `token` signs the call, `lang` picks the language. */
  call(
    method: 'GET' | 'POST',
    url: string,
    opts?: { token?: string; body?: unknown; lang?: Lang; query?: Record<string, string | number> },
  ): Promise<{ status: number; body: { code: number; msg: string; data: any } }>;
  /** Messages waiting in the outbox to a recipient, newest first. */
  outboxFor(recipient: string): Promise<{ subject: string; body: string }[]>;
  close(): Promise<void>;
}

export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    ADMIN_PASSWORD,
    DEMO: 'true',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  await seed(database.db, config);
  const log = pino({ level: 'silent' });
  const ctx: AppContext = {
    db: database.db,
    database,
    config,
    log,
    outbox: createOutboxWorker({ db: database.db, log, from: config.MAIL_FROM }),
    brokerReady: () => true,
  };
  const app = await buildApp(ctx);
  await app.ready();

  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const res = await app.inject({
      method,
      url,
      query: opts.query
        ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))
        : undefined,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        lang: opts.lang ?? 'en-GB',
      },
      ...(method === 'POST' ? { payload: (opts.body ?? {}) as object } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };

  return {
    app,
    ctx,
    call,
    async login(account, password) {
      const pw = password ?? (account === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD);
      const res = await call('POST', '/auth/user/login', {
        body: { account, password: md5(pw), loginType: 'password' },
      });
      if (res.status !== 200) throw new Error(`login ${account} failed: ${res.status} ${res.body.msg}`);
      return res.body.data as string;
    },
    async outboxFor(recipient) {
      return database.db
        .select({ subject: outbox.subject, body: outbox.body })
        .from(outbox)
        .where(sql`${outbox.recipient} = ${recipient}`)
        .orderBy(sql`${outbox.id} DESC`);
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** The six-digit code in the newest message to a recipient. */
export async function latestCode(t: TestApp, recipient: string): Promise<string> {
  const [msg] = await t.outboxFor(recipient);
  const code = msg?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}
