import { translate } from '@pvstar/contract/messages';
import { PERM } from '@pvstar/contract/perm';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, addUser, orgIdByName, type TestApp, unique } from '../../../test/helper.ts';
import { type PlantFixture, setUpPlants, tearDownPlants } from '../../../test/plant-fixture.ts';
import { apiTokens, auditLog, userRoles, users } from '../../db/schema/index.ts';
import { createOrg } from '../../db/seed/seed.ts';
import { sha256 } from '../../lib/crypto.ts';

/**
 * API tokens (issue 22): made, listed and revoked from a session; a token acts as its user and never more
 * (read-only, plant limit, session-only routes), with its own limits (docs/decisions/019-api-tokens.md).
 */

let t: TestApp;
let dataDir: string;
let instA: string;
let instB: string;
let add: PlantFixture['add'];
let plantA1: number;
let plantA2: number;
let plantB: number;

const post = (url: string, token: string, body: unknown = {}, lang?: 'de-DE') =>
  t.call('POST', url, { token, body, ...(lang ? { lang } : {}) });
const get = (url: string, token: string) => t.call('GET', url, { token });
/** A token of the session's user (200 expected). */
const makeToken = async (session: string, body: Record<string, unknown> = {}) => {
  const res = await post('/system/apiToken/add', session, {
    name: unique('Token '),
    scope: 'READ_WRITE',
    ...body,
  });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data as { id: number; token: string };
};
const plantIds = async (token: string) => {
  const res = await t.call('POST', '/station/station/page', {
    token,
    body: {},
    query: { pageNum: 1, pageSize: 100 },
  });
  expect(res.status, res.body.msg).toBe(200);
  return (res.body.data.list as { id: number }[]).map((p) => p.id);
};
/** The raw answer with its headers (the limits' headers). */
const raw = (token: string, url = '/auth/user/getUserInfo') =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, lang: 'en-GB' } });

beforeAll(async () => {
  ({ t, dataDir, instA, instB, add } = await setUpPlants());
  plantA1 = (await add(instA, { stationName: unique('Token A1 ') })).data.id;
  plantA2 = (await add(instA, { stationName: unique('Token A2 ') })).data.id;
  plantB = (await add(instB, { stationName: unique('Token B ') })).data.id;
});
afterAll(async () => {
  await tearDownPlants({ t, dataDir });
});

