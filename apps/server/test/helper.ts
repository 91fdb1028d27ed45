import { randomBytes } from 'node:crypto';
import type { DataScope, OrgType } from '@pvstar/contract/enums';
import type { Lang } from '@pvstar/contract/lang';
import type { CommandPayload } from '@pvstar/contract/mqtt';
import { eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type AppContext, NO_BROKER_CREDENTIALS } from '../src/context.ts';
import { menus, organizations, outbox, roleMenus, roles, users } from '../src/db/schema/index.ts';
import { createUser } from '../src/db/seed/seed.ts';
import { md5 } from '../src/lib/crypto.ts';
import { createOutboxWorker } from '../src/lib/mailer.ts';
import { checkAnswersAgainstDocument } from './contract-check.ts';
import { seededDatabase } from './seeded-database.ts';

export const ADMIN_PASSWORD = 'Admin1234!';
export const DEMO_PASSWORD = 'Demo1234';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  ctx: AppContext;
  /** Signs in with a password and returns the bearer token. */
  login(account: string, password?: string): Promise<string>;
  /** Calls the API; `token` signs the call, `lang` picks the language. */
  call(
    method: 'GET' | 'POST',
    url: string,
    opts?: {
      token?: string;
      body?: unknown;
      lang?: Lang;
      query?: Record<string, string | number>;
      /** The caller's address (per-IP rate limits); 127.0.0.1 unless given. */
      ip?: string;
    },
  ): Promise<{ status: number; body: { code: number; msg: string; data: any } }>;
  /** Commands the app published while no device loop was running. */
  sentCommands: { dongleSn: string; command: CommandPayload }[];
  /** The raw text of every answer `call` received, oldest first (to check nothing secret leaks). */
  responses: string[];
  /** Messages waiting in the outbox to a recipient, newest first. */
  outboxFor(recipient: string): Promise<{ subject: string; body: string }[]>;
  close(): Promise<void>;
}

/** The shared secret of POST /mqtt/auth and /mqtt/acl in the security suites' test apps (EMQX sends it). */
export const MQTT_HTTP_AUTH_SECRET = randomBytes(24).toString('base64url');

