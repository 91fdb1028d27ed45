import type { Lang } from '@pvstar/contract/lang';
import { VIEW_PERM_CODES } from '@pvstar/contract/perm';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls, fieldsOf } from '../../../test/auth-calls.ts';
import {
  ADMIN_PASSWORD,
  addUser,
  buildTestApp,
  leakedSecrets,
  nextIp,
  orgIdByName,
  requestCode,
  type TestApp,
  unique,
  uniquePhone,
} from '../../../test/helper.ts';
import { auditLog, loginAttempts, sessions, users, verificationCodes } from '../../db/schema/index.ts';
import { md5 } from '../../lib/crypto.ts';

let t: TestApp;
let admin: string;
let rootId: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  rootId = await orgIdByName(t, 'PVSTAR');
});
afterAll(() => t.close());

const { passwordLogin, codeLogin, userInfo, post, publicPost } = authCalls(() => t);

describe('login with a password', () => {
  it('signs in with the right password and the token opens the session', async () => {
    const res = await passwordLogin('admin', ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, msg: 'Success' });
    expect(typeof res.body.data).toBe('string');
    expect(res.body.data.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits, base64url
    const info = await userInfo(res.body.data);
    expect(info.status).toBe(200);
    expect(info.body.data.user.username).toBe('admin');
    // Only the hash of the token is stored.
    const stored = await t.ctx.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(stored.some((s) => s.h === res.body.data)).toBe(false);
  });

  it('accepts the user name in any case and writes an audit row for the sign-in', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const res = await passwordLogin(u.username.toUpperCase(), u.password);
    expect(res.status).toBe(200);
    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.userId, u.id));
    expect(rows.map((r) => r.action)).toContain('auth.login');
  });

  it('answers a wrong password and an unknown account with the same status and body', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const wrong = await passwordLogin(u.username, 'Wrong1234');
    const unknown = await passwordLogin(unique('nobody'), 'Wrong1234');
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ code: 400, msg: 'Wrong account or password', data: null });
    // And in German, the fallback for an unknown language.
    const de = await passwordLogin(u.username, 'Wrong1234', { lang: 'de-DE' });
    expect(de.body.msg).toBe('Konto oder Passwort falsch');
    const xx = await passwordLogin(unique('nobody'), 'Wrong1234', { lang: 'xx-YY' as Lang });
    expect(xx.body).toEqual(de.body);
  });

  it('locks an account for the address after five failures within 15 minutes, even for the right password', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const other = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const ip = nextIp();
    for (let i = 0; i < 5; i++)
      expect((await passwordLogin(u.username, `Wrong${i}abc`, { ip })).status).toBe(400);
    const locked = await passwordLogin(u.username, u.password, { ip });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ code: 429, msg: 'Try again later', data: null });
    expect((await passwordLogin(u.username, u.password, { lang: 'de-DE', ip })).body.msg).toBe(
      'Bitte versuchen Sie es später erneut',
    );
    // The lock is the account's, whichever identifier is typed …
    expect((await passwordLogin(u.email, u.password, { ip })).status).toBe(429);
    // … and only that account's, from that address (security/passwords.test.ts: the owner elsewhere).
    expect((await passwordLogin(other.username, other.password, { ip })).status).toBe(200);
    // Fifteen minutes later the account opens again.
    await t.ctx.db
      .update(loginAttempts)
      .set({ createdAt: sql`${loginAttempts.createdAt} - interval '16 minutes'` })
      .where(sql`${loginAttempts.createdAt} > now() - interval '10 minutes'`);
    expect((await passwordLogin(u.username, u.password, { ip })).status).toBe(200);
  });

  it('locks an unknown account name the same way (no enumeration through the lock)', async () => {
    const name = unique('ghost');
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await passwordLogin(name, 'Wrong1234', { ip })).status).toBe(400);
    const res = await passwordLogin(name, 'Wrong1234', { ip });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ code: 429, msg: 'Try again later', data: null });
  });

  it('signs in by e-mail (any case) and by phone number', async () => {
    const phone = uniquePhone();
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'], phone });
    const byEmail = await passwordLogin(u.email.toUpperCase(), u.password);
    expect(byEmail.status).toBe(200);
    expect((await userInfo(byEmail.body.data)).body.data.user.id).toBe(u.id);
    const byPhone = await passwordLogin(phone, u.password);
    expect(byPhone.status).toBe(200);
    expect((await userInfo(byPhone.body.data)).body.data.user.id).toBe(u.id);
  });

  it('names the field of a malformed sign-in, in the caller language', async () => {
    const missing = await publicPost('/auth/user/login', { password: md5('x') });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe(400);
    expect(missing.body.msg).toBe('Account: Required');
    expect(missing.body.data.fields).toEqual([{ field: 'account', message: 'Required' }]);
    const notHashed = await publicPost('/auth/user/login', { account: 'admin', password: 'plain' });
    expect(notHashed.status).toBe(400);
    expect(notHashed.body.msg).toBe('Password: Invalid value');
    const noCode = await publicPost(
      '/auth/user/login',
      { account: 'a@b.de', loginType: 'code', agree: true },
      'de-DE',
    );
    expect(noCode.status).toBe(400);
    expect(noCode.body.msg).toBe('Bestätigungscode: Pflichtfeld');
    expect(fieldsOf(noCode.body)).toEqual(['code']);
  });

  it('asks for consent until the account has agreed once, and keeps it with the account', async () => {
    const u = await addUser(t, { org: rootId, roles: [], prefix: 'consent' });
    await t.ctx.db.update(users).set({ consentedAt: null }).where(eq(users.id, u.id));
    const login = (body: Record<string, unknown>, lang?: Lang) =>
      publicPost('/auth/user/login', { account: u.username, loginType: 'password', ...body }, lang);
    // A wrong password says only that: no hint whether the account exists or has agreed.
    const wrong = await login({ password: md5('Wrong1234') });
    expect(wrong.body.msg).toBe((await login({ password: md5('Wrong1234'), agree: true })).body.msg);
    const without = await login({ password: md5(u.password) }, 'de-DE');
    expect(without.status).toBe(400);
    expect(fieldsOf(without.body)).toEqual(['agree']);
    expect(without.body.msg).toContain('Datenschutzerklärung');
    const unticked = await login({ password: md5(u.password), agree: false });
    expect(fieldsOf(unticked.body)).toEqual(['agree']);
    expect((await login({ password: md5(u.password), agree: true })).status).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.consentedAt).toBeInstanceOf(Date);
    // From now on the box is not needed again, in any browser.
    expect((await login({ password: md5(u.password) })).status).toBe(200);
    const audited = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'auth.consent'));
    expect(audited.map((a) => a.userId)).toContain(u.id);
  });

  it('limits sign-in attempts per address (429 after 20 a minute)', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++)
      expect((await passwordLogin(unique('flood'), 'Wrong1234', { ip })).status).toBe(400);
    const res = await passwordLogin('admin', ADMIN_PASSWORD, { ip });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 429, msg: 'Try again later' });
    // Another address is not affected.
    expect((await passwordLogin('admin', ADMIN_PASSWORD)).status).toBe(200);
  });
});