describe('making, listing and revoking tokens', () => {
  it('shows the token once, keeps only its hash, lists it without the secret and audits both ends', async () => {
    const name = unique('Home Assistant ');
    const made = await makeToken(instA, { name, scope: 'READ_ONLY', expiresOn: '2999-12-31' });
    expect(made.token).toMatch(/^pvst_[A-Za-z0-9_-]{43}$/);

    const [stored] = await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(stored!.tokenHash).toBe(sha256(made.token));
    expect(JSON.stringify(stored)).not.toContain(made.token.slice(5));
    expect(stored!.hint).toBe(made.token.slice(0, 11));

    const page = await t.call('POST', '/system/apiToken/page', {
      token: instA,
      body: {},
      query: { pageNum: 1, pageSize: 50 },
    });
    expect(page.status).toBe(200);
    const row = page.body.data.list.find((r: { id: number }) => r.id === made.id);
    expect(row).toMatchObject({
      name,
      scope: 'READ_ONLY',
      status: 'ACTIVE',
      expiresOn: '2999-12-31',
      lastUsedAt: null,
    });
    expect(row.dailyLimit).toBe(10_000);
    expect(row.perSecondLimit).toBe(10);
    expect(page.body.data.limits).toMatchObject({ dailyLimit: 10_000, perSecondLimit: 10 });
    expect(JSON.stringify(page.body)).not.toContain(made.token.slice(12));
    // Another user's list does not show it; another user cannot revoke it.
    const other = await t.call('POST', '/system/apiToken/page', {
      token: instB,
      body: { all: true },
      query: { pageNum: 1, pageSize: 50 },
    });
    expect(other.body.data.list.map((r: { id: number }) => r.id)).not.toContain(made.id);
    expect((await post('/system/apiToken/revoke', instB, { id: made.id })).status).toBe(404);

    // Used: last use and its address are recorded and shown.
    expect((await get('/auth/user/getUserInfo', made.token)).status).toBe(200);
    const used = await t.call('POST', '/system/apiToken/page', {
      token: instA,
      body: {},
      query: { pageNum: 1, pageSize: 50 },
    });
    const usedRow = used.body.data.list.find((r: { id: number }) => r.id === made.id);
    expect(usedRow.lastUsedAt).not.toBeNull();
    expect(usedRow.lastUsedIp).toBe('127.0.0.1');

    const revoked = await post('/system/apiToken/revoke', instA, { id: made.id });
    expect(revoked.status).toBe(200);
    // Revoked at once: the next request is 401.
    expect((await get('/auth/user/getUserInfo', made.token)).status).toBe(401);
    const active = await t.call('POST', '/system/apiToken/page', {
      token: instA,
      body: {},
      query: { pageNum: 1, pageSize: 50 },
    });
    expect(active.body.data.list.map((r: { id: number }) => r.id)).not.toContain(made.id);
    const all = await t.call('POST', '/system/apiToken/page', {
      token: instA,
      body: { all: true },
      query: { pageNum: 1, pageSize: 50 },
    });
    expect(all.body.data.list.find((r: { id: number }) => r.id === made.id).status).toBe('REVOKED');

    const entries = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.targetType} = 'apiToken' AND ${auditLog.targetId} = ${String(made.id)}`);
    expect(entries.map((e) => e.action).sort()).toEqual(['apiToken.add', 'apiToken.revoke']);
  });

  it('refuses a plant outside the user’s scope, limits above the maxima and a past expiry, naming the field', async () => {
    const cases = [
      [{ plantIds: [plantA1, plantB] }, 'plantIds'],
      [{ plantIds: [999_999] }, 'plantIds'],
      [{ dailyLimit: 100_001 }, 'dailyLimit'],
      [{ perSecondLimit: 51 }, 'perSecondLimit'],
      [{ perSecondLimit: 0 }, 'perSecondLimit'],
      [{ expiresOn: '2001-01-01' }, 'expiresOn'],
      [{ scope: 'ADMIN' }, 'scope'],
    ] as const;
    for (const [over, field] of cases) {
      const res = await post(
        '/system/apiToken/add',
        instA,
        { name: 'Bad', scope: 'READ_WRITE', ...over },
        'de-DE',
      );
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.data.fields[0].field).toBe(field);
    }
    const res = await post(
      '/system/apiToken/add',
      instA,
      { name: 'Bad', scope: 'READ_WRITE', plantIds: [plantB] },
      'de-DE',
    );
    expect(res.body.msg).toContain('Datenbereich');
  });

  it('answers 401 for an expired token, and for an unknown one', async () => {
    const made = await makeToken(instA);
    expect((await get('/auth/user/getUserInfo', made.token)).status).toBe(200);
    await t.ctx.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, made.id));
    expect((await get('/auth/user/getUserInfo', made.token)).status).toBe(401);
    expect((await get('/auth/user/getUserInfo', `${made.token.slice(0, -1)}x`)).status).toBe(401);
  });
});

describe('a token is its user, never more', () => {
  it('read-only: reads, and every write it may make answers 403 naming the token', async () => {
    const name = unique('Reader ');
    const ro = await makeToken(instA, { scope: 'READ_ONLY', name });
    expect(await plantIds(ro.token)).toEqual(expect.arrayContaining([plantA1, plantA2]));
    const write = await post('/iot/alarm/acknowledge', ro.token, { ids: [1] });
    expect(write.status).toBe(403);
    expect(write.body.msg).toBe(translate('en-GB', 'apiToken.readOnly', { name }));
    expect(write.body.msg).not.toContain('demo');
    // The same write passes a read-write token's guard (the alarm is not in its scope: 404).
    const rw = await makeToken(instA, { scope: 'READ_WRITE' });
    expect((await post('/iot/alarm/acknowledge', rw.token, { ids: [2_000_000_000] })).status).toBe(404);
  });

  it('plant-limited: lists only its plants, 404s the others, refuses whole-scope lists', async () => {
    const limited = await makeToken(instA, { plantIds: [plantA1] });
    expect(await plantIds(limited.token)).toEqual([plantA1]);
    expect((await get(`/station/station/detail/${plantA1}`, limited.token)).status).toBe(200);
    expect((await get(`/station/station/detail/${plantA2}`, limited.token)).status).toBe(404);
    expect((await get(`/station/station/detail/${plantA2}`, instA)).status).toBe(200);
    // Devices, alarms and reports of the other plant: not there.
    const devices = await t.call('POST', '/iot/device/page', {
      token: limited.token,
      body: { deviceType: 'DONGLE' },
      query: { pageNum: 1, pageSize: 100 },
    });
    expect(devices.status, devices.body.msg).toBe(200);
    const seen = new Set(devices.body.data.list.map((d: { plantId: number }) => d.plantId));
    expect([...seen]).toEqual([plantA1]);
    const report = await post('/station/report/energy', limited.token, {
      dateType: 'month',
      plantIds: [plantA2],
    });
    expect(report.status).toBe(404);
    expect((await get('/station/dashboard', limited.token)).status).toBe(200);
    for (const url of ['/system/org/page', '/system/user/queryUserPage', '/station/report/fleet']) {
      const res = await t.call('POST', url, {
        token: limited.token,
        body: {},
        query: { pageNum: 1, pageSize: 10 },
      });
      expect(res.status, url).toBe(403);
      // Installer A's role opens the fleet report: refused for the plant limit alone.
      if (url.includes('fleet'))
        expect(res.body.msg, url).toBe('A token limited to some plants cannot read this list');
    }
    // The same lists open for the unlimited token of the same user.
    const whole = await makeToken(instA);
    const fleet = await post('/station/report/fleet', whole.token, { dateType: 'month' });
    expect(fleet.status, fleet.body.msg).toBe(200);
  });

  it('cannot call the session-only routes: tokens, password, contacts, users, remote writes', async () => {
    const rw = await makeToken(instA, { perSecondLimit: 50 });
    const calls: [string, string, unknown][] = [
      ['POST', '/system/apiToken/add', { name: 'Child', scope: 'READ_WRITE' }],
      ['POST', '/system/apiToken/page', {}],
      ['POST', '/system/apiToken/revoke', { id: rw.id }],
      ['POST', '/auth/user/updatePassword', { oldPassword: 'x', newPassword: 'y' }],
      ['POST', '/auth/user/logout', {}],
      ['POST', '/auth/user/twoFactor/setup', {}],
      ['POST', '/system/org/createEmp', {}],
      ['GET', '/system/user/resetPassword?userId=1', undefined],
      ['POST', '/iot/remote/params/write', {}],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method as 'GET' | 'POST', url, { token: rw.token, body });
      expect(res.status, url).toBe(403);
    }
    const res = await post('/system/apiToken/add', rw.token, { name: 'Child', scope: 'READ_WRITE' });
    expect(res.body.msg).toBe('An API token cannot do this: sign in with your password');
    expect((await get('/auth/user/getUserInfo', rw.token)).status).toBe(200);
  });

  it('cannot reach what outlives it or takes devices over: webhooks, plant deletion, dongle secrets, owner invitations, firmware', async () => {
    // Issue 33: each of these answered a read-write token (a webhook to any URL stayed after the token was
    // revoked; a dongle's new secret let the thief impersonate it).
    const rw = await makeToken(instA, { perSecondLimit: 50 });
    const hooks = async () => (await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM webhooks`)).rows;
    const before = await hooks();
    const calls: [string, unknown][] = [
      ['/system/webhook/add', { url: 'https://93.184.215.14/steal', events: ['alarm.raised'] }],
      ['/system/webhook/edit', { id: 1, url: 'https://93.184.215.14/steal', events: ['alarm.raised'] }],
      ['/system/webhook/rotateSecret', { id: 1 }],
      ['/system/webhook/page', {}],
      ['/station/station/delete', { id: plantA1, confirmName: 'x' }],
      ['/station/station/dongle/resetSecret', { plantId: plantA1 }],
      ['/station/invitation/add', { plantId: plantA1, email: 'thief@example.org' }],
      ['/station/share/add', { plantId: plantA1 }],
      ['/station/report/subscription/add', { reportType: 'ENERGY', schedule: 'WEEKLY' }],
      ['/iot/firmware/page', {}],
      ['/iot/upgrade/task/add', {}],
      ['/iot/device/replace', {}],
    ];
    for (const [url, body] of calls) {
      const res = await post(url, rw.token, body);
      expect([url, res.status, res.body.msg]).toEqual([
        url,
        403,
        'An API token cannot do this: sign in with your password',
      ]);
    }
    expect(await hooks()).toEqual(before);
  });

  it('ends with the organisation above its user frozen, and stays ended when it is thawed', async () => {
    const root = await orgIdByName(t, t.ctx.config.APP_TITLE);
    const dealer = await createOrg(t.ctx.db, {
      name: unique('Frozen dealer '),
      type: 'DEALER',
      parentId: root,
    });
    const installer = await createOrg(t.ctx.db, {
      name: unique('Its installer '),
      type: 'INSTALLER',
      parentId: dealer,
    });
    const u = await addUser(t, { org: installer, roles: ['INSTALLER_ADMIN'], prefix: 'frz' });
    const made = await makeToken(await t.login(u.username, u.password));
    expect((await get('/auth/user/getUserInfo', made.token)).status).toBe(200);
    const admin = await t.login('admin');
    const freeze = (status: string) =>
      t.call('POST', '/system/org/updateStatus', { token: admin, body: { id: dealer, status } });
    expect((await freeze('FREEZE')).status).toBe(200);
    expect((await get('/auth/user/getUserInfo', made.token)).status).toBe(401);
    expect((await freeze('NORMAL')).status).toBe(200);
    expect((await get('/auth/user/getUserInfo', made.token)).status).toBe(401);
  });

  it('loses what its user loses: a role taken away, then the account frozen', async () => {
    const role = await addRole(t, { org: 'Solartechnik Alpha', perms: [PERM.stationMonitor] });
    const u = await addUser(t, { org: 'Solartechnik Alpha', roles: [role], prefix: 'tok' });
    const session = await t.login(u.username, u.password);
    const made = await makeToken(session);
    expect(
      (
        await t.call('POST', '/station/station/page', {
          token: made.token,
          body: {},
          query: { pageNum: 1, pageSize: 10 },
        })
      ).status,
    ).toBe(200);
    await t.ctx.db.delete(userRoles).where(eq(userRoles.userId, u.id));
    expect(
      (
        await t.call('POST', '/station/station/page', {
          token: made.token,
          body: {},
          query: { pageNum: 1, pageSize: 10 },
        })
      ).status,
    ).toBe(403);
    await t.ctx.db.update(users).set({ status: 'FREEZE' }).where(eq(users.id, u.id));
    expect((await get('/auth/user/getUserInfo', made.token)).status).toBe(401);
  });
});

