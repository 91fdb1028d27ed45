import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  buildTestApp,
  leakedSecrets,
  nextIp,
  orgIdByName,
  roleIdByCode,
  type TestApp,
  unique,
  userIdByName,
} from '../../../test/helper.ts';
import { auditLog, outbox, sessions, userRoles, users } from '../../db/schema/index.ts';
import { md5 } from '../../lib/crypto.ts';

let t: TestApp;
let admin: string;
let dealer: string;
let instA: string;
let guest: string;
let orgA: number;
let orgB: number;
let orgOwner: number;
let installerRole: number;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, dealer, instA, guest] = await Promise.all([
    t.login('admin'),
    t.login('demo-dealer'),
    t.login('demo-installer-a'),
    t.login('demo-guest'),
  ]);
  orgA = await orgIdByName(t, 'Solartechnik Alpha');
  orgB = await orgIdByName(t, 'Energie Bravo');
  orgOwner = await orgIdByName(t, 'Familie Weber');
  installerRole = await roleIdByCode(t, 'INSTALLER_ADMIN');
});
afterAll(() => t.close());

const page = async (token: string, body: Record<string, unknown> = {}, pageSize = 100) => {
  const res = await t.call('POST', '/system/user/queryUserPage', {
    token,
    body,
    query: { pageNum: 1, pageSize },
  });
  expect(res.status).toBe(200);
  return res.body.data as { total: number; list: { id: number; username: string; [k: string]: unknown }[] };
};
const names = async (token: string) => (await page(token)).list.map((u) => u.username);
const post = (url: string, token: string, body: unknown, lang?: Lang) =>
  t.call('POST', url, { token, body, ...(lang ? { lang } : {}) });
const get = (url: string, token: string, query: Record<string, string | number>) =>
  t.call('GET', url, { token, query });
const userRow = async (id: number) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0];
const userInfo = (token: string) => t.call('GET', '/auth/user/getUserInfo', { token });
const signIn = (account: string, password: string) =>
  t.call('POST', '/auth/user/login', {
    body: { account, password: md5(password), agree: true },
    ip: nextIp(),
  });
const addBody = (over: Record<string, unknown> = {}) => ({
  orgId: orgA,
  username: unique('nu'),
  nickname: 'New User',
  email: `${unique('nu')}@test.pvstar.local`,
  roleIds: [installerRole],
  password: md5('Start1234'),
  ...over,
});