describe('login with a code', () => {
  it('signs in with a code sent to the e-mail, and the code works once only', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const code = await requestCode(t, u.email, 'LOGIN');
    const [mail] = await t.outboxFor(u.email);
    expect(mail!.subject).toBe('PVSTAR verification code');
    const res = await codeLogin(u.email, code);
    expect(res.status).toBe(200);
    expect((await userInfo(res.body.data)).body.data.user.id).toBe(u.id);
    const again = await codeLogin(u.email, code);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      code: 400,
      msg: 'The verification code is wrong or has expired',
      data: null,
    });
  });

  it('signs in with a code sent by SMS to the phone', async () => {
    const phone = uniquePhone();
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'], phone });
    const code = await requestCode(t, phone, 'LOGIN', 'MOBILE');
    const res = await codeLogin(phone, code);
    expect(res.status).toBe(200);
    expect((await userInfo(res.body.data)).body.data.user.id).toBe(u.id);
  });

  it('refuses an expired code', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const code = await requestCode(t, u.email, 'LOGIN');
    await t.ctx.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.contact, u.email));
    const res = await codeLogin(u.email, code);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('The verification code is wrong or has expired');
  });

  it('refuses a wrong code and a code meant for another purpose', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const code = await requestCode(t, u.email, 'FORGET');
    expect((await codeLogin(u.email, code)).status).toBe(400);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await codeLogin(u.email, wrong)).status).toBe(400);
  });

  it('answers for an unknown contact exactly as for a wrong code', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    await requestCode(t, u.email, 'LOGIN');
    const known = await codeLogin(u.email, '123456');
    const nobody = `${unique('nobody')}@test.pvstar.local`;
    const send = await publicPost('/system/smsEmail/send', {
      contactType: 'EMAIL',
      contact: nobody,
      purpose: 'LOGIN',
    });
    expect(send.status).toBe(200);
    const unknown = await codeLogin(nobody, '123456');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });
});

