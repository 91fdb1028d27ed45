import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls, fieldsOf } from '../../../test/auth-calls.ts';
import {
  addUser,
  buildTestApp,
  orgIdByName,
  requestCode,
  roleIdByCode,
  type TestApp,
  unique,
} from '../../../test/helper.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { createUser } from '../../db/seed/seed.ts';
import { md5 } from '../../lib/crypto.ts';

let t: TestApp;
let admin: string;
let instA: string;
let orgA: number;
let orgB: number;
let orgOwner: number;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, instA] = await Promise.all([t.login('admin'), t.login('demo-installer-a')]);
  orgA = await orgIdByName(t, 'Solartechnik Alpha');
  orgB = await orgIdByName(t, 'Energie Bravo');
  orgOwner = await orgIdByName(t, 'Familie Weber');
});
afterAll(() => t.close());

const post = (url: string, token: string, body: unknown) => t.call('POST', url, { token, body });
const { publicPost, codeLogin, passwordLogin } = authCalls(() => t);
const whoIs = async (token: string) =>
  (await t.call('GET', '/auth/user/getUserInfo', { token })).body.data.user.username as string;
const auditActions = async (userId: number) =>
  (
    await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(userId)))
  ).map((r) => r.action);
const userRow = async (id: number) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('one identifier, one account', () => {
  it('refuses a phone that is another account’s user name, so a code to it cannot open that account', async () => {
    const installerRole = await roleIdByCode(t, 'INSTALLER_ADMIN');
    const victim = await post('/system/user/add', admin, {
      orgId: orgB,
      username: '4915177770001',
      nickname: 'Bravo staff',
      email: `${unique('b')}@test.pvstar.local`,
      password: md5('Secret123'),
      roleIds: [installerRole],
    });
    expect(victim.status).toBe(200);
    // Installer A adds one of its own staff with the same digits as phone number …
    const attacker = await post('/system/user/add', instA, {
      orgId: orgA,
      username: unique('a'),
      nickname: 'Alpha staff',
      phone: '4915177770001',
      password: md5('Secret123'),
      roleIds: [installerRole],
    });
    // Were it stored, a code sent to that phone must still sign in nobody but its holder.
    if (attacker.status === 200) {
      const code = await requestCode(t, '4915177770001', 'LOGIN', 'MOBILE');
      const res = await codeLogin('4915177770001', code);
      if (res.status === 200) expect(await whoIs(res.body.data)).not.toBe('4915177770001');
    }
    expect(attacker.status).toBe(409);
    expect(fieldsOf(attacker.body)).toEqual(['phone']);
  });

  it('refuses a user name that is another account’s phone or e-mail, on add and register', async () => {
    const installerRole = await roleIdByCode(t, 'INSTALLER_ADMIN');
    await createUser(
      t.ctx.db,
      { orgId: orgA, username: unique('p'), nickname: 'p', password: 'Secret123', phone: '+4915177770009' },
      ['INSTALLER_ADMIN'],
    );
    const add = await post('/system/user/add', admin, {
      orgId: orgB,
      username: '4915177770009',
      nickname: 'Clash',
      email: `${unique('c')}@test.pvstar.local`,
      password: md5('Secret123'),
      roleIds: [installerRole],
    });
    expect(add.status).toBe(409);
    expect(fieldsOf(add.body)).toEqual(['username']);
    const email = `${unique('r')}@test.pvstar.local`;
    const code = await requestCode(t, email, 'REGISTER');
    const register = await publicPost('/auth/user/register', {
      username: '4915177770009',
      contactType: 'EMAIL',
      contact: email,
      code,
      password: md5('Secret123'),
      confirmPassword: md5('Secret123'),
      agree: true,
    });
    expect(register.status).toBe(409);
    expect(fieldsOf(register.body)).toEqual(['username']);
  });

  it('refuses every sign-in with an identifier that names two accounts (legacy data), and codes for user names', async () => {
    // Stored before the identifier namespace was enforced: one's user name is the other's phone.
    const digits = '4915177770002';
    await createUser(
      t.ctx.db,
      {
        orgId: orgB,
        username: digits,
        nickname: 'b',
        password: 'Secret123',
        email: `${unique('b')}@test.pvstar.local`,
      },
      ['INSTALLER_ADMIN'],
    );
    await createUser(
      t.ctx.db,
      { orgId: orgA, username: unique('a'), nickname: 'a', password: 'Secret123', phone: `+${digits}` },
      ['INSTALLER_ADMIN'],
    );
    const code = await requestCode(t, `+${digits}`, 'LOGIN', 'MOBILE');
    expect((await codeLogin(digits, code)).status).toBe(400);
    expect((await passwordLogin(digits, 'Secret123')).status).toBe(400);
    // With the + the phone names one account, its holder's.
    const own = await passwordLogin(`+${digits}`, 'Secret123');
    expect(own.status).toBe(200);
    expect(await whoIs(own.body.data)).not.toBe(digits);
    // A code never signs in by user name, even the account's own.
    const u = await addUser(t, { org: orgA, roles: ['INSTALLER_ADMIN'] });
    const mailCode = await requestCode(t, u.email, 'LOGIN');
    expect((await codeLogin(u.username, mailCode)).status).toBe(400);
    expect((await codeLogin(u.email, mailCode)).status).toBe(200);
  });
});

