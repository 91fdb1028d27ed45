import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/index.ts';
import { md5 } from '../../src/lib/crypto.ts';
import { fieldsOf } from '../auth-calls.ts';
import {
  ADMIN_PASSWORD,
  addUser,
  buildTestApp,
  DEMO_PASSWORD,
  nextIp,
  orgIdByName,
  requestCode,
  type TestApp,
  unique,
} from '../helper.ts';
import { addBody } from '../plant-fixture.ts';
import { buildFixtures, type Fixtures } from './fixtures/sides.ts';

/**
 * Passwords (issue 17): the server refuses empty and common new passwords by their MD5; wrong
 * confirmation passwords add up across every action that asks for one; a stranger's wrong guesses
 * from one address do not lock the owner out from another; every sign-in name answers 4xx and is audited.
 */

let t: TestApp;
let admin: string;
let fx: Fixtures;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  fx = await buildFixtures(t);
});
afterAll(() => t.close());

const signIn = (account: string, password: string, ip: string) =>
  t.call('POST', '/auth/user/login', {
    body: { account, password: md5(password), loginType: 'password', agree: true },
    ip,
  });
const installer = () => addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });

describe('new passwords', () => {
  // Each as a user types it (the client's rule wants upper and lower case): common ones and the empty one.
  const refused = ['', 'Password', 'Qwerty123', 'Dragon', 'password1', 'Iloveyou'];

  it('refuses empty and common passwords on every route that sets one, in the caller’s language, changing nothing', async () => {
    for (const plain of refused) {
      const email = `${unique('reg')}@test.pvstar.local`;
      const code = await requestCode(t, email, 'REGISTER');
      const register = await t.call('POST', '/auth/user/register', {
        body: {
          username: unique('reg'),
          contactType: 'EMAIL',
          contact: email,
          code,
          password: md5(plain),
          confirmPassword: md5(plain),
          agree: true,
        },
        ip: nextIp(),
        lang: 'de-DE',
      });
      expect(register.status, plain).toBe(400);
      expect(fieldsOf(register.body)).toEqual(['password']);
      expect(register.body.msg).toBe('Passwort: Mindestens 6 Zeichen mit Groß- und Kleinbuchstaben');

      const u = await installer();
      const forgetCode = await requestCode(t, u.email, 'FORGET');
      const forget = await t.call('POST', '/auth/user/forget', {
        body: {
          contactType: 'EMAIL',
          contact: u.email,
          code: forgetCode,
          password: md5(plain),
          confirmPassword: md5(plain),
        },
        ip: nextIp(),
      });
      expect(forget.status, plain).toBe(400);
      expect(fieldsOf(forget.body)).toEqual(['password']);

      const token = await t.login(u.username);
      const update = await t.call('POST', '/auth/user/updatePassword', {
        token,
        body: { oldPassword: md5(u.password), password: md5(plain), confirmPassword: md5(plain) },
      });
      expect(update.status, plain).toBe(400);
      expect(fieldsOf(update.body)).toEqual(['password']);
      // Nothing changed: the old password still signs in.
      expect((await signIn(u.username, u.password, nextIp())).status).toBe(200);

      const add = await t.call('POST', '/system/user/add', {
        token: admin,
        body: {
          orgId: await orgIdByName(t, 'Solartechnik Alpha'),
          username: unique('added'),
          nickname: 'Added',
          email: `${unique('added')}@test.pvstar.local`,
          roleIds: [fx.installerRoleId],
          password: md5(plain),
        },
      });
      expect(add.status, plain).toBe(400);
      expect(fieldsOf(add.body)).toEqual(['password']);
    }
  });

  it('accepts the passwords the seed, the tests and the browser tests use', async () => {
    const u = await installer();
    let current = u.password;
    for (const next of [
      ADMIN_PASSWORD,
      'Renewed99',
      'Another12',
      'Tidal7Wave',
      'Welcome123',
      DEMO_PASSWORD,
    ]) {
      const token = await t.login(u.username, current);
      const res = await t.call('POST', '/auth/user/updatePassword', {
        token,
        body: { oldPassword: md5(current), password: md5(next), confirmPassword: md5(next) },
      });
      expect(res.status, next).toBe(200);
      current = next;
    }
  });
});

