import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { maskContact } from '@pvstar/contract/validation';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../src/db/rows.ts';
import { plants, sessions, users } from '../../src/db/schema/index.ts';
import { md5 } from '../../src/lib/crypto.ts';
import {
  addUser,
  buildTestApp,
  leakedSecrets,
  nextIp,
  requestCode,
  type TestApp,
  unique,
  uniquePhone,
} from '../helper.ts';
import { MATRIX } from './access-matrix.ts';
import { type Caller, type Callers, COLUMNS, signInCallers } from './fixtures/callers.ts';
import { send } from './fixtures/route-call.ts';
import { buildFixtures, type Fixtures } from './fixtures/sides.ts';

/**
 * Accounts (issue 8): no answer tells whether an account or contact exists; session tokens are long,
 * random and stored hashed, and end on logout, password change, freeze and delete; no answer carries a
 * password hash, another session's token, a dongle secret or an unmasked contact.
 */

const publicPost = (t: TestApp, url: string, body: unknown) => t.call('POST', url, { body, ip: nextIp() });
const userInfo = (t: TestApp, token: string) => t.call('GET', '/auth/user/getUserInfo', { token });

// One app for the enumeration and session tests; the walk for secrets has its own (below).
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('no account enumeration', () => {
  /** An account with an e-mail and a phone; each test takes its own (codes are limited per contact). */
  const account = () =>
    addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'], phone: uniquePhone() }).then(
      async (u) => ({
        ...u,
        phone: (await t.ctx.db.select().from(users).where(eq(users.id, u.id)))[0]!.phone!,
      }),
    );
  const nobodyEmail = () => `${unique('nobody')}@test.pvstar.local`;

  it('answers a sign-in the same for a wrong password and for an account that does not exist', async () => {
    const u = await account();
    const login = (accountName: string) =>
      publicPost(t, '/auth/user/login', {
        account: accountName,
        password: md5('Wrong1234'),
        loginType: 'password',
      });
    for (const [known, unknown] of [
      [u.username, unique('nobody')],
      [u.email, nobodyEmail()],
      [u.phone, uniquePhone()],
    ] as const) {
      const a = await login(known);
      const b = await login(unknown);
      expect(a.status).toBe(400);
      expect({ status: b.status, body: b.body }).toEqual({ status: a.status, body: a.body });
    }
    // A code sign-in: a wrong code for a known contact, any code for an unknown one.
    const byCode = (contact: string) =>
      publicPost(t, '/auth/user/login', { account: contact, code: '000000', loginType: 'code', agree: true });
    const a = await byCode(u.email);
    const b = await byCode(nobodyEmail());
    expect(a.status).toBe(400);
    expect({ status: b.status, body: b.body }).toEqual({ status: a.status, body: a.body });
  });

  it('answers code requests the same for known and unknown contacts, for every purpose and channel', async () => {
    for (const purpose of ['LOGIN', 'FORGET', 'REGISTER', 'BIND'] as const) {
      const u = await account();
      for (const [contactType, known, unknown] of [
        ['EMAIL', u.email, nobodyEmail()],
        ['MOBILE', u.phone, uniquePhone()],
      ] as const) {
        const send = (contact: string) =>
          publicPost(t, '/system/smsEmail/send', { contactType, contact, purpose });
        const a = await send(known);
        const b = await send(unknown);
        expect(a.status, `${purpose} ${contactType}`).toBe(200);
        expect({ status: b.status, body: b.body }, `${purpose} ${contactType}`).toEqual({
          status: a.status,
          body: a.body,
        });
      }
    }
  });

  it('answers a password reset the same for a known contact with a wrong code and an unknown contact', async () => {
    const u = await account();
    for (const [contactType, known, unknown] of [
      ['EMAIL', u.email, nobodyEmail()],
      ['MOBILE', u.phone, uniquePhone()],
    ] as const) {
      // Both have a code pending: the known one's was delivered, the unknown one's was not.
      await requestCode(t, known, 'FORGET', contactType);
      await publicPost(t, '/system/smsEmail/send', { contactType, contact: unknown, purpose: 'FORGET' });
      const forget = (contact: string) =>
        publicPost(t, '/auth/user/forget', {
          contactType,
          contact,
          code: '000000',
          password: md5('Another12'),
          confirmPassword: md5('Another12'),
        });
      const a = await forget(known);
      const b = await forget(unknown);
      expect(a.status).toBe(400);
      expect({ status: b.status, body: b.body }).toEqual({ status: a.status, body: a.body });
    }
  });

  it('answers a registration the same for a taken and a free user name and contact until the code is proven', async () => {
    // Telling a registrant that a name or contact is taken needs a code sent to a contact they control
    // (account.test.ts: 409 after a valid code); without it, nothing differs.
    const u = await account();
    const fresh = nobodyEmail();
    await requestCode(t, u.email, 'REGISTER');
    await requestCode(t, fresh, 'REGISTER');
    const register = (username: string, contact: string) =>
      publicPost(t, '/auth/user/register', {
        username,
        contactType: 'EMAIL',
        contact,
        code: '000000',
        password: md5('Another12'),
        confirmPassword: md5('Another12'),
        agree: true,
      });
    const taken = await register(u.username, u.email);
    const free = await register(unique('free'), fresh);
    expect(taken.status).toBe(400);
    expect({ status: free.status, body: free.body }).toEqual({ status: taken.status, body: taken.body });
  });
});