describe('listing users', () => {
  it('shows the admin every user, with masked contacts', async () => {
    const data = await page(admin);
    const [{ n }] = (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }];
    expect(data.total).toBe(n);
    const list = data.list.map((u) => u.username);
    for (const name of [
      'admin',
      'demo-dealer',
      'demo-installer-a',
      'demo-installer-b',
      'demo-owner',
      'demo-guest',
    ])
      expect(list).toContain(name);
    const row = data.list.find((u) => u.username === 'demo-installer-a')!;
    expect(row).toMatchObject({
      email: 'in***@demo.pvstar.local',
      phone: '+491511****001',
      orgName: 'Solartechnik Alpha',
    });
    // The seed's registerDate: the day of createTime.
    expect(row.registerDate).toBe(String(row.createTime).slice(0, 10));
    expect(row.registerDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(row.roles).toEqual([
      { id: installerRole, roleName: 'Installer administrator', roleCode: 'INSTALLER_ADMIN', builtin: true },
    ]);
    expect(JSON.stringify(data)).not.toMatch(/installer-a@|argon2|passwordHash/);
  });

  it('shows the dealer the users of its installers A and B, not the provider', async () => {
    const list = await names(dealer);
    for (const name of ['demo-dealer', 'demo-installer-a', 'demo-installer-b', 'demo-owner', 'demo-guest'])
      expect(list).toContain(name);
    expect(list).not.toContain('admin');
  });

  it("does not show installer A installer B's users", async () => {
    const b = await addUser(t, { org: orgB, roles: ['INSTALLER_ADMIN'] });
    const data = await page(instA);
    const list = data.list.map((u) => u.username);
    expect(list).toEqual(expect.arrayContaining(['demo-installer-a', 'demo-owner', 'demo-guest']));
    for (const name of ['demo-installer-b', b.username, 'demo-dealer', 'admin'])
      expect(list).not.toContain(name);
    expect(data.total).toBe(data.list.length);
    // Filtering by B's organisation gives nothing either.
    expect((await page(instA, { orgId: orgB })).total).toBe(0);
  });

  it('filters and pages', async () => {
    const filtered = await page(admin, { username: 'demo-installer' });
    expect(filtered.list.map((u) => u.username).sort()).toEqual(['demo-installer-a', 'demo-installer-b']);
    const all = await page(admin);
    const first = await page(admin, {}, 10);
    expect(first.total).toBe(all.total);
    expect(first.list).toHaveLength(Math.min(10, all.total));
    const second = await t.call('POST', '/system/user/queryUserPage', {
      token: admin,
      body: {},
      query: { pageNum: 2, pageSize: 10 },
    });
    const ids = [...first.list, ...second.body.data.list].map((u: { id: number }) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(all.list.slice(0, 20).map((u) => u.id));
    const odd = await t.call('POST', '/system/user/queryUserPage', {
      token: admin,
      body: {},
      query: { pageSize: 7 },
    });
    expect(odd.status).toBe(400);
    expect(odd.body.msg).toBe('Page size: Page size must be 10, 20, 30, 40, 50 or 100');
    // LIKE wildcards are matched literally.
    expect((await page(admin, { username: '%' })).total).toBe(0);
  });

  it('refuses the owner (no user page) with 403', async () => {
    const owner = await t.login('demo-owner');
    const res = await t.call('POST', '/system/user/queryUserPage', { token: owner, body: {} });
    expect(res.status).toBe(403);
  });
});

describe("another installer's user (IDOR)", () => {
  it('answers 404 to every route that takes the id and changes nothing', async () => {
    const b = await addUser(t, { org: orgB, roles: ['INSTALLER_ADMIN'] });
    const bToken = await t.login(b.username, b.password);
    const before = await userRow(b.id);
    const [{ mails: mailsBefore }] = (await t.ctx.db
      .select({ mails: sql<number>`count(*)::int` })
      .from(outbox)) as [{ mails: number }];

    const attempts = [
      await post('/system/user/edit', instA, {
        id: b.id,
        orgId: orgA,
        nickname: 'Hijacked',
        email: 'hijack@test.pvstar.local',
        roleIds: [installerRole],
      }),
      await get('/system/user/delete', instA, { userId: b.id }),
      await get('/system/user/resetPassword', instA, { userId: b.id }),
      await post('/system/user/updateAccountStatus', instA, { userId: b.id, status: 'FREEZE' }),
      await post('/system/user/getMobileOrEmail', instA, { viewType: 'EMAIL', id: b.id }),
      await post('/system/org/editEmp', instA, {
        id: b.id,
        orgId: orgA,
        nickname: 'Hijacked',
        roleIds: [installerRole],
      }),
    ];
    for (const res of attempts) {
      expect([403, 404]).toContain(res.status);
      expect(JSON.stringify(res.body)).not.toContain(b.email);
    }
    // The user routes answer exactly like for an id that does not exist.
    for (const res of attempts.slice(0, 5))
      expect(res.body).toEqual({ code: 404, msg: 'Not found', data: null });
    const missing = await get('/system/user/delete', instA, { userId: 999_999 });
    expect(missing.body).toEqual(attempts[1]!.body);

    expect(await userRow(b.id)).toEqual(before);
    expect(await t.ctx.db.select().from(userRoles).where(eq(userRoles.userId, b.id))).toHaveLength(1);
    const [{ mails }] = (await t.ctx.db.select({ mails: sql<number>`count(*)::int` }).from(outbox)) as [
      { mails: number },
    ];
    expect(mails).toBe(mailsBefore);
    expect((await userInfo(bToken)).status).toBe(200);
    const reveals = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.revealContact'), eq(auditLog.targetId, String(b.id))));
    expect(reveals).toEqual([]);
  });

  it('refuses to move one of its users into the other installer (404 naming the organisation)', async () => {
    const a = await addUser(t, { org: orgA, roles: ['INSTALLER_ADMIN'] });
    const res = await post('/system/user/edit', instA, {
      id: a.id,
      orgId: orgB,
      nickname: 'Moved',
      roleIds: [installerRole],
    });
    expect(res.status).toBe(404);
    expect(res.body.data.fields[0].field).toBe('orgId');
    expect((await userRow(a.id))!.orgId).toBe(orgA);
  });

  it('refuses to add a user into the other installer (404)', async () => {
    const body = addBody({ orgId: orgB });
    const res = await post('/system/user/add', instA, body);
    expect(res.status).toBe(404);
    expect(await t.ctx.db.select().from(users).where(eq(users.username, body.username))).toEqual([]);
  });
});

describe('the guest (view only)', () => {
  it('gets 403 on every write', async () => {
    const target = await addUser(t, { org: orgA, roles: ['INSTALLER_ADMIN'] });
    const before = await userRow(target.id);
    const results = [
      await post('/system/user/add', guest, addBody()),
      await post('/system/user/edit', guest, {
        id: target.id,
        orgId: orgA,
        nickname: 'G',
        roleIds: [installerRole],
      }),
      await get('/system/user/delete', guest, { userId: target.id }),
      await get('/system/user/resetPassword', guest, { userId: target.id }),
      await post('/system/user/updateAccountStatus', guest, { userId: target.id, status: 'STOP' }),
      await post('/system/user/getMobileOrEmail', guest, { viewType: 'EMAIL', id: target.id }),
    ];
    for (const res of results) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe(
        "You don't have permission to access this page. Please contact the administrator.",
      );
    }
    expect(await userRow(target.id)).toEqual(before);
  });
});

