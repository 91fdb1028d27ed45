import { DEFAULT_ROLE_PERMS } from '@pvstar/contract/perm';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls, fieldsOf } from '../../../test/auth-calls.ts';
import {
  addUser,
  buildTestApp,
  orgIdByName,
  requestCode,
  type TestApp,
  unique,
  uniquePhone,
} from '../../../test/helper.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { md5 } from '../../lib/crypto.ts';

let t: TestApp;
let _admin: string;
let rootId: number;

beforeAll(async () => {
  t = await buildTestApp();
  _admin = await t.login('admin');
  rootId = await orgIdByName(t, 'PVSTAR');
});
afterAll(() => t.close());

const { passwordLogin, userInfo, post, publicPost } = authCalls(() => t);
const userRow = async (id: number) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0];

describe('register', () => {
  const registerBody = (over: Record<string, unknown> = {}) => ({
    username: unique('reg'),
    nickname: 'New Owner',
    contactType: 'EMAIL',
    contact: `${unique('reg')}@test.pvstar.local`,
    code: '000000',
    password: md5('Secret12'),
    confirmPassword: md5('Secret12'),
    agree: true,
    ...over,
  });

  it('creates a house-owner account with a code and consent; it then signs in', async () => {
    const body = registerBody();
    body.code = await requestCode(t, body.contact as string, 'REGISTER');
    const res = await publicPost('/auth/user/register', body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, msg: 'Registration complete, please sign in', data: null });
    const token = await t.login(body.username as string, 'Secret12');
    const info = await userInfo(token);
    expect(info.body.data.user).toMatchObject({ username: body.username, orgType: 'OWNER' });
    expect(info.body.data.rolePermList[0].roleType).toBe('OWNER');
    expect(info.body.data.dataScope).toBe('SELF');
  });

  it('refuses without consent, naming the field', async () => {
    const body = registerBody({ agree: false });
    body.code = await requestCode(t, body.contact as string, 'REGISTER');
    const res = await publicPost('/auth/user/register', body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Consent: Please agree to the service agreement and privacy policy');
    expect(fieldsOf(res.body)).toEqual(['agree']);
    const de = await publicPost('/auth/user/register', body, 'de-DE');
    expect(de.body.msg).toBe(
      'Einwilligung: Bitte stimmen Sie der Servicevereinbarung und der Datenschutzerklärung zu',
    );
    expect(
      await t.ctx.db
        .select()
        .from(users)
        .where(eq(users.username, body.username as string)),
    ).toEqual([]);
  });

  it('refuses a wrong code with 400 and creates nothing', async () => {
    const body = registerBody();
    const code = await requestCode(t, body.contact as string, 'REGISTER');
    const res = await publicPost('/auth/user/register', {
      ...body,
      code: code === '999999' ? '999998' : '999999',
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Verification code: The verification code is wrong or has expired');
    expect(fieldsOf(res.body)).toEqual(['code']);
    expect(
      await t.ctx.db
        .select()
        .from(users)
        .where(eq(users.username, body.username as string)),
    ).toEqual([]);
  });

  it('refuses a taken user name (409), in any case', async () => {
    const body = registerBody({ username: 'Demo-Dealer' });
    body.code = await requestCode(t, body.contact as string, 'REGISTER');
    const res = await publicPost('/auth/user/register', body);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 409, msg: 'User name: This user name is already taken' });
    expect(fieldsOf(res.body)).toEqual(['username']);
  });

  it('refuses a contact another account uses (409)', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const body = registerBody({ contact: u.email });
    body.code = await requestCode(t, u.email, 'REGISTER');
    const res = await publicPost('/auth/user/register', body);
    expect(res.status).toBe(409);
    expect(fieldsOf(res.body)).toEqual(['contact']);
  });

  it('validates the fields, naming each', async () => {
    const mismatch = await publicPost(
      '/auth/user/register',
      registerBody({ confirmPassword: md5('Other12') }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.msg).toBe('Confirm password: Inconsistent password');
    const badName = await publicPost('/auth/user/register', registerBody({ username: 'no spaces' }));
    expect(badName.status).toBe(400);
    expect(badName.body.msg).toBe('User name: Only letters, digits and . _ - are allowed');
    const de = await publicPost('/auth/user/register', registerBody({ username: 'ab' }), 'de-DE');
    expect(de.body.msg).toBe('Benutzername: Länge zwischen 3 und 30 Zeichen');
  });
});