describe('sessions', () => {
  const person = () => addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
  const signIn = (u: { username: string; password: string }) => t.login(u.username, u.password);

  /** Every table whose rows' text contains one of the strings. */
  async function tablesContaining(needles: string[]): Promise<string[]> {
    const tables = await sqlRows<{ name: string }>(
      t.ctx.db,
      sql`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const found: string[] = [];
    for (const { name } of tables) {
      const rows = await sqlRows<{ row: string }>(
        t.ctx.db,
        sql.raw(`SELECT x::text AS row FROM "${name}" x`),
      );
      if (rows.some((r) => needles.some((n) => r.row.includes(n)))) found.push(name);
    }
    return found;
  }

  it('issues tokens of at least 128 random bits and keeps only their hash', async () => {
    const u = await person();
    const tokens: string[] = [];
    for (let i = 0; i < 32; i++) tokens.push(await signIn(u));
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    // Each of the first 128 bits takes both values across the tokens: no counter, clock or fixed part.
    const bytes = tokens.map((token) => Buffer.from(token, 'base64url'));
    const fixedBits = Array.from({ length: 128 }, (_, bit) => bit).filter(
      (bit) => new Set(bytes.map((b) => (b[bit >> 3]! >> (7 - (bit & 7))) & 1)).size < 2,
    );
    expect(fixedBits).toEqual([]);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(32);
    expect(await tablesContaining(tokens)).toEqual([]);
  });

  it('ends the session a logout is called with, and only that one', async () => {
    const u = await person();
    const [one, two] = [await signIn(u), await signIn(u)];
    expect((await t.call('POST', '/auth/user/logout', { token: one })).status).toBe(200);
    expect((await userInfo(t, one)).status).toBe(401);
    expect((await userInfo(t, two)).status).toBe(200);
  });

  it("ends the user's other sessions on a password change; the old password stops working", async () => {
    const u = await person();
    const [current, other] = [await signIn(u), await signIn(u)];
    const res = await t.call('POST', '/auth/user/updatePassword', {
      token: current,
      body: { oldPassword: md5(u.password), password: md5('Changed12'), confirmPassword: md5('Changed12') },
      ip: nextIp(),
    });
    expect(res.status).toBe(200);
    expect((await userInfo(t, other)).status).toBe(401);
    expect((await userInfo(t, current)).status).toBe(200);
    await expect(signIn(u)).rejects.toThrow(/400/);
    expect(await t.login(u.username, 'Changed12')).toBeTruthy();
  });

  it('ends every session at once on a password reset, a freeze, a frozen organisation and a delete', async () => {
    const reset = await person();
    const frozen = await person();
    const deleted = await person();
    const tokens = {
      reset: await signIn(reset),
      frozen: await signIn(frozen),
      deleted: await signIn(deleted),
    };
    const asAdmin = (
      method: 'GET' | 'POST',
      url: string,
      opts: { body?: unknown; query?: Record<string, number> },
    ) => t.call(method, url, { token: admin, ...opts });
    expect((await asAdmin('GET', '/system/user/resetPassword', { query: { userId: reset.id } })).status).toBe(
      200,
    );
    expect(
      (
        await asAdmin('POST', '/system/user/updateAccountStatus', {
          body: { userId: frozen.id, status: 'FREEZE' },
        })
      ).status,
    ).toBe(200);
    expect((await asAdmin('GET', '/system/user/delete', { query: { userId: deleted.id } })).status).toBe(200);
    for (const [who, token] of Object.entries(tokens))
      expect((await userInfo(t, token)).status, who).toBe(401);
    expect(
      await t.ctx.db
        .select()
        .from(sessions)
        .where(sql`${sessions.userId} IN (${reset.id}, ${frozen.id}, ${deleted.id})`),
    ).toEqual([]);

    // Freezing an organisation ends the sessions of everyone in it.
    const orgName = unique('Frozen installer ');
    const org = await t.call('POST', '/system/org/add', {
      token: admin,
      body: { name: orgName, type: 'INSTALLER', parentId: 1 },
    });
    expect(org.status).toBe(200);
    const member = await addUser(t, { org: org.body.data.id, roles: ['INSTALLER_ADMIN'] });
    const memberToken = await signIn(member);
    expect((await userInfo(t, memberToken)).status).toBe(200);
    const freeze = await t.call('POST', '/system/org/updateStatus', {
      token: admin,
      body: { id: org.body.data.id, status: 'FREEZE' },
    });
    expect(freeze.status).toBe(200);
    expect((await userInfo(t, memberToken)).status).toBe(401);
  });
});

describe('no secrets in answers', () => {
  // Its own app: the walk reads the audit log, which must hold only what this walk's fixtures did.
  let w: TestApp;
  let dataDir: string;
  let fx: Fixtures;
  let callers: Callers;
  /** What each caller got from each reading route. */
  let walked: Record<string, Record<string, string>>;
  let reissued: string;

  // Every column of the matrix that has an account (all but "no token").
  const walkers: Caller[] = COLUMNS.filter((c) => c !== 'none');

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-accounts-'));
    w = await buildTestApp({ DATA_DIR: dataDir });
    fx = await buildFixtures(w);
    callers = await signInCallers(w);
    // A secret reissued: shown once, in this answer.
    const res = await send(
      w,
      'POST',
      '/station/station/dongle/resetSecret',
      { body: { dongleId: fx.a.dongle.id } },
      callers.installerA.token,
    );
    reissued = (JSON.parse(res.text) as { data: { secret: string } }).data.secret;

    // Every route that only reads (no write marker, no session end, no contact reveal), as every caller.
    const access = new Map(w.app.routeTable.map((r) => [`${r.method} ${r.url}`, r.access]));
    const reading = MATRIX.filter((e) => {
      const a = access.get(e.route);
      if (!a || e.by || e.route === 'POST /system/user/getMobileOrEmail') return false;
      if ('public' in a) return e.route.startsWith('GET ');
      return !a.write;
    });
    expect(reading.length).toBeGreaterThan(50);
    walked = {};
    for (const as of walkers) {
      walked[as] = {};
      for (const entry of reading) {
        const [method, url] = entry.route.split(' ') as [string, string];
        const req = await entry.request({
          t: w,
          fx,
          side: fx.a,
          as,
          allowed: entry.expect[as as keyof typeof entry.expect] === 200,
          caller: callers[as],
        });
        walked[as][entry.route] = (await send(w, method, url, req, callers[as].token)).text;
      }
    }
  }, 60_000);
  afterAll(async () => {
    await w?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('walked real answers: most reading routes answer the admin with data', () => {
    const ok = Object.values(walked.admin!).filter((text) => text.startsWith('{"code":200'));
    expect(ok.length).toBeGreaterThan(50);
  });

  const everything = () => Object.values(walked).flatMap((answers) => Object.values(answers));

  it('never answers with a password, code or token hash', () => {
    expect(leakedSecrets(w)).toEqual([]);
  });

  it('never answers with a session token, nor a dongle secret outside its registration or reissue', () => {
    const tokens = Object.values(callers)
      .map((c) => c.token)
      .filter((x): x is string => !!x);
    const secrets = [fx.a.dongle.secret, fx.b.dongle.secret, reissued];
    const found = everything().filter((text) => [...tokens, ...secrets].some((s) => text.includes(s)));
    expect(found).toEqual([]);
  });

  it("never answers with a user's e-mail or phone unmasked, and shows the masked form in lists", async () => {
    const people = await w.ctx.db.select({ email: users.email, phone: users.phone }).from(users);
    const owners = await w.ctx.db.select({ contact: plants.ownerContact }).from(plants);
    const contacts = [...people.flatMap((p) => [p.email, p.phone]), ...owners.map((o) => o.contact)].filter(
      (c): c is string => !!c,
    );
    expect(contacts.length).toBeGreaterThan(10);
    const found = everything().flatMap((text) => contacts.filter((c) => text.includes(c)));
    expect(found).toEqual([]);
    // Masked, not left out: the admin's user list shows installer A's employee as ma***@….
    expect(walked.admin!['POST /system/user/queryUserPage']).toContain(maskContact(fx.a.employee.email)!);
    // The other installer sees not even the masked contacts of A's people (the reveal itself is
    // user.test.ts "revealing a contact" and owner.test.ts: needs the reveal code, in scope, audited).
    const ofA = [fx.a.employee.email, fx.a.owner.email].map((c) => maskContact(c)!);
    for (const as of ['installerB', 'bAll'])
      expect(
        Object.entries(walked[as]!).filter(([, text]) => ofA.some((m) => text.includes(m))),
        as,
      ).toEqual([]);
  });
});