describe('adding users', () => {
  it('adds a user with a password; it signs in and shows its creator', async () => {
    const body = addBody();
    const res = await post('/system/user/add', instA, body);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Saved');
    const id = res.body.data.id;
    expect((await signIn(body.username, 'Start1234')).status).toBe(200);
    const row = (await page(instA, { username: body.username })).list[0]!;
    expect(row).toMatchObject({
      id,
      createBy: 'demo-installer-a',
      orgName: 'Solartechnik Alpha',
      status: 'NORMAL',
    });
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.add'), eq(auditLog.targetId, String(id))));
    expect(audits).toHaveLength(1);
  });

  it('names the e-mail field when phone and e-mail are both empty', async () => {
    const res = await post('/system/user/add', instA, addBody({ email: '', phone: '' }));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('E-mail: Phone and e-mail cannot both be empty');
    expect(res.body.data.fields).toEqual([
      { field: 'email', message: 'Phone and e-mail cannot both be empty' },
    ]);
    const de = await post('/system/user/add', instA, addBody({ email: undefined }), 'de-DE');
    expect(de.body.msg).toBe('E-Mail: Telefon und E-Mail dürfen nicht beide leer sein');
    const xx = await post('/system/user/add', instA, addBody({ email: undefined }), 'xx' as Lang);
    expect(xx.body.msg).toBe(de.body.msg);
  });

  it('names other invalid fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'a b' }, 'User name: Only letters, digits and . _ - are allowed'],
      [{ email: 'nope' }, 'E-mail: Invalid e-mail format'],
      [{ phone: '12ab' }, 'Phone: Invalid phone format'],
      [{ roleIds: [] }, 'Roles: Required'],
      [{ nickname: '<script>' }, 'Nickname: Special characters are not allowed'],
    ];
    for (const [over, msg] of cases) {
      const res = await post('/system/user/add', instA, addBody(over));
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
  });

  it('refuses a taken user name or e-mail with 409', async () => {
    const name = await post('/system/user/add', instA, addBody({ username: 'DEMO-GUEST' }));
    expect(name.status).toBe(409);
    expect(name.body.msg).toBe('User name: This user name is already taken');
    const mail = await post('/system/user/add', instA, addBody({ email: 'Guest@demo.pvstar.local' }));
    expect(mail.status).toBe(409);
    expect(mail.body.data.fields[0].field).toBe('email');
  });

  it('refuses roles beyond what the caller may grant (403) and creates nothing', async () => {
    const cases = [
      await roleIdByCode(t, 'PROVIDER_ADMIN'),
      await roleIdByCode(t, 'DEALER_ADMIN'),
      // A guest-type role (fits any organisation) carrying codes installer A does not hold.
      await roleIdByCode(t, 'DEMO_VIEWER'),
    ];
    for (const roleId of cases) {
      const body = addBody({ roleIds: [roleId] });
      const res = await post('/system/user/add', instA, body);
      expect(res.status, `role ${roleId}`).toBe(403);
      expect(res.body.msg).toBe('Roles: You cannot assign one of the chosen roles');
      expect(await t.ctx.db.select().from(users).where(eq(users.username, body.username))).toEqual([]);
    }
    // Nor by editing an existing user.
    const a = await addUser(t, { org: orgA, roles: ['INSTALLER_ADMIN'] });
    const edit = await post('/system/user/edit', instA, {
      id: a.id,
      orgId: orgA,
      nickname: 'x',
      roleIds: [cases[0]],
    });
    expect(edit.status).toBe(403);
    const held = await t.ctx.db.select().from(userRoles).where(eq(userRoles.userId, a.id));
    expect(held.map((r) => r.roleId)).toEqual([installerRole]);
  });

  it('sends a welcome mail with a generated password when none is given', async () => {
    const body = addBody({ password: undefined, nickname: 'Welcome' });
    const res = await post('/system/user/add', instA, body, 'de-DE');
    expect(res.status).toBe(200);
    const [mail, ...rest] = await t.outboxFor(body.email);
    expect(rest).toEqual([]);
    expect(mail!.subject).toBe(translate('de-DE', 'mail.welcomeSubject', { title: 'PVSTAR' }));
    expect(mail!.body).toContain(body.username);
    // The body is the German template with the generated password in its place.
    const [before, after] = translate('de-DE', 'mail.welcomeBody', {
      username: body.username,
      password: '\u0000',
    }).split('\u0000') as [string, string];
    expect(mail!.body.startsWith(before) && mail!.body.endsWith(after)).toBe(true);
    const password = mail!.body.slice(before.length, mail!.body.length - after.length);
    expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z0-9]{12}$/);
    expect((await signIn(body.username, password!)).status).toBe(200);
  });
});