describe('forgotten password', () => {
  it('sets a new password with a code; the old one stops working and sessions end', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const token = await t.login(u.username, u.password);
    const code = await requestCode(t, u.email, 'FORGET');
    const res = await publicPost('/auth/user/forget', {
      contactType: 'EMAIL',
      contact: u.email,
      code,
      password: md5('Renewed99'),
      confirmPassword: md5('Renewed99'),
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Your password has been reset, please sign in');
    expect((await userInfo(token)).status).toBe(401);
    expect((await passwordLogin(u.username, u.password)).status).toBe(400);
    expect((await passwordLogin(u.username, 'Renewed99')).status).toBe(200);
  });

  it('refuses a wrong code (400 naming the code) and changes nothing', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const before = (await userRow(u.id))!.passwordHash;
    const code = await requestCode(t, u.email, 'FORGET');
    const wrong = code === '000000' ? '000001' : '000000';
    const body = {
      contactType: 'EMAIL',
      contact: u.email,
      password: md5('Renewed99'),
      confirmPassword: md5('Renewed99'),
    };
    const res = await publicPost('/auth/user/forget', { ...body, code: wrong });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['code']);
    // For an unknown contact the answer is the same.
    const unknown = await publicPost('/auth/user/forget', {
      ...body,
      contact: `${unique('nobody')}@test.pvstar.local`,
      code: wrong,
    });
    expect(unknown.body).toEqual(res.body);
    expect((await userRow(u.id))!.passwordHash).toBe(before);
  });

  it('burns a code after five wrong tries', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const code = await requestCode(t, u.email, 'FORGET');
    const body = {
      contactType: 'EMAIL',
      contact: u.email,
      password: md5('Renewed99'),
      confirmPassword: md5('Renewed99'),
    };
    for (let i = 0; i < 5; i++) {
      const wrong = String((Number(code) + i + 1) % 1_000_000).padStart(6, '0');
      expect((await publicPost('/auth/user/forget', { ...body, code: wrong })).status).toBe(400);
    }
    expect((await publicPost('/auth/user/forget', { ...body, code })).status).toBe(400);
    expect((await passwordLogin(u.username, u.password)).status).toBe(200);
  });
});

describe('user info', () => {
  it('gives the user, role permissions, scope and masked contacts — never a hash', async () => {
    const token = await t.login('demo-installer-a');
    const res = await userInfo(token);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.user).toMatchObject({
      username: 'demo-installer-a',
      nickname: 'Installer A',
      orgName: 'Solartechnik Alpha',
      orgType: 'INSTALLER',
      readOnly: false,
      email: 'in***@demo.pvstar.local',
      phone: '+491511****001',
    });
    expect(data.dataScope).toBe('ORG_AND_SUB');
    expect(data.appTitle).toBe('PVSTAR');
    expect(data.rolePermList).toHaveLength(1);
    expect(data.rolePermList[0].roleType).toBe('INSTALLER');
    const perms = new Set<string>(data.rolePermList.flatMap((r: { permList: string[] }) => r.permList));
    expect([...perms].sort()).toEqual([...DEFAULT_ROLE_PERMS.INSTALLER].sort());
    expect(perms.has('2007001')).toBe(true);
    expect(perms.has('2007002')).toBe(false);
    expect(Object.keys(data.user)).not.toContain('passwordHash');
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash|installer-a@/);
  });
});

describe('sessions', () => {
  it('an expired session answers 401 and is removed', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const token = await t.login(u.username, u.password);
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, u.id));
    const res = await userInfo(token);
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('Verification failed, please Login again.');
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);
  });

  it('a session lasts SESSION_DAYS (7 by default)', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    await t.login(u.username, u.password);
    const [row] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, u.id));
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
  });
});

describe('logout', () => {
  it('revokes the token it is called with, and only that one', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const one = await t.login(u.username, u.password);
    const two = await t.login(u.username, u.password);
    const res = await post('/auth/user/logout', one);
    expect(res.status).toBe(200);
    const after = await userInfo(one);
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe('Verification failed, please Login again.');
    expect((await userInfo(two)).status).toBe(200);
  });
});

describe('changing the password', () => {
  const change = (token: string, oldPw: string, pw: string, confirm = pw) =>
    post('/auth/user/updatePassword', token, {
      oldPassword: md5(oldPw),
      password: md5(pw),
      confirmPassword: md5(confirm),
    });

  it('refuses a wrong old password (400 naming it)', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const token = await t.login(u.username, u.password);
    const res = await change(token, 'Wrong1234', 'Changed12');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Old password: The password is wrong');
    expect(fieldsOf(res.body)).toEqual(['oldPassword']);
    const mismatch = await change(token, u.password, 'Changed12', 'Changed13');
    expect(mismatch.status).toBe(400);
    expect(fieldsOf(mismatch.body)).toEqual(['confirmPassword']);
    expect((await passwordLogin(u.username, u.password)).status).toBe(200);
  });

  it('ends the other sessions but keeps the current one', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const current = await t.login(u.username, u.password);
    const other = await t.login(u.username, u.password);
    const res = await change(current, u.password, 'Changed12');
    expect(res.status).toBe(200);
    expect((await userInfo(current)).status).toBe(200);
    expect((await userInfo(other)).status).toBe(401);
    expect((await passwordLogin(u.username, u.password)).status).toBe(400);
    expect((await passwordLogin(u.username, 'Changed12')).status).toBe(200);
  });
});

