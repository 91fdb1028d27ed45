import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addUser,
  buildTestApp,
  nextIp,
  orgIdByName,
  requestCode,
  type TestApp,
  unique,
} from '../../../test/helper.ts';
import { apiTokens, auditLog, trustedDevices, users } from '../../db/schema/index.ts';
import { md5 } from '../../lib/crypto.ts';

/**
 * Recovery ends every credential derived from an account (issue 33 item 2): a password change or reset, two-
 * factor sign-in turned on or reset, a frozen or deactivated account revoke the user's API tokens, forget
 * their remembered devices and end their sessions (all but the one that made its own change), and the user
 * is told by mail, in their language — as they are when a new API token is made.
 */
let t: TestApp;
let admin: string;

// The clock is the test's: each TOTP code is taken in a time step of its own (a code is good once).
let clock = Date.UTC(2026, 10, 25, 12, 0, 0);
const nextStep = () => {
  clock += 30_000;
  vi.setSystemTime(clock);
};

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
const userInfo = (token: string) => t.call('GET', '/auth/user/getUserInfo', { token });
const passwordLogin = (account: string, password: string, trusted?: string[]) =>
  post('/auth/user/login', undefined, {
    account,
    password: md5(password),
    loginType: 'password',
    agree: true,
    ...(trusted ? { trustedDevices: trusted } : {}),
  });

type Person = { id: number; username: string; email: string; password: string; secret: string | null };

/** A user of installer A whose mail is in `lang`, with the second factor on unless `twoFactor` is false. */
async function person(opts: { twoFactor?: boolean; lang?: Lang; org?: number } = {}): Promise<Person> {
  const u = await addUser(t, {
    org: opts.org ?? 'Solartechnik Alpha',
    roles: ['INSTALLER_ADMIN'],
    prefix: 'rec',
  });
  await t.ctx.db
    .update(users)
    .set({ lang: opts.lang ?? 'en-GB' })
    .where(eq(users.id, u.id));
  if (opts.twoFactor === false) return { ...u, secret: null };
  const session = await t.login(u.username, u.password);
  const setup = await post('/auth/user/twoFactor/setup', session);
  nextStep();
  const enable = await post('/auth/user/twoFactor/enable', session, {
    code: await generate({ secret: setup.body.data.secret }),
  });
  expect(enable.status).toBe(200);
  return { ...u, secret: setup.body.data.secret as string };
}

/** Signs in with the password, and the current code when asked for one; remembers the device if told. */
async function signIn(u: Person, remember = false) {
  const first = await passwordLogin(u.username, u.password);
  expect(first.status, first.body.msg).toBe(200);
  if (typeof first.body.data === 'string') return { session: first.body.data as string, device: null };
  nextStep();
  const second = await post('/auth/user/twoFactor/verify', undefined, {
    challenge: first.body.data.challenge,
    code: await generate({ secret: u.secret! }),
    ...(remember ? { rememberDevice: true } : {}),
  });
  expect(second.status, second.body.msg).toBe(200);
  return {
    session: second.body.data.token as string,
    device: second.body.data.trustedDevice as string | null,
  };
}

/** A read-write API token made from `session` (the personal centre's button). */
async function makeToken(session: string) {
  const made = await post('/system/apiToken/add', session, { name: unique('Stolen '), scope: 'READ_WRITE' });
  expect(made.status, made.body.msg).toBe(200);
  return made.body.data as { id: number; token: string };
}

/**
 * The account as a thief leaves it: the owner signed in (on a remembered device, with a second factor),
 * the thief signed in too, with a read-write API token made from the thief's session. All of it works.
 */
async function stolen(u: Person) {
  const own = await signIn(u, u.secret !== null);
  const thief = await signIn(u);
  const token = await makeToken(thief.session);
  expect((await userInfo(token.token)).status).toBe(200);
  expect((await userInfo(thief.session)).status).toBe(200);
  if (own.device) {
    const skipped = await passwordLogin(u.username, u.password, [own.device]);
    expect(skipped.body.data, 'the remembered device skips the second factor').toEqual(expect.any(String));
  }
  return { own: own.session, thief: thief.session, device: own.device, token };
}

const NOTICE_SUBJECT = 'PVSTAR: your account’s sessions and API tokens were ended';
const notices = async (u: Person, subject = NOTICE_SUBJECT) =>
  (await t.outboxFor(u.email)).filter((m) => m.subject === subject);

/**
 * After the event: the token answers 401 and shows as revoked, the remembered device no longer skips the
 * second factor (signing in with `password`), the thief's session has ended, the owner's only where it made
 * its own change; one audit row (by `by`, the user unless given) counts what ended, and one new notice
 * (`subject`, English unless given) tells the user what `says`.
 */