describe('frozen accounts and organisations', () => {
  it('a frozen account cannot sign in and its token answers 401 at once', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const token = await t.login(u.username, u.password);
    expect((await userInfo(token)).status).toBe(200);
    const freeze = await post('/system/user/updateAccountStatus', admin, { userId: u.id, status: 'FREEZE' });
    expect(freeze.status).toBe(200);
    const after = await userInfo(token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 401 });
    const login = await passwordLogin(u.username, u.password);
    expect(login.status).toBe(403);
    expect(login.body.msg).toBe('This account is frozen or deactivated');
    const code = await requestCode(t, u.email, 'LOGIN');
    expect((await codeLogin(u.email, code)).status).toBe(403);
    // A wrong password still answers like any wrong password.
    expect((await passwordLogin(u.username, 'Wrong1234')).body.msg).toBe('Wrong account or password');
    await post('/system/user/updateAccountStatus', admin, { userId: u.id, status: 'NORMAL' });
    expect((await passwordLogin(u.username, u.password)).status).toBe(200);
  });

  it('a frozen organisation locks out its users and the users of its sub-organisations', async () => {
    const dealer = await post('/system/org/add', admin, {
      name: unique('Frost'),
      type: 'DEALER',
      parentId: rootId,
    });
    expect(dealer.status).toBe(200);
    const installer = await post('/system/org/add', admin, {
      name: unique('FrostInst'),
      type: 'INSTALLER',
      parentId: dealer.body.data.id,
    });
    expect(installer.status).toBe(200);
    const d = await addUser(t, { org: dealer.body.data.id, roles: ['DEALER_ADMIN'] });
    const i = await addUser(t, { org: installer.body.data.id, roles: ['INSTALLER_ADMIN'] });
    const dToken = await t.login(d.username, d.password);
    const iToken = await t.login(i.username, i.password);

    const res = await post('/system/org/updateStatus', admin, { id: dealer.body.data.id, status: 'FREEZE' });
    expect(res.status).toBe(200);
    expect((await userInfo(dToken)).status).toBe(401);
    expect((await userInfo(iToken)).status).toBe(401);
    expect((await passwordLogin(d.username, d.password)).status).toBe(403);
    expect((await passwordLogin(i.username, i.password)).status).toBe(403);

    await post('/system/org/updateStatus', admin, { id: dealer.body.data.id, status: 'NORMAL' });
    expect((await passwordLogin(i.username, i.password)).status).toBe(200);
  });
});

describe('sending verification codes', () => {
  it('answers the same for a known and an unknown contact, delivering only to the known one', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const nobody = `${unique('nobody')}@test.pvstar.local`;
    const body = (contact: string) => ({ contactType: 'EMAIL', contact, purpose: 'FORGET' });
    const known = await publicPost('/system/smsEmail/send', body(u.email));
    const unknown = await publicPost('/system/smsEmail/send', body(nobody));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.msg).toBe('If the contact belongs to an account, a code has been sent');
    expect(await t.outboxFor(u.email)).toHaveLength(1);
    expect(await t.outboxFor(nobody)).toHaveLength(0);
  });

  it('refuses a second code to the same contact within a minute (429), then allows it', async () => {
    const contact = `${unique('again')}@test.pvstar.local`;
    const body = { contactType: 'EMAIL', contact, purpose: 'REGISTER' };
    expect((await publicPost('/system/smsEmail/send', body)).status).toBe(200);
    const second = await publicPost('/system/smsEmail/send', { ...body, contact: contact.toUpperCase() });
    expect(second.status).toBe(429);
    expect(second.body).toEqual({ code: 429, msg: 'Try again later', data: null });
    expect(await t.outboxFor(contact)).toHaveLength(1);
    await t.ctx.db
      .update(verificationCodes)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(verificationCodes.contact, contact));
    expect((await publicPost('/system/smsEmail/send', body)).status).toBe(200);
  });

  it('stores only a hash of the code', async () => {
    const contact = `${unique('hash')}@test.pvstar.local`;
    const code = await requestCode(t, contact, 'REGISTER');
    const rows = await t.ctx.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.contact, contact));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
  });

  it('names the contact field when its format is wrong', async () => {
    const email = await publicPost('/system/smsEmail/send', {
      contactType: 'EMAIL',
      contact: 'not-an-email',
      purpose: 'LOGIN',
    });
    expect(email.status).toBe(400);
    expect(email.body.msg).toBe('Contact: Invalid e-mail format');
    expect(email.body.data.fields).toEqual([{ field: 'contact', message: 'Invalid e-mail format' }]);
    const phone = await publicPost(
      '/system/smsEmail/send',
      { contactType: 'MOBILE', contact: 'abc', purpose: 'LOGIN' },
      'de-DE',
    );
    expect(phone.status).toBe(400);
    expect(phone.body.msg).toBe('Kontakt: Ungültiges Telefonnummernformat');
    const purpose = await publicPost('/system/smsEmail/send', {
      contactType: 'EMAIL',
      contact: 'a@b.de',
      purpose: 'STEAL',
    });
    expect(purpose.status).toBe(400);
    expect(fieldsOf(purpose.body)).toEqual(['purpose']);
  });

  it('limits code requests per address (429 after 10 a minute)', async () => {
    const ip = nextIp();
    const send = () =>
      t.call('POST', '/system/smsEmail/send', {
        body: { contactType: 'EMAIL', contact: `${unique('f')}@test.pvstar.local`, purpose: 'REGISTER' },
        ip,
      });
    for (let i = 0; i < 10; i++) expect((await send()).status).toBe(200);
    const res = await send();
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 429, msg: 'Try again later' });
  });
});

