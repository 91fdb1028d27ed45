import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fieldsOf } from '../../../test/auth-calls.ts';
import {
  addUser,
  buildTestApp,
  DEMO_PASSWORD,
  leakedSecrets,
  nextIp,
  orgIdByName,
  requestCode,
  type TestApp,
  unique,
} from '../../../test/helper.ts';
import { auditLog, trustedDevices, twoFactorRecoveryCodes, userTwoFactor } from '../../db/schema/index.ts';
import { md5 } from '../../lib/crypto.ts';

let t: TestApp;
let admin: string;

// The clock is the test's: each code is taken in a time step of its own (a code is good once).
let clock = Date.UTC(2026, 10, 25, 12, 0, 0);
const nextStep = () => {
  clock += 30_000;
  vi.setSystemTime(clock);
};
const codeNow = (secret: string) => generate({ secret });

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  t = await buildTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const post = (url: string, token: string | undefined, body: unknown = {}, ip = nextIp()) =>
  t.call('POST', url, { ...(token ? { token } : {}), body, ip });
const passwordLogin = (account: string, password = DEMO_PASSWORD, trusted?: string[], ip?: string) =>
  post(
    '/auth/user/login',
    undefined,
    {
      account,
      password: md5(password),
      loginType: 'password',
      ...(trusted ? { trustedDevices: trusted } : {}),
    },
    ip,
  );
const verify = (body: Record<string, unknown>, ip?: string) =>
  post('/auth/user/twoFactor/verify', undefined, body, ip);
const actionsOf = async (userId: number) =>
  (await t.ctx.db.select().from(auditLog).where(eq(auditLog.userId, userId))).map((r) => r.action);

/** A user of installer A with the second factor on (set up through the API); its secret and recovery codes. */
async function userWithFactor() {
  const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'], prefix: 'tf' });
  const token = await t.login(u.username, u.password);
  const setup = await post('/auth/user/twoFactor/setup', token);
  expect(setup.status).toBe(200);
  nextStep();
  const enable = await post('/auth/user/twoFactor/enable', token, {
    code: await codeNow(setup.body.data.secret),
  });
  expect(enable.status).toBe(200);
  return {
    ...u,
    token,
    secret: setup.body.data.secret as string,
    recoveryCodes: enable.body.data.recoveryCodes as string[],
  };
}

/** Signs in with the password and answers the challenge with a fresh code. */
async function signInWithCode(u: { username: string; secret: string }, extra: Record<string, unknown> = {}) {
  const first = await passwordLogin(u.username);
  expect(first.body.data.step).toBe('VERIFY');
  nextStep();
  return verify({ challenge: first.body.data.challenge, code: await codeNow(u.secret), ...extra });
}

describe('setting up the second factor', () => {
  it('shows a secret once, confirms it with a first code and hands out ten recovery codes', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const token = await t.login(u.username, u.password);
    const status = await t.call('GET', '/auth/user/twoFactor', { token });
    expect(status.body.data).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    const setup = await post('/auth/user/twoFactor/setup', token);
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(`secret=${secret}`);

    const wrong = await post('/auth/user/twoFactor/enable', token, { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(fieldsOf(wrong.body)).toEqual(['code']);
    expect(wrong.body.msg).toBe('Verification code: The code is wrong or has already been used');
    const malformed = await post('/auth/user/twoFactor/enable', token, { code: 'abc' });
    expect(malformed.status).toBe(400);
    expect(fieldsOf(malformed.body)).toEqual(['code']);

    nextStep();
    const enable = await post('/auth/user/twoFactor/enable', token, { code: await codeNow(secret) });
    expect(enable.status).toBe(200);
    const codes = enable.body.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const after = await t.call('GET', '/auth/user/twoFactor', { token });
    expect(after.body.data).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect(after.body.data).not.toHaveProperty('secret');
    // Set-up again is refused: the secret is never answered twice.
    expect((await post('/auth/user/twoFactor/setup', token)).status).toBe(409);
    // Recovery codes are stored hashed only.
    const stored = await t.ctx.db
      .select({ h: twoFactorRecoveryCodes.codeHash })
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, u.id));
    expect(stored).toHaveLength(10);
    for (const c of codes) expect(stored.some((s) => s.h.includes(c.replace('-', '')))).toBe(false);
    expect(await actionsOf(u.id)).toContain('account.twoFactorEnabled');
    expect(t.responses.filter((r) => r.includes(secret)).length).toBe(1);
    expect(leakedSecrets(t)).toEqual([]);
  });

  it('turns off only with the password and a current code', async () => {
    const u = await userWithFactor();
    nextStep();
    const code = await codeNow(u.secret);
    const badPassword = await post('/auth/user/twoFactor/disable', u.token, {
      password: md5('Wrong123'),
      code,
    });
    expect(badPassword.status).toBe(400);
    expect(fieldsOf(badPassword.body)).toEqual(['password']);
    const badCode = await post('/auth/user/twoFactor/disable', u.token, {
      password: md5(u.password),
      code: '000000',
    });
    expect(fieldsOf(badCode.body)).toEqual(['code']);
    const off = await post('/auth/user/twoFactor/disable', u.token, { password: md5(u.password), code });
    expect(off.status).toBe(200);
    expect((await passwordLogin(u.username)).body.data).toEqual(expect.any(String));
    expect(await actionsOf(u.id)).toContain('account.twoFactorDisabled');
  });
});