async function expectEnded(
  u: Person,
  s: Awaited<ReturnType<typeof stolen>>,
  expected: {
    event: string;
    password: string;
    ownKept: boolean;
    noticesBefore: number;
    says: string[];
    subject?: string;
    by?: string;
  },
) {
  expect((await userInfo(s.token.token)).status, 'the API token').toBe(401);
  const [row] = await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, s.token.id));
  expect(row!.revokedAt).not.toBeNull();
  expect((await userInfo(s.thief)).status, 'the other session').toBe(401);
  expect((await userInfo(s.own)).status, 'the own session').toBe(expected.ownKept ? 200 : 401);
  if (s.device) {
    const again = await passwordLogin(u.username, expected.password, [s.device]);
    expect(again.status, again.body.msg).toBe(200);
    expect(again.body.data.step, 'the remembered device').toBe('VERIFY');
  }
  const rows = await t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'account.credentialsEnded'), eq(auditLog.targetId, String(u.id))));
  expect(rows.map((r) => ({ by: r.username, ...(r.detail as object) }))).toContainEqual(
    expect.objectContaining({
      by: expected.by ?? u.username,
      event: expected.event,
      apiTokens: 1,
      apiTokenIds: [s.token.id],
    }),
  );
  const mails = await notices(u, expected.subject);
  expect(mails).toHaveLength(expected.noticesBefore + 1);
  for (const text of expected.says) expect(mails[0]!.body).toContain(text);
}

describe('a password change by the user', () => {
  it('ends the tokens, remembered devices and other sessions; the own session stays', async () => {
    const u = await person();
    const s = await stolen(u);
    const before = (await notices(u)).length;
    const changed = await post('/auth/user/updatePassword', s.own, {
      oldPassword: md5(u.password),
      password: md5('Changed123'),
      confirmPassword: md5('Changed123'),
    });
    expect(changed.status, changed.body.msg).toBe(200);
    await expectEnded(u, s, {
      event: 'passwordChanged',
      password: 'Changed123',
      ownKept: true,
      noticesBefore: before,
      says: ['API tokens revoked: 1', `The password of your account ${u.username} was changed`],
    });
    // The personal centre shows the token as revoked, as one revoked by hand.
    const page = (all: boolean) =>
      t.call('POST', '/system/apiToken/page', {
        token: s.own,
        body: { all },
        query: { pageNum: 1, pageSize: 50 },
      });
    const active = await page(false);
    expect(active.body.data.list.map((r: { id: number }) => r.id)).not.toContain(s.token.id);
    const every = await page(true);
    expect(every.body.data.list.find((r: { id: number }) => r.id === s.token.id)).toMatchObject({
      status: 'REVOKED',
      revokedAt: expect.any(String),
    });
  });
});

describe('"forgot password"', () => {
  it('ends the tokens, remembered devices and every session', async () => {
    const u = await person();
    const s = await stolen(u);
    const before = (await notices(u)).length;
    const code = await requestCode(t, u.email, 'FORGET');
    const reset = await post('/auth/user/forget', undefined, {
      contactType: 'EMAIL',
      contact: u.email,
      code,
      password: md5('Forgotten123'),
      confirmPassword: md5('Forgotten123'),
    });
    expect(reset.status, reset.body.msg).toBe(200);
    await expectEnded(u, s, {
      event: 'passwordReset',
      password: 'Forgotten123',
      ownKept: false,
      noticesBefore: before,
      says: [
        'API tokens revoked: 1',
        `The password of your account ${u.username} was reset with a verification code`,
      ],
    });
  });
});

describe("an administrator's password reset", () => {
  it('ends the tokens, remembered devices and every session, and tells the user in their language', async () => {
    const u = await person({ lang: 'de-DE' });
    const s = await stolen(u);
    const subject = translate('de-DE', 'mail.credentialsEnded.subject', { title: 'PVSTAR' });
    expect(subject).not.toBe(NOTICE_SUBJECT);
    const before = (await notices(u, subject)).length;
    const reset = await t.call('GET', '/system/user/resetPassword', {
      token: admin,
      query: { userId: u.id },
    });
    expect(reset.status, reset.body.msg).toBe(200);
    // The new password is the newest message (in the admin's language, as before).
    const [mail] = await t.outboxFor(u.email);
    const password = mail!.body.match(/new password is ([A-Za-z0-9]+)/)?.[1];
    expect(password).toBeDefined();
    await expectEnded(u, s, {
      event: 'passwordResetByAdmin',
      password: password!,
      ownKept: false,
      noticesBefore: before,
      subject,
      says: [
        translate('de-DE', 'mail.credentialsEnded.event.passwordResetByAdmin', { username: u.username }),
      ],
      by: 'admin',
    });
  });
});