describe('guessing through confirmation dialogs', () => {
  it('answers 429 to the sixth confirmation after five wrong ones across actions, even with the right password; sign-in still works', async () => {
    const u = await installer();
    const token = await t.login(u.username);
    const wrong = md5('Not-the-password-1');
    const attempts = [
      () =>
        t.call('POST', '/iot/remote/params/write', {
          token,
          body: { deviceId: fx.a.inverter.id, disclaimerAccepted: true, password: wrong, values: {} },
        }),
      () =>
        t.call('POST', '/auth/user/updatePassword', {
          token,
          body: { oldPassword: wrong, password: md5('Renewed99'), confirmPassword: md5('Renewed99') },
        }),
      () => t.call('POST', '/auth/user/cancel', { token, body: { password: wrong } }),
    ];
    for (let i = 0; i < 5; i += 1) {
      const res = await attempts[i % attempts.length]!();
      expect(res.status, `attempt ${i + 1}`).toBe(400);
    }
    const right = await t.call('POST', '/auth/user/updatePassword', {
      token,
      body: { oldPassword: md5(u.password), password: md5('Renewed99'), confirmPassword: md5('Renewed99') },
      lang: 'de-DE',
    });
    expect(right.status).toBe(429);
    expect(right.body.msg).toBe('Bitte versuchen Sie es später erneut');
    const write = await t.call('POST', '/iot/remote/params/write', {
      token,
      body: {
        deviceId: fx.a.inverter.id,
        disclaimerAccepted: true,
        password: md5(u.password),
        values: { overVoltage1: 280 },
      },
    });
    expect(write.status).toBe(429);
    // The password did not change, and signing in (from anywhere) still works.
    expect((await signIn(u.username, u.password, nextIp())).status).toBe(200);
    // Every wrong confirmation is in the audit log.
    const [{ n }] = (await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.userId, u.id), eq(auditLog.action, 'account.confirmFailed')))) as [
      { n: number },
    ];
    expect(n).toBe(5);
  });
});