describe('signing in with a second factor', () => {
  it('answers a challenge instead of a session, and the session after the code', async () => {
    const u = await userWithFactor();
    const first = await passwordLogin(u.username);
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe('Enter the code from your authenticator app');
    expect(first.body.data).toEqual({ step: 'VERIFY', challenge: expect.any(String), expiresIn: 300 });
    // The challenge is no session.
    expect((await t.call('GET', '/auth/user/getUserInfo', { token: first.body.data.challenge })).status).toBe(
      401,
    );
    nextStep();
    const second = await verify({ challenge: first.body.data.challenge, code: await codeNow(u.secret) });
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual({ token: expect.any(String), trustedDevice: null, recoveryCodes: null });
    const info = await t.call('GET', '/auth/user/getUserInfo', { token: second.body.data.token });
    expect(info.body.data.user.username).toBe(u.username);
    // A used challenge is dead.
    nextStep();
    const again = await verify({ challenge: first.body.data.challenge, code: await codeNow(u.secret) });
    expect(again.status).toBe(400);
    expect(fieldsOf(again.body)).toEqual(['challenge']);
    const actions = await actionsOf(u.id);
    expect(actions).toContain('auth.secondFactorRequired');
    const login = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, u.id), eq(auditLog.action, 'auth.login')));
    expect(login.map((r) => r.detail)).toContainEqual({ secondFactor: 'totp' });
  });

  it('asks for it after a sign-in by e-mail code as well', async () => {
    const u = await userWithFactor();
    const code = await requestCode(t, u.email, 'LOGIN');
    const res = await post('/auth/user/login', undefined, {
      account: u.email,
      code,
      loginType: 'code',
      agree: true,
    });
    expect(res.body.data.step).toBe('VERIFY');
  });

  it('kills a challenge after five wrong codes, and the account is locked for a while', async () => {
    const u = await userWithFactor();
    // One attacker who knows the password, from one address.
    const attacker = '198.51.100.7';
    const first = await passwordLogin(u.username, DEMO_PASSWORD, undefined, attacker);
    const challenge = first.body.data.challenge;
    for (let i = 0; i < 4; i++) {
      const res = await verify({ challenge, code: '000000' }, attacker);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['code']);
    }
    const fifth = await verify({ challenge, code: '000000' }, attacker);
    expect(fifth.status).toBe(400);
    expect(fieldsOf(fifth.body)).toEqual(['challenge']);
    expect(fifth.body.msg).toBe('Sign-in step: This sign-in step has expired, please sign in again');
    nextStep();
    const right = await verify({ challenge, code: await codeNow(u.secret) });
    expect(right.status).toBe(400);
    expect(fieldsOf(right.body)).toEqual(['challenge']);
    expect((await actionsOf(u.id)).filter((a) => a === 'auth.secondFactorFailed')).toHaveLength(5);
    // Wrong second factors count towards the sign-in lock of that address, so fresh challenges do not buy
    // more guesses; the owner signing in elsewhere is not locked out.
    expect((await passwordLogin(u.username, DEMO_PASSWORD, undefined, attacker)).status).toBe(429);
    expect((await passwordLogin(u.username)).status).toBe(200);
  });

  it('refuses a code used once already, even within its time window', async () => {
    const u = await userWithFactor();
    const first = await passwordLogin(u.username);
    nextStep();
    const code = await codeNow(u.secret);
    expect((await verify({ challenge: first.body.data.challenge, code })).status).toBe(200);
    const secondLogin = await passwordLogin(u.username);
    const reused = await verify({ challenge: secondLogin.body.data.challenge, code });
    expect(reused.status).toBe(400);
    expect(fieldsOf(reused.body)).toEqual(['code']);
  });

  it('takes each recovery code once', async () => {
    const u = await userWithFactor();
    const [code] = u.recoveryCodes;
    const first = await passwordLogin(u.username);
    const ok = await verify({ challenge: first.body.data.challenge, recoveryCode: code!.toUpperCase() });
    expect(ok.status).toBe(200);
    const second = await passwordLogin(u.username);
    const reused = await verify({ challenge: second.body.data.challenge, recoveryCode: code });
    expect(reused.status).toBe(400);
    expect(fieldsOf(reused.body)).toEqual(['recoveryCode']);
    const status = await t.call('GET', '/auth/user/twoFactor', { token: ok.body.data.token });
    expect(status.body.data.recoveryCodesLeft).toBe(9);
    expect(await actionsOf(u.id)).toContain('auth.recoveryCodeUsed');
  });

  it('names the field of malformed input (400, never 5xx)', async () => {
    const res = await verify({ challenge: 'x'.repeat(300), code: '12ab' });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body).sort()).toEqual(['challenge', 'code']);
    const none = await verify({ challenge: 'abc' });
    expect(fieldsOf(none.body)).toEqual(['code']);
    const unknown = await verify({ challenge: 'abc', code: '123456' });
    expect(unknown.status).toBe(400);
    expect(fieldsOf(unknown.body)).toEqual(['challenge']);
  });
});