describe('two-factor sign-in turned on', () => {
  it('in the personal centre ends the tokens and other sessions; the own session stays', async () => {
    const u = await person({ twoFactor: false });
    const s = await stolen(u);
    const before = (await notices(u)).length;
    const setup = await post('/auth/user/twoFactor/setup', s.own);
    nextStep();
    const enable = await post('/auth/user/twoFactor/enable', s.own, {
      code: await generate({ secret: setup.body.data.secret }),
    });
    expect(enable.status, enable.body.msg).toBe(200);
    await expectEnded(u, s, {
      event: 'twoFactorEnabled',
      password: u.password,
      ownKept: true,
      noticesBefore: before,
      says: ['API tokens revoked: 1', `Two-factor sign-in was turned on for your account ${u.username}`],
    });
  });

  it('at sign-in, as the organisation requires, ends the tokens made before', async () => {
    const dealerId = await orgIdByName(t, 'Sonnenhandel GmbH');
    const name = unique('Strict installer ');
    const org = await post('/system/org/add', admin, { name, type: 'INSTALLER', parentId: dealerId });
    expect(org.status).toBe(200);
    const u = await person({ twoFactor: false, org: org.body.data.id });
    const s = await stolen(u);
    const before = (await notices(u)).length;
    const edit = await post('/system/org/edit', admin, {
      id: org.body.data.id,
      name,
      type: 'INSTALLER',
      parentId: dealerId,
      requireTwoFactor: true,
    });
    expect(edit.status).toBe(200);
    const first = await passwordLogin(u.username, u.password);
    expect(first.body.data.step).toBe('SETUP');
    const setup = await post('/auth/user/twoFactor/challengeSetup', undefined, {
      challenge: first.body.data.challenge,
    });
    nextStep();
    const done = await post('/auth/user/twoFactor/verify', undefined, {
      challenge: first.body.data.challenge,
      code: await generate({ secret: setup.body.data.secret }),
    });
    expect(done.status, done.body.msg).toBe(200);
    await expectEnded(u, s, {
      event: 'twoFactorEnabled',
      password: u.password,
      ownKept: false,
      noticesBefore: before,
      says: ['API tokens revoked: 1', `Two-factor sign-in was turned on for your account ${u.username}`],
    });
    // The session the sign-in answered is the new one, and it works.
    expect((await userInfo(done.body.data.token)).status).toBe(200);
  });
});

describe("the provider's reset of a second factor", () => {
  it('ends the tokens, remembered devices and every session', async () => {
    const u = await person();
    const s = await stolen(u);
    const before = (await notices(u)).length;
    const reset = await post('/system/user/resetTwoFactor', admin, { userId: u.id });
    expect(reset.status, reset.body.msg).toBe(200);
    // No factor now, so no device to skip it: the devices are gone.
    expect(await t.ctx.db.select().from(trustedDevices).where(eq(trustedDevices.userId, u.id))).toEqual([]);
    await expectEnded(
      u,
      { ...s, device: null },
      {
        event: 'twoFactorReset',
        password: u.password,
        ownKept: false,
        noticesBefore: before,
        says: [
          'API tokens revoked: 1',
          `An administrator removed the second factor of your account ${u.username}`,
        ],
        by: 'admin',
      },
    );
  });
});

describe.each([
  ['FREEZE', 'frozen', 'was frozen by an administrator'],
  ['STOP', 'stopped', 'was deactivated by an administrator'],
] as const)('an account set to %s', (status, event, says) => {
  it('keeps no token, remembered device or session when it is back to normal', async () => {
    const u = await person();
    const s = await stolen(u);
    const before = (await notices(u)).length;
    const set = (to: string) => post('/system/user/updateAccountStatus', admin, { userId: u.id, status: to });
    expect((await set(status)).status).toBe(200);
    expect((await set('NORMAL')).status).toBe(200);
    await expectEnded(u, s, {
      event,
      password: u.password,
      ownKept: false,
      noticesBefore: before,
      says: ['API tokens revoked: 1', `Your account ${u.username} ${says}`],
      by: 'admin',
    });
  });
});

describe('a new API token', () => {
  it('is told to its user: its name, scope, when and from which address', async () => {
    const u = await person({ twoFactor: false });
    const session = await t.login(u.username, u.password);
    const name = unique('Home Assistant ');
    const ip = nextIp();
    const made = await post('/system/apiToken/add', session, { name, scope: 'READ_ONLY' }, ip);
    expect(made.status, made.body.msg).toBe(200);
    const [mail] = await t.outboxFor(u.email);
    expect(mail!.subject).toBe('PVSTAR: a new API token was created');
    expect(mail!.body).toContain(`“${name}”`);
    expect(mail!.body).toContain('read-only');
    expect(mail!.body).toContain(ip);
    expect(mail!.body).toContain('25 November 2026');
    expect(mail!.body).toContain('If this was not you');
    expect(mail!.body).not.toContain(made.body.data.token);
  });
});