export async function buildTestApp(
  env: Record<string, string> = {},
  opts: { log?: pino.Logger } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    ADMIN_PASSWORD,
    DEMO: 'true',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  // A fresh database per test file, migrated and seeded (cloned from a template: test/seeded-database.ts).
  const { database, drop } = await seededDatabase(config);
  const log = opts.log ?? pino({ level: 'silent' });
  const sentCommands: TestApp['sentCommands'] = [];
  const ctx: AppContext = {
    db: database.db,
    database,
    config,
    log,
    outbox: createOutboxWorker({ db: database.db, log, from: config.MAIL_FROM }),
    // No broker in a plain test app: commands are kept here. A test that needs devices to answer
    // starts the real loop (test/device-loop.ts), which replaces this.
    publishCommand: (dongleSn, command) => sentCommands.push({ dongleSn, command }),
    brokerReady: () => true,
    brokerCredentials: NO_BROKER_CREDENTIALS,
  };
  const app = await buildApp(ctx);
  // Every answer is checked against the OpenAPI document: a drift fails the test that saw it.
  const contract = checkAnswersAgainstDocument(app);
  await app.ready();

  const responses: string[] = [];
  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const res = await app.inject({
      method,
      url,
      remoteAddress: opts.ip ?? '127.0.0.1',
      query: opts.query
        ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))
        : undefined,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        lang: opts.lang ?? 'en-GB',
      },
      ...(method === 'POST' ? { payload: (opts.body ?? {}) as object } : {}),
    });
    responses.push(res.body);
    return { status: res.statusCode, body: res.json() };
  };

  return {
    app,
    ctx,
    call,
    responses,
    sentCommands,
    async login(account, password) {
      const pw = password ?? (account === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD);
      // A fresh address per sign-in: fixtures must not run into the per-IP limit of the login route.
      const res = await call('POST', '/auth/user/login', {
        body: { account, password: md5(pw), loginType: 'password', agree: true },
        ip: nextIp(),
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
      contract.assertNoneLeft();
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

let ipCounter = 0;
/** A caller address not used before in this process (each gets its own per-IP rate-limit budget). */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let uniqueCounter = 0;
/** A short name unique within this process, for users, orgs and roles that tests create. */
export function unique(prefix: string): string {
  uniqueCounter += 1;
  return `${prefix}${Date.now().toString(36).slice(-4)}${uniqueCounter}`;
}

/** The id of a seeded or created organisation, by its name. */
export async function orgIdByName(t: TestApp, name: string): Promise<number> {
  const [row] = await t.ctx.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, name));
  if (!row) throw new Error(`no organisation ${name}`);
  return row.id;
}

/** The id of a user, by user name. */
export async function userIdByName(t: TestApp, username: string): Promise<number> {
  const [row] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

/**
 * A fresh user straight in the database (a fixture, not the behaviour under test): unique user name and
 * e-mail, password DEMO_PASSWORD unless given, with the given built-in or custom role codes.
 */
export async function addUser(
  t: TestApp,
  opts: { org: string | number; roles: string[]; prefix?: string; password?: string; phone?: string },
): Promise<{ id: number; username: string; email: string; password: string }> {
  const username = unique(opts.prefix ?? 'u');
  const email = `${username}@test.pvstar.local`;
  const password = opts.password ?? DEMO_PASSWORD;
  const orgId = typeof opts.org === 'number' ? opts.org : await orgIdByName(t, opts.org);
  const id = await createUser(
    t.ctx.db,
    { orgId, username, nickname: username, password, email, ...(opts.phone ? { phone: opts.phone } : {}) },
    opts.roles,
  );
  return { id, username, email, password };
}

/**
 * A role of its own in an organisation holding exactly the menu codes `perms` (none: a role that opens
 * nothing), for tests of what a user without a code may do. Returns its code, for `addUser`.
 */
export async function addRole(
  t: TestApp,
  opts: { org: string | number; perms: string[]; type?: OrgType; scope?: DataScope; prefix?: string },
): Promise<string> {
  const orgId = typeof opts.org === 'number' ? opts.org : await orgIdByName(t, opts.org);
  const code = unique(opts.prefix ?? 'ROLE').toUpperCase();
  const [role] = await t.ctx.db
    .insert(roles)
    .values({
      orgId,
      roleName: code,
      roleCode: code,
      roleType: opts.type ?? 'INSTALLER',
      dataScope: opts.scope ?? 'ORG_AND_SUB',
    })
    .returning({ id: roles.id });
  if (opts.perms.length) {
    const ids = await t.ctx.db
      .select({ id: menus.id })
      .from(menus)
      .where(inArray(menus.permCode, opts.perms));
    await t.ctx.db.insert(roleMenus).values(ids.map((m) => ({ roleId: role!.id, menuId: m.id })));
  }
  return code;
}

/** Asks for a verification code (from a fresh address) and returns it, read from the outbox. */
export async function requestCode(
  t: TestApp,
  contact: string,
  purpose: 'LOGIN' | 'REGISTER' | 'FORGET' | 'BIND',
  contactType: 'EMAIL' | 'MOBILE' = 'EMAIL',
): Promise<string> {
  const res = await t.call('POST', '/system/smsEmail/send', {
    body: { contactType, contact, purpose },
    ip: nextIp(),
  });
  if (res.status !== 200)
    throw new Error(`sending a code to ${contact} failed: ${res.status} ${res.body.msg}`);
  return latestCode(t, contactType === 'EMAIL' ? contact.toLowerCase() : contact);
}

/** The id of a role, by its code. */
export async function roleIdByCode(t: TestApp, code: string): Promise<number> {
  const [row] = await t.ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, code));
  if (!row) throw new Error(`no role ${code}`);
  return row.id;
}

let phoneCounter = Math.floor(Math.random() * 1_000_000);
/** A German mobile number not used before in this process, in the stored (normalised) form. */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `+49170${String(phoneCounter).padStart(7, '0')}`;
}

/** The answers seen so far that carry a password hash or a hash column (should be none). */
export function leakedSecrets(t: TestApp): string[] {
  return t.responses.filter((r) => /\$argon2|passwordHash|password_hash|codeHash|tokenHash/i.test(r));
}