describe('a remembered device', () => {
  it('skips the step for 30 days, and no longer after a password change', async () => {
    const u = await userWithFactor();
    const res = await signInWithCode(u, { rememberDevice: true });
    const device = res.body.data.trustedDevice as string;
    expect(device).toEqual(expect.any(String));
    expect(await actionsOf(u.id)).toContain('auth.deviceRemembered');

    const skipped = await passwordLogin(u.username, u.password, [device]);
    expect(skipped.body.data).toEqual(expect.any(String));
    // Another browser's token (or none) does not.
    expect((await passwordLogin(u.username, u.password, ['not-a-device'])).body.data.step).toBe('VERIFY');
    // Thirty days on, it has run out.
    const [row] = await t.ctx.db.select().from(trustedDevices).where(eq(trustedDevices.userId, u.id));
    expect(row!.expiresAt.getTime() - clock).toBeGreaterThan(29 * 86_400_000);
    expect(row!.tokenHash).not.toBe(device);

    const changed = await post('/auth/user/updatePassword', res.body.data.token, {
      oldPassword: md5(u.password),
      password: md5('Changed123'),
      confirmPassword: md5('Changed123'),
    });
    expect(changed.status).toBe(200);
    expect((await passwordLogin(u.username, 'Changed123', [device])).body.data.step).toBe('VERIFY');
  });

  it('ends with a reset of the second factor', async () => {
    const u = await userWithFactor();
    const device = (await signInWithCode(u, { rememberDevice: true })).body.data.trustedDevice;
    const reset = await post('/system/user/resetTwoFactor', admin, { userId: u.id });
    expect(reset.status).toBe(200);
    expect(await t.ctx.db.select().from(trustedDevices).where(eq(trustedDevices.userId, u.id))).toEqual([]);
    expect(await t.ctx.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, u.id))).toEqual([]);
    // Set up anew: the old device is not remembered.
    const token = (await passwordLogin(u.username)).body.data as string;
    const setup = await post('/auth/user/twoFactor/setup', token);
    nextStep();
    await post('/auth/user/twoFactor/enable', token, { code: await codeNow(setup.body.data.secret) });
    expect((await passwordLogin(u.username, u.password, [device])).body.data.step).toBe('VERIFY');
  });
});

