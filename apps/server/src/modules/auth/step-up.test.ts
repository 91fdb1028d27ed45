import { STEP_UP_WINDOW_MS } from '@pvstar/contract/two-factor';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, buildTestApp, nextIp, orgIdByName, type TestApp } from '../../../test/helper.ts';
import { auditLog } from '../../db/schema/index.ts';
import { md5 } from '../../lib/crypto.ts';

/**
 * Step-up (issue 33): a stolen session cannot take a dangerous action once the sign-in is minutes old; the
 * person proves presence again — the password, or the TOTP code with two-factor sign-in — and wrong proofs
 * count towards the confirmation lock. Webhook registration stands for every `stepUp` route (the pipeline
 * checks them alike; the endpoint table says which: plant deletion, dongle secrets, webhook address and
 * secret, owner invitations, starting firmware, remote writes).
 */
let t: TestApp;
let orgId: number;
// The clock is the test's: the window passes, and each TOTP code is taken in a time step of its own.
let clock = Date.UTC(2026, 11, 2, 12, 0, 0);
const advance = (ms: number) => {
  clock += ms;
  vi.setSystemTime(clock);
};
let n = 0;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  t = await buildTestApp();
  orgId = await orgIdByName(t, 'Solartechnik Alpha');
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const post = (url: string, token: string, body: unknown = {}) =>
  t.call('POST', url, { token, body, ip: nextIp() });
const addHook = (token: string) =>
  post('/system/webhook/add', token, {
    orgId,
    url: `https://93.184.215.14/step-up-${n++}`,
    events: ['alarm.raised'],
  });
const hooks = async () =>
  (await t.ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM webhooks`)).rows[0]!.n;
const admin = async () => {
  const u = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'], prefix: 'su' });
  return { ...u, token: await t.login(u.username, u.password) };
};

describe('step-up for dangerous actions', () => {
  it('takes the sign-in as proof for five minutes; then refuses, changing nothing, until the password is given again', async () => {
    const u = await admin();
    expect((await addHook(u.token)).status).toBe(200);
    advance(STEP_UP_WINDOW_MS + 1000);
    const before = await hooks();
    const refused = await addHook(u.token);
    expect([refused.status, refused.body.data]).toEqual([403, { stepUp: true }]);
    expect(refused.body.msg).toMatch(/^Confirm it is you/);
    expect(await hooks()).toBe(before);
    // A wrong password is a field error; the right one opens the next five minutes.
    const wrong = await post('/auth/user/stepUp', u.token, { password: md5('not-it') });
    expect([wrong.status, wrong.body.data.fields[0].field]).toEqual([400, 'password']);
    const ok = await post('/auth/user/stepUp', u.token, { password: md5(u.password) });
    expect(ok.status).toBe(200);
    expect(Date.parse(ok.body.data.until)).toBe(clock + STEP_UP_WINDOW_MS);
    expect((await addHook(u.token)).status).toBe(200);
    const actions = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.userId, u.id))).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['account.confirmFailed', 'account.stepUp']));
    // Another session of the same user proved nothing.
    advance(1000);
    const other = await t.login(u.username, u.password);
    advance(STEP_UP_WINDOW_MS + 1000);
    expect((await addHook(other)).status).toBe(403);
  });

  it('with two-factor sign-in takes the authenticator code, not the password alone', async () => {
    const u = await admin();
    const setup = await post('/auth/user/twoFactor/setup', u.token);
    advance(30_000);
    const enabled = await post('/auth/user/twoFactor/enable', u.token, {
      code: await generate({ secret: setup.body.data.secret }),
    });
    expect(enabled.status).toBe(200);
    advance(STEP_UP_WINDOW_MS + 30_000);
    expect((await addHook(u.token)).status).toBe(403);
    const password = await post('/auth/user/stepUp', u.token, { password: md5(u.password) });
    expect([password.status, password.body.data.fields[0].field]).toEqual([400, 'code']);
    const totp = await generate({ secret: setup.body.data.secret });
    const code = await post('/auth/user/stepUp', u.token, { code: totp });
    expect(code.status).toBe(200);
    expect((await addHook(u.token)).status).toBe(200);
    // A code is good once: the same one again proves nothing.
    expect((await post('/auth/user/stepUp', u.token, { code: totp })).status).toBe(400);
  });

  it('counts wrong proofs in the confirmation lock: after five, even the right password answers 429', async () => {
    const u = await admin();
    advance(STEP_UP_WINDOW_MS + 1000);
    for (let i = 0; i < 5; i++)
      expect((await post('/auth/user/stepUp', u.token, { password: md5(`wrong-${i}`) })).status).toBe(400);
    expect((await post('/auth/user/stepUp', u.token, { password: md5(u.password) })).status).toBe(429);
    expect((await addHook(u.token)).status).toBe(403);
  });
});
