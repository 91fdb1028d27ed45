import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlant } from '../../test/alarm-fixture.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import {
  alarmNotifications,
  alarms,
  loginAttempts,
  sessions,
  verificationCodes,
} from '../db/schema/index.ts';
import { purgeStale } from './housekeeping.ts';

describe('housekeeping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('removes expired sessions, day-old failed and month-old successful attempts and spent codes, and keeps the rest', async () => {
    const live = await t.login('demo-dealer');
    const now = new Date();
    const dayAgo = new Date(now.getTime() - 25 * 3_600_000);
    await t.ctx.db
      .insert(sessions)
      .values({ userId: 1, tokenHash: 'expired-session-hash', expiresAt: new Date(now.getTime() - 1000) });
    const monthAgo = new Date(now.getTime() - 31 * 86_400_000);
    await t.ctx.db.insert(loginAttempts).values([
      { accountKey: 'old', success: false, createdAt: dayAgo },
      { accountKey: 'recent', success: false },
      // A success tells the throttle which addresses are the account's own, for 30 days.
      { accountKey: 'signed-in', success: true, createdAt: dayAgo },
      { accountKey: 'long-ago', success: true, createdAt: monthAgo },
    ]);
    await t.ctx.db.insert(verificationCodes).values([
      { contact: 'old@x.test', purpose: 'LOGIN', codeHash: 'h', expiresAt: dayAgo },
      { contact: 'used@x.test', purpose: 'LOGIN', codeHash: 'h', expiresAt: now, usedAt: dayAgo },
      {
        contact: 'fresh@x.test',
        purpose: 'LOGIN',
        codeHash: 'h',
        expiresAt: new Date(now.getTime() + 600_000),
      },
    ]);
    const plant = await addPlant(t, { org: 'Solartechnik Alpha' });
    const [alarm] = await t.ctx.db
      .insert(alarms)
      .values({
        plantId: plant.plantId,
        sourceSn: plant.dongleSn,
        deviceType: 'DONGLE',
        kind: 'COMM',
        faultCode: 'DGL-OFFLINE',
        alarmLevel: 'ERROR',
        startedAt: dayAgo,
        latestAt: dayAgo,
      })
      .returning({ id: alarms.id });
    await t.ctx.db.insert(alarmNotifications).values([
      { userId: 1, alarmId: alarm!.id, sentAt: dayAgo },
      { userId: 2, alarmId: alarm!.id, sentAt: now },
      { userId: 3, alarmId: alarm!.id },
    ]);
    const removed = await purgeStale(t.ctx.db, now);
    expect(removed).toEqual({ sessions: 1, loginAttempts: 2, codes: 2, alarmMail: 1 });
    const kept = await t.ctx.db.select({ u: alarmNotifications.userId }).from(alarmNotifications);
    expect(kept.map((r) => r.u).sort()).toEqual([2, 3]);
    const contacts = (await t.ctx.db.select({ c: verificationCodes.contact }).from(verificationCodes)).map(
      (r) => r.c,
    );
    expect(contacts).toEqual(['fresh@x.test']);
    const keys = (
      await t.ctx.db
        .select({ k: loginAttempts.accountKey })
        .from(loginAttempts)
        .where(sql`account_key IN ('old', 'recent', 'signed-in', 'long-ago')`)
    ).map((r) => r.k);
    expect(keys.sort()).toEqual(['recent', 'signed-in']);
    expect((await t.call('GET', '/auth/user/getUserInfo', { token: live })).status).toBe(200);
  });
});