describe('editing users', () => {
  it('saves nickname and roles within the scope; a new contact waits for the user (identity.test.ts)', async () => {
    const a = await addUser(t, { org: orgA, roles: ['INSTALLER_ADMIN'] });
    const guestRole = await roleIdByCode(t, 'GUEST');
    const res = await post('/system/user/edit', instA, {
      id: a.id,
      orgId: orgOwner,
      nickname: 'Edited',
      email: '',
      phone: '+491705550001',
      roleIds: [guestRole],
    });
    expect(res.status).toBe(200);
    const row = await userRow(a.id);
    expect(row).toMatchObject({ nickname: 'Edited', orgId: orgOwner, email: a.email, phone: null });
    const listed = (await page(instA, { username: a.username })).list[0];
    expect(listed).toMatchObject({ pendingPhone: '+49170****001', pendingEmail: null });
  });

  it('refuses a contact another user has (409)', async () => {
    const a = await addUser(t, { org: orgA, roles: ['INSTALLER_ADMIN'] });
    const res = await post('/system/user/edit', instA, {
      id: a.id,
      orgId: orgA,
      nickname: 'x',
      email: 'owner@demo.pvstar.local',
      roleIds: [installerRole],
    });
    expect(res.status).toBe(409);
    expect((await userRow(a.id))!.email).toBe(a.email);
  });
});