describe('demo login', () => {
  let demo: string;
  beforeAll(async () => {
    const res = await publicPost('/auth/user/demo/login', {});
    expect(res.status).toBe(200);
    demo = res.body.data;
  });

  it('signs in the read-only demo account with view codes only', async () => {
    const info = await userInfo(demo);
    expect(info.status).toBe(200);
    expect(info.body.data.user).toMatchObject({
      username: 'demo',
      readOnly: true,
      orgName: 'Sonnenhandel GmbH',
    });
    const perms: string[] = info.body.data.rolePermList.flatMap((r: { permList: string[] }) => r.permList);
    expect(perms.length).toBeGreaterThan(5);
    for (const code of perms) expect(VIEW_PERM_CODES).toContain(code);
  });

  it('answers the reading routes', async () => {
    const users = await t.call('POST', '/system/user/queryUserPage', { token: demo, body: {} });
    expect(users.status).toBe(200);
    expect(users.body.data.list.map((u: { username: string }) => u.username)).toContain('demo-installer-a');
    expect((await post('/system/org/tree', demo, {})).status).toBe(200);
    expect((await t.call('POST', '/system/org/page', { token: demo, body: {} })).status).toBe(200);
  });

  it('refuses every write with 403', async () => {
    const instA = await orgIdByName(t, 'Solartechnik Alpha');
    const dealer = await orgIdByName(t, 'Sonnenhandel GmbH');
    const writes: [string, unknown][] = [
      [
        '/system/user/add',
        { orgId: instA, username: unique('dm'), nickname: 'x', email: 'x@y.de', roleIds: [1] },
      ],
      ['/system/org/add', { name: unique('DemoOrg'), type: 'INSTALLER', parentId: dealer }],
      [
        '/auth/user/updatePassword',
        { oldPassword: md5('a'), password: md5('Bbbbbb1'), confirmPassword: md5('Bbbbbb1') },
      ],
      ['/auth/user/updateAccountName', { nickname: 'Hacker' }],
      ['/auth/user/bindInfo', { contactType: 'EMAIL', contact: 'x@y.de', code: '123456' }],
      ['/auth/user/cancel', { password: md5('x') }],
      [
        '/system/role/add',
        { roleName: 'x', roleCode: 'x1', roleType: 'GUEST', dataScope: 'SELF', permCodes: ['2001'] },
      ],
    ];
    for (const [url, body] of writes) {
      const res = await post(url, demo, body);
      expect(res.status, url).toBe(403);
      expect(res.body.code, url).toBe(403);
    }
    const own = await post('/auth/user/updateAccountName', demo, { nickname: 'Hacker' });
    expect(own.body.msg).toBe('The demo account can look but cannot change anything');
    const demoRow = (await t.ctx.db.select().from(users).where(eq(users.username, 'demo')))[0]!;
    expect(demoRow.nickname).toBe('Demo');
    const reset = await t.call('GET', '/system/user/resetPassword', {
      token: demo,
      query: { userId: demoRow.id },
    });
    expect(reset.status).toBe(403);
  });
});

it('never answers with a password, code or token hash', () => {
  expect(t.responses.length).toBeGreaterThan(50);
  expect(leakedSecrets(t)).toEqual([]);
});
