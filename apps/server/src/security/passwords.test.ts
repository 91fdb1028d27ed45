import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.ts';
import { md5 } from '../lib/crypto.ts';
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
} from '../test/helper.ts';
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

const fieldsOf = (body: { data: any }) => (body.data?.fields ?? []).map((f: { field: string }) => f.field);
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
  it('does not let a stranger’s wrong guesses from one address lock the owner out from another', async () => {
    const u = await installer();
    const stranger = nextIp();
    for (let i = 0; i < 5; i += 1) expect((await signIn(u.username, 'Wrong1234', stranger)).status).toBe(400);
    // The stranger's address is locked for this account, even with the right password…
    expect((await signIn(u.username, u.password, stranger)).status).toBe(429);
    // …but the owner, elsewhere, signs in.
    expect((await signIn(u.username, u.password, nextIp())).status).toBe(200);
  });

  it('locks an account for everyone after many failures from many addresses', async () => {
    const u = await installer();
    for (let i = 0; i < 50; i += 1) await signIn(u.username, 'Wrong1234', nextIp());
    expect((await signIn(u.username, u.password, nextIp())).status).toBe(429);
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