describe('a contact changed by someone else takes effect only once confirmed', () => {
  it('keeps an owner’s e-mail until the owner confirms, so the installer cannot reset the password', async () => {
    const owner = await addUser(t, { org: orgOwner, roles: ['OWNER'] });
    const ownerRole = await roleIdByCode(t, 'OWNER');
    const attackerMail = `${unique('evil')}@test.pvstar.local`;
    const edit = await post('/system/user/edit', instA, {
      id: owner.id,
      orgId: orgOwner,
      nickname: 'Owner',
      email: attackerMail,
      roleIds: [ownerRole],
    });
    expect(edit.status).toBe(200);
    const code = await requestCode(t, attackerMail, 'FORGET');
    const forget = await publicPost('/auth/user/forget', {
      contactType: 'EMAIL',
      contact: attackerMail,
      code,
      password: md5('Taken123'),
      confirmPassword: md5('Taken123'),
    });
    expect(forget.status).toBe(400);
    expect((await userRow(owner.id)).email).toBe(owner.email);
    expect((await passwordLogin(owner.username, 'Taken123')).status).toBe(400);
    // The owner heard of it on the old address; the code went to the new one only.
    const [notice] = await t.outboxFor(owner.email);
    expect(notice?.body).toContain(owner.username);
    expect(notice?.body).not.toMatch(/\b\d{6}\b/);
    expect(await auditActions(owner.id)).toContain('user.contactChangeRequested');
    const listed = await t.call('POST', '/system/user/queryUserPage', {
      token: instA,
      body: { username: owner.username },
      query: { pageNum: 1, pageSize: 10 },
    });
    expect(listed.body.data.list[0]).toMatchObject({ pendingEmail: expect.stringContaining('***@') });
  });

  it('lets the user, signed in, confirm the new contact with its code; the old one is told', async () => {
    const owner = await addUser(t, { org: orgOwner, roles: ['OWNER'] });
    const ownerRole = await roleIdByCode(t, 'OWNER');
    const newMail = `${unique('new')}@test.pvstar.local`;
    const edit = await post('/system/user/edit', instA, {
      id: owner.id,
      orgId: orgOwner,
      nickname: 'Owner',
      email: newMail.toUpperCase(),
      roleIds: [ownerRole],
    });
    expect(edit.body.msg).toMatch(/confirms/);
    const [confirmMail] = await t.outboxFor(newMail);
    const code = confirmMail!.body.match(/\b(\d{6})\b/)![1]!;
    // The installer cannot confirm it for the owner.
    expect((await post('/auth/user/confirmContact', instA, { contactType: 'EMAIL', code })).status).toBe(400);
    const token = await t.login(owner.username, owner.password);
    const info = await t.call('GET', '/auth/user/getUserInfo', { token });
    expect(info.body.data.user.pendingEmail).toMatch(/\*\*\*@test\.pvstar\.local$/);
    const wrong = await post('/auth/user/confirmContact', token, {
      contactType: 'EMAIL',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(fieldsOf(wrong.body)).toEqual(['code']);
    expect((await post('/auth/user/confirmContact', token, { contactType: 'EMAIL', code })).status).toBe(200);
    expect((await userRow(owner.id)).email).toBe(newMail);
    const [changed] = await t.outboxFor(owner.email);
    // In the user's language (none stored: German), naming the new contact masked.
    expect(changed?.body).toContain(`ersetzt`);
    expect(changed?.body).toContain('***@test.pvstar.local');
    expect(await auditActions(owner.id)).toEqual(
      expect.arrayContaining(['user.contactChangeRequested', 'account.contactChangeConfirmed']),
    );
    // Used once.
    expect((await post('/auth/user/confirmContact', token, { contactType: 'EMAIL', code })).status).toBe(400);
    const after = await t.call('GET', '/auth/user/getUserInfo', { token });
    expect(after.body.data.user.pendingEmail).toBeNull();
  });

  it('tells the old contact when the user binds a new one themself, which replaces a pending one', async () => {
    const u = await addUser(t, { org: orgA, roles: ['INSTALLER_ADMIN'] });
    const installerRole = await roleIdByCode(t, 'INSTALLER_ADMIN');
    const edit = await post('/system/user/edit', instA, {
      id: u.id,
      orgId: orgA,
      nickname: 'x',
      email: `${unique('pend')}@test.pvstar.local`,
      roleIds: [installerRole],
    });
    expect(edit.status).toBe(200);
    const token = await t.login(u.username, u.password);
    const mine = `${unique('mine')}@test.pvstar.local`;
    const bind = await post('/auth/user/bindInfo', token, {
      contactType: 'EMAIL',
      contact: mine,
      code: await requestCode(t, mine, 'BIND'),
    });
    expect(bind.status).toBe(200);
    expect((await userRow(u.id)).email).toBe(mine);
    const [notice] = await t.outboxFor(u.email);
    expect(notice?.body).toContain('ersetzt');
    const info = await t.call('GET', '/auth/user/getUserInfo', { token });
    expect(info.body.data.user.pendingEmail).toBeNull();
  });
});