describe('deleting users and changing their status', () => {
  it('deletes a user in scope; their session ends', async () => {
    const a = await addUser(t, { org: orgA, roles: ['INSTALLER_ADMIN'] });
    const token = await t.login(a.username, a.password);
    const res = await get('/system/user/delete', instA, { userId: a.id });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Deleted');
    expect(await userRow(a.id)).toBeUndefined();
    expect((await userInfo(token)).status).toBe(401);
  });

  it('refuses to delete or change the status of oneself (400)', async () => {
    const me = await userIdByName(t, 'demo-installer-a');
    const del = await get('/system/user/delete', instA, { userId: me });
    expect(del.status).toBe(400);
    expect(del.body.msg).toBe('You cannot delete or change the status of your own account');
    const status = await post('/system/user/updateAccountStatus', instA, { userId: me, status: 'STOP' });
    expect(status.status).toBe(400);
    expect((await userRow(me))!.status).toBe('NORMAL');
  });

  it('stopping a user ends their sessions and blocks sign-in', async () => {
    const a = await addUser(t, { org: orgA, roles: ['INSTALLER_ADMIN'] });
    const token = await t.login(a.username, a.password);
    const res = await post('/system/user/updateAccountStatus', instA, { userId: a.id, status: 'STOP' });
    expect(res.status).toBe(200);
    expect((await userInfo(token)).status).toBe(401);
    expect((await signIn(a.username, a.password)).status).toBe(403);
    const bad = await post('/system/user/updateAccountStatus', instA, { userId: a.id, status: 'GONE' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('status');
  });
});

describe('resetting a password', () => {
  it('mails a new password that signs in; the old password and sessions end', async () => {
    const a = await addUser(t, { org: orgA, roles: ['INSTALLER_ADMIN'] });
    const token = await t.login(a.username, a.password);
    const res = await get('/system/user/resetPassword', instA, { userId: a.id });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe("A new password has been sent to the user's contact");
    const [mail] = await t.outboxFor(a.email);
    expect(mail!.subject).toBe('PVSTAR: your password was reset');
    const password = mail!.body.match(/new password is ([A-Za-z0-9]+)/)?.[1];
    expect(password).toBeDefined();
    expect((await userInfo(token)).status).toBe(401);
    expect((await signIn(a.username, a.password)).status).toBe(400);
    expect((await signIn(a.username, password!)).status).toBe(200);
  });

  it('refuses the read-only demo account (403)', async () => {
    const demoId = await userIdByName(t, 'demo');
    const res = await get('/system/user/resetPassword', dealer, { userId: demoId });
    expect(res.status).toBe(403);
  });
});

describe('revealing a contact', () => {
  it('reveals a user in scope and writes an audit row', async () => {
    const ownerId = await userIdByName(t, 'demo-owner');
    const res = await post('/system/user/getMobileOrEmail', instA, { viewType: 'EMAIL', id: ownerId });
    expect(res.status).toBe(200);
    expect(res.body.data).toBe('owner@demo.pvstar.local');
    const me = await userIdByName(t, 'demo-installer-a');
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.revealContact'), eq(auditLog.targetId, String(ownerId))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: me, username: 'demo-installer-a', targetType: 'user' });
    expect(rows[0]!.detail).toEqual({ viewType: 'EMAIL' });
    const phone = await post('/system/user/getMobileOrEmail', instA, { viewType: 'MOBILE', id: ownerId });
    expect(phone.body.data).toBeNull();
  });

  it("always reveals one's own contact, even without the reveal permission", async () => {
    const me = await userIdByName(t, 'demo-guest');
    const res = await post('/system/user/getMobileOrEmail', guest, { viewType: 'EMAIL', id: me });
    expect(res.status).toBe(200);
    expect(res.body.data).toBe('guest@demo.pvstar.local');
    const owner = await t.login('demo-owner');
    const ownerId = await userIdByName(t, 'demo-owner');
    const own = await post('/system/user/getMobileOrEmail', owner, { viewType: 'EMAIL', id: ownerId });
    expect(own.body.data).toBe('owner@demo.pvstar.local');
  });
});

describe('sessions of removed users', () => {
  it('keeps no session rows of a deleted user', async () => {
    const a = await addUser(t, { org: orgA, roles: ['INSTALLER_ADMIN'] });
    await t.login(a.username, a.password);
    await get('/system/user/delete', instA, { userId: a.id });
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, a.id))).toEqual([]);
  });
});

it('never answers with a password hash', () => {
  expect(t.responses.length).toBeGreaterThan(40);
  expect(leakedSecrets(t)).toEqual([]);
});