describe('an organisation that requires two-factor sign-in', () => {
  it('ends the sessions of users without one, and sign-in sets it up first', async () => {
    const dealerId = await orgIdByName(t, 'Sonnenhandel GmbH');
    const name = unique('Secure installer ');
    const add = await post('/system/org/add', admin, { name, type: 'INSTALLER', parentId: dealerId });
    expect(add.status).toBe(200);
    const orgId = add.body.data.id as number;
    const child = await post('/system/org/add', admin, {
      name: unique('Owner '),
      type: 'OWNER',
      parentId: orgId,
    });
    const u = await addUser(t, { org: child.body.data.id, roles: ['OWNER'] });
    const session = await t.login(u.username, u.password);

    const edit = await post('/system/org/edit', admin, {
      id: orgId,
      name,
      type: 'INSTALLER',
      parentId: dealerId,
      requireTwoFactor: true,
    });
    expect(edit.status).toBe(200);
    const detail = await t.call('GET', `/system/org/detail/${orgId}`, { token: admin });
    expect(detail.body.data.requireTwoFactor).toBe(true);
    expect((await t.call('GET', '/auth/user/getUserInfo', { token: session })).status).toBe(401);
    // The admin who switched it on keeps the session.
    expect((await t.call('GET', '/auth/user/getUserInfo', { token: admin })).status).toBe(200);

    const first = await passwordLogin(u.username);
    expect(first.body.data.step).toBe('SETUP');
    expect(first.body.msg).toBe('Your organisation requires two-factor sign-in: set it up to continue');
    const challenge = first.body.data.challenge;
    const setup = await post('/auth/user/twoFactor/challengeSetup', undefined, { challenge });
    expect(setup.status).toBe(200);
    nextStep();
    const done = await verify({ challenge, code: await codeNow(setup.body.data.secret) });
    expect(done.status).toBe(200);
    expect(done.body.data.recoveryCodes).toHaveLength(10);
    const token = done.body.data.token as string;
    const status = await t.call('GET', '/auth/user/twoFactor', { token });
    expect(status.body.data).toMatchObject({ enabled: true, required: true });
    // Required: it cannot be turned off by the user.
    nextStep();
    const off = await post('/auth/user/twoFactor/disable', token, {
      password: md5(u.password),
      code: await codeNow(setup.body.data.secret),
    });
    expect(off.status).toBe(400);
    expect((await passwordLogin(u.username)).body.data.step).toBe('VERIFY');
    const edits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'org.edit'), eq(auditLog.targetId, String(orgId))));
    expect(edits.map((e) => e.detail)).toContainEqual({ name, requireTwoFactor: true });
  });
});

describe("resetting a user's second factor", () => {
  it('is for the provider admin only; the user list shows who has one', async () => {
    const u = await userWithFactor();
    const installer = await t.login('demo-installer-a', DEMO_PASSWORD);
    const dealer = await t.login('demo-dealer', DEMO_PASSWORD);
    const owner = await t.login('demo-owner', DEMO_PASSWORD);
    for (const token of [installer, dealer, owner]) {
      const res = await post('/system/user/resetTwoFactor', token, { userId: u.id });
      expect(res.status).toBe(403);
    }
    expect((await post('/system/user/resetTwoFactor', undefined, { userId: u.id })).status).toBe(401);
    expect((await post('/system/user/resetTwoFactor', admin, { userId: 999_999 })).status).toBe(404);

    const page = await t.call('POST', '/system/user/queryUserPage', {
      token: installer,
      query: { pageNum: 1, pageSize: 100 },
      body: { username: u.username },
    });
    expect(page.body.data.list).toEqual([expect.objectContaining({ username: u.username, twoFactor: true })]);

    const reset = await post('/system/user/resetTwoFactor', admin, { userId: u.id });
    expect(reset.status).toBe(200);
    expect(reset.body.msg).toBe('The user’s second factor has been reset');
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.resetTwoFactor'), eq(auditLog.targetId, String(u.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.username).toBe('admin');
    expect((await passwordLogin(u.username)).body.data).toEqual(expect.any(String));
  });
});