describe('limits', () => {
  it('sends the RateLimit headers, and 429 with Retry-After past the per-second limit', async () => {
    const made = await makeToken(instA, { perSecondLimit: 3, dailyLimit: 1000 });
    // Start at the beginning of a second, so that the burst stays within one.
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await raw(made.token));
    expect(answers.slice(0, 3).map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers[0]!.headers['ratelimit-limit']).toBe('1000');
    expect(answers[2]!.headers['ratelimit-remaining']).toBe('997');
    expect(Number(answers[0]!.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(answers[0]!.headers['ratelimit-policy']).toBe('3;w=1, 1000;w=86400');
    const over = answers[3]!;
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe('1');
    expect(over.headers['ratelimit-remaining']).toBe('0');
    expect(over.json()).toMatchObject({
      code: 429,
      msg: 'Too many requests: this token may make 3 a second. Try again shortly',
    });
    // A session of the same user is not limited by the token's allowance.
    for (let i = 0; i < 5; i++) expect((await get('/auth/user/getUserInfo', instA)).status).toBe(200);
  });

  it('429 past the daily limit, with Retry-After until the next UTC day', async () => {
    const made = await makeToken(instA, { perSecondLimit: 50, dailyLimit: 2 });
    expect((await raw(made.token)).statusCode).toBe(200);
    expect((await raw(made.token)).statusCode).toBe(200);
    const over = await raw(made.token);
    expect(over.statusCode).toBe(429);
    const untilMidnight = 86_400 - Math.floor((Date.now() / 1000) % 86_400);
    expect(Math.abs(Number(over.headers['retry-after']) - untilMidnight)).toBeLessThan(5);
    expect(over.json().msg).toBe('This token has used its 2 requests for today. Try again tomorrow');
  });
});