describe('updating the account name', () => {
  it('saves nickname and name for the caller only', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const token = await t.login(u.username, u.password);
    const res = await post('/auth/user/updateAccountName', token, {
      nickname: 'Max M.',
      name: 'Max Mustermann',
    });
    expect(res.status).toBe(200);
    expect((await userInfo(token)).body.data.user).toMatchObject({
      nickname: 'Max M.',
      name: 'Max Mustermann',
    });
  });

  it('names the field of an invalid nickname', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const token = await t.login(u.username, u.password);
    const res = await post('/auth/user/updateAccountName', token, {
      nickname: '<img src=x onerror=alert(1)>',
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Nickname: Special characters are not allowed');
    const empty = await post('/auth/user/updateAccountName', token, { nickname: '  ' }, 'de-DE');
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('Anzeigename: Pflichtfeld');
    expect((await userRow(u.id))!.nickname).toBe(u.username);
  });
});

describe('binding a contact', () => {
  it('binds a new e-mail with a code sent to that e-mail', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const token = await t.login(u.username, u.password);
    const fresh = `${unique('bind')}@test.pvstar.local`;
    const code = await requestCode(t, fresh, 'BIND');
    const res = await post('/auth/user/bindInfo', token, { contactType: 'EMAIL', contact: fresh, code });
    expect(res.status).toBe(200);
    expect((await userRow(u.id))!.email).toBe(fresh);
    const reveal = await post('/system/user/getMobileOrEmail', token, { viewType: 'EMAIL', id: u.id });
    expect(reveal.body.data).toBe(fresh);
    expect((await passwordLogin(fresh, u.password)).status).toBe(200);
  });

  it('binds a phone with a code sent by SMS to it', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const token = await t.login(u.username, u.password);
    const phone = uniquePhone();
    const code = await requestCode(t, phone, 'BIND', 'MOBILE');
    const res = await post('/auth/user/bindInfo', token, { contactType: 'MOBILE', contact: phone, code });
    expect(res.status).toBe(200);
    expect((await userRow(u.id))!.phone).toBe(phone);
  });

  it('refuses a code that was sent to a different contact', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const token = await t.login(u.username, u.password);
    const mine = `${unique('mine')}@test.pvstar.local`;
    const target = `${unique('target')}@test.pvstar.local`;
    const code = await requestCode(t, mine, 'BIND');
    const res = await post('/auth/user/bindInfo', token, { contactType: 'EMAIL', contact: target, code });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['code']);
    expect((await userRow(u.id))!.email).toBe(u.email);
  });

  it('refuses a contact that another account uses (409)', async () => {
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
    const v = await addUser(t, { org: 'Energie Bravo', roles: ['INSTALLER_ADMIN'] });
    const token = await t.login(u.username, u.password);
    const code = await requestCode(t, v.email, 'BIND');
    const res = await post('/auth/user/bindInfo', token, { contactType: 'EMAIL', contact: v.email, code });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('Contact: This contact is already used by another account');
    expect((await userRow(u.id))!.email).toBe(u.email);
    expect((await userRow(v.id))!.email).toBe(v.email);
  });
});

describe('cancelling the account', () => {
  it('refuses a wrong password (400 naming it) and keeps the account', async () => {
    const u = await addUser(t, { org: 'Familie Weber', roles: ['OWNER'] });
    const token = await t.login(u.username, u.password);
    const res = await post('/auth/user/cancel', token, { password: md5('Wrong1234') });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Password: The password is wrong');
    expect(await userRow(u.id)).toBeDefined();
  });

  it('deletes the account and its sessions', async () => {
    const u = await addUser(t, { org: 'Familie Weber', roles: ['OWNER'] });
    const token = await t.login(u.username, u.password);
    const res = await post('/auth/user/cancel', token, { password: md5(u.password) });
    expect(res.status).toBe(200);
    expect(await userRow(u.id)).toBeUndefined();
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);
    expect((await userInfo(token)).status).toBe(401);
    expect((await passwordLogin(u.username, u.password)).body.msg).toBe('Wrong account or password');
  });

  it("refuses the provider's staff (403)", async () => {
    const staff = await addUser(t, { org: rootId, roles: ['PROVIDER_ADMIN'] });
    const token = await t.login(staff.username, staff.password);
    const res = await post('/auth/user/cancel', token, { password: md5(staff.password) });
    expect(res.status).toBe(403);
    expect(await userRow(staff.id)).toBeDefined();
    expect((await userInfo(token)).status).toBe(200);
  });
});