describe('sign-in lock-out', () => {
  /** A sign-in as the browser makes it, with the answer's Retry-After (seconds; NaN when absent). */
  const attempt = async (account: string, password: string, ip: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/user/login',
      remoteAddress: ip,
      headers: { lang: 'en-GB' },
      payload: { account, password: md5(password), loginType: 'password', agree: true },
    });
    return { status: res.statusCode, retryAfter: Number(res.headers['retry-after']), msg: res.json().msg };
  };
  /** Moves the account's attempts `seconds` into the past: the clock runs on without the test sleeping. */
  const later = (username: string, seconds: number) =>
    t.ctx.db.execute(
      sql`UPDATE login_attempts SET created_at = created_at - make_interval(secs => ${seconds})
          WHERE account_key = ${username.toLowerCase()}`,
    );
  /** A patient guesser: a wrong password from `ip`, waiting out (skipping ahead) every delay it is given. */
  const guess = async (username: string, ip: string) => {
    for (;;) {
      const res = await attempt(username, 'Wrong1234', ip);
      if (res.status !== 429) return res.status;
      expect(res.retryAfter).toBeGreaterThan(0);
      await later(username, res.retryAfter);
    }
  };

  it('does not let a stranger’s wrong guesses from one address lock the owner out from another', async () => {
    const u = await installer();
    const stranger = nextIp();
    for (let i = 0; i < 5; i += 1) expect((await signIn(u.username, 'Wrong1234', stranger)).status).toBe(400);
    // The stranger's address is locked for this account for 15 minutes, even with the right password…
    const locked = await attempt(u.username, u.password, stranger);
    expect(locked).toMatchObject({ status: 429, msg: 'Try again later' });
    expect(locked.retryAfter).toBeGreaterThan(890);
    expect(locked.retryAfter).toBeLessThanOrEqual(900);
    // …but the owner, elsewhere, signs in.
    expect((await signIn(u.username, u.password, nextIp())).status).toBe(200);
    // Once the lock has run out, that address may try again.
    await later(u.username, locked.retryAfter);
    expect((await attempt(u.username, u.password, stranger)).status).toBe(200);
  });

  it('slows guessing spread over addresses with a doubling delay for the account, capped at a minute', async () => {
    const u = await installer();
    // Ten failures, each from an address of its own, cost nothing yet.
    for (let i = 0; i < 10; i += 1) expect(await guess(u.username, nextIp())).toBe(400);
    const waits: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const ip = nextIp();
      const refused = await attempt(u.username, 'Wrong1234', ip);
      expect(refused.status).toBe(429);
      waits.push(refused.retryAfter);
      await later(u.username, refused.retryAfter);
      expect((await attempt(u.username, 'Wrong1234', ip)).status).toBe(400);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it('lets one of many parallel guesses through when a delay ends, not a burst', async () => {
    const u = await installer();
    for (let i = 0; i < 10; i += 1) expect(await guess(u.username, nextIp())).toBe(400);
    await later(u.username, 1);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => attempt(u.username, 'Wrong1234', nextIp())),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([400, ...Array(11).fill(429)]);
  });

  it('never locks the rightful user out: after 50 wrong from 10 addresses the right password signs in', async () => {
    const u = await installer();
    const home = nextIp();
    expect((await attempt(u.username, u.password, home)).status).toBe(200);
    const attackers = Array.from({ length: 10 }, () => nextIp());
    for (const ip of attackers) for (let i = 0; i < 5; i += 1) expect(await guess(u.username, ip)).toBe(400);
    // Each attacking address is locked out of the account …
    for (const ip of attackers) expect((await attempt(u.username, u.password, ip)).status).toBe(429);
    // … the owner at home, where the account signed in before, is not even delayed …
    expect((await attempt(u.username, u.password, home)).status).toBe(200);
    // … and from an eleventh address the right password waits at most a minute, then signs in.
    const elsewhere = nextIp();
    const waiting = await attempt(u.username, u.password, elsewhere);
    expect(waiting.status).toBe(429);
    expect(waiting.retryAfter).toBeGreaterThan(0);
    expect(waiting.retryAfter).toBeLessThanOrEqual(60);
    await later(u.username, waiting.retryAfter);
    expect((await attempt(u.username, u.password, elsewhere)).status).toBe(200);
  });

  it('counts a wrong password typed to accept an invitation into an existing account like a wrong sign-in', async () => {
    const owner = await addUser(t, { org: 'Familie Weber', roles: ['OWNER'] });
    const installerToken = await t.login((await installer()).username);
    const plant = await t.call('POST', '/station/station/add', { token: installerToken, body: addBody() });
    expect(plant.status, plant.body.msg).toBe(200);
    const invited = await t.call('POST', '/station/invitation/add', {
      token: installerToken,
      body: { stationId: plant.body.data.id, email: owner.email, name: 'Invited Owner' },
    });
    expect(invited.status, invited.body.msg).toBe(200);
    const [mail] = await t.outboxFor(owner.email);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    const accept = async (password: string, ip: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/invitation/accept',
        remoteAddress: ip,
        headers: { lang: 'en-GB' },
        payload: {
          token,
          password: md5(password),
          confirmPassword: md5(password),
          consent: true,
          agree: true,
        },
      });
      return { status: res.statusCode, retryAfter: Number(res.headers['retry-after']) };
    };
    const guesser = nextIp();
    // Four wrong passwords at the invitation and one at the sign-in: five failures from that address.
    for (let i = 0; i < 4; i += 1) expect((await accept('Wrong1234', guesser)).status).toBe(400);
    expect((await attempt(owner.username, 'Wrong1234', guesser)).status).toBe(400);
    // The address is locked for the account on both routes, even with the right password.
    const refused = await accept(owner.password, guesser);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBeGreaterThan(890);
    expect((await attempt(owner.username, owner.password, guesser)).status).toBe(429);
    // Each failure, and each refusal, is audited as a failed sign-in of that account.
    const [{ n }] = (await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.loginFailed'), eq(auditLog.targetId, owner.username)))) as [
      { n: number },
    ];
    expect(n).toBe(7);
    // The owner, elsewhere, accepts with the right password.
    expect((await accept(owner.password, nextIp())).status).toBe(200);
  });
});

describe('sign-in names', () => {
  it('answers every name 4xx, registered or not, however long, and audits every failure', async () => {
    const u = await installer();
    const names = [
      u.username,
      unique('nobody'),
      `${'x'.repeat(65)}@test.pvstar.local`,
      '4'.repeat(200),
      `+49${'1'.repeat(100)}`,
      'ä'.repeat(254),
    ];
    const before = await failedSignIns();
    for (const name of names) {
      const res = await signIn(name, 'Wrong1234', nextIp());
      expect(res.status, name).toBe(400);
    }
    const codeLogin = await t.call('POST', '/auth/user/login', {
      body: { account: `${'9'.repeat(120)}`, code: '000000', loginType: 'code', agree: true },
      ip: nextIp(),
    });
    expect(codeLogin.status).toBe(400);
    // A locked answer is a failed sign-in too.
    const locked = await addUser(t, { org: 'Solartechnik Alpha', roles: ['GUEST'] });
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) await signIn(locked.username, 'Wrong1234', ip);
    expect((await signIn(locked.username, locked.password, ip)).status).toBe(429);
    expect((await failedSignIns()) - before).toBe(names.length + 1 + 6);
  });

  const failedSignIns = async () =>
    (
      (await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(eq(auditLog.action, 'auth.loginFailed'))) as [{ n: number }]
    )[0].n;
});
