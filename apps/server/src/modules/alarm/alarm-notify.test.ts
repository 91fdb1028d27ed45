import { ALARM_DIGEST_MINUTES } from '@pvstar/contract/alarm';
import type { AlarmLevel } from '@pvstar/contract/enums';
import type { Lang } from '@pvstar/contract/lang';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlant, event, type FixturePlant } from '../../../test/alarm-fixture.ts';
import { addUser, buildTestApp, type TestApp } from '../../../test/helper.ts';
import { alarmNotifications, users } from '../../db/schema/index.ts';
import { type AlarmEvents, createAlarmEvents } from './alarm-events.ts';
import { GATHER_SECONDS, sendAlarmMail } from './alarm-notify.ts';

let t: TestApp;
let events: AlarmEvents;
let plantA: FixturePlant;
let plantB: FixturePlant;
type Person = Awaited<ReturnType<typeof addUser>>;
let germanA: Person;
let englishA: Person;
let warnOnlyA: Person;
let userB: Person;
const T0 = Date.now() - 3600_000;
const sec = 1000;
const title = 'PVSTAR';

async function wants(u: Person, levels: AlarmLevel[], lang: Lang) {
  await t.ctx.db.update(users).set({ alarmNotifyLevels: levels, lang }).where(eq(users.id, u.id));
}
const pending = async () =>
  (
    await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(alarmNotifications)
      .where(sql`${alarmNotifications.sentAt} IS NULL`)
  )[0]!.n;

beforeAll(async () => {
  t = await buildTestApp();
  events = createAlarmEvents({ db: t.ctx.db, log: pino({ level: 'silent' }) });
  plantA = await addPlant(t, {
    org: 'Solartechnik Alpha',
    name: 'Haus Sonnenschein',
    lastSeenAt: new Date(T0),
  });
  plantB = await addPlant(t, { org: 'Energie Bravo', name: 'Hof Bravo', lastSeenAt: new Date(T0) });
  germanA = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
  englishA = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
  warnOnlyA = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
  userB = await addUser(t, { org: 'Energie Bravo', roles: ['INSTALLER_ADMIN'] });
  await wants(germanA, ['SERIOUS', 'ERROR'], 'de-DE');
  await wants(englishA, ['SERIOUS', 'ERROR', 'WARN'], 'en-GB');
  await wants(warnOnlyA, ['WARN'], 'en-GB');
  await wants(userB, ['SERIOUS', 'ERROR', 'WARN', 'INFO', 'GENERAL'], 'en-GB');
});
afterAll(() => t.close());

describe('alarm mail', () => {
  it('sends one alarm to each recipient who chose its level and sees the plant, in their language', async () => {
    await events.handle(plantA.dongleSn, event(plantA.devices.INVERTER.sn, 'INV-ISO', 'raised', T0));
    // A repeat of the same fault queues nothing more.
    await events.handle(
      plantA.dongleSn,
      event(plantA.devices.INVERTER.sn, 'INV-ISO', 'raised', T0 + 60 * sec),
    );
    expect(await pending()).toBe(2);
    const now = Date.now();
    // Gathering first: nothing goes out in the first seconds.
    expect(await sendAlarmMail(t.ctx.db, { title, now: new Date(now) })).toBe(0);
    expect(await sendAlarmMail(t.ctx.db, { title, now: new Date(now + (GATHER_SECONDS + 1) * sec) })).toBe(2);

    const [de] = await t.outboxFor(germanA.email);
    expect(de!.subject).toBe('[PVSTAR] Schwerwiegend: Isolationswiderstand zu niedrig — Haus Sonnenschein');
    expect(de!.body).toContain(plantA.devices.INVERTER.sn);
    expect(de!.body).toContain('Was tun');
    const [en] = await t.outboxFor(englishA.email);
    expect(en!.subject).toMatch(/^\[PVSTAR\] Serious: .*insulation.* — Haus Sonnenschein$/i);
    expect(await t.outboxFor(warnOnlyA.email)).toHaveLength(0);
    expect(await t.outboxFor(userB.email)).toHaveLength(0);
    expect(await pending()).toBe(0);
  });

  it('sends a burst as one digest, and not before the last mail is a few minutes old', async () => {
    const sns = Object.values(plantA.devices).map((d) => d.sn);
    const codes = ['INV-GRID-OV', 'BAT-BMS-COMM', 'MTR-COMM-LOST', 'EVC-COMM-LOST', 'HP-COMM-LOST'];
    for (const [i, code] of codes.entries())
      await events.handle(plantA.dongleSn, event(sns[i]!, code, 'raised', T0 + (120 + i) * sec));
    const now = Date.now() + (GATHER_SECONDS + 5) * sec;
    // The first mail went out moments ago: the burst waits.
    expect(await sendAlarmMail(t.ctx.db, { title, now: new Date(now) })).toBe(0);
    const later = now + ALARM_DIGEST_MINUTES * 60 * sec;
    expect(await sendAlarmMail(t.ctx.db, { title, now: new Date(later) })).toBe(2);
    const [digest, first] = await t.outboxFor(englishA.email);
    expect(first).toBeDefined();
    expect(digest!.subject).toBe('[PVSTAR] 5 new alarms on your plants');
    for (const code of codes) expect(digest!.body).toContain(code);
    expect(await t.outboxFor(englishA.email)).toHaveLength(2);
    // Nothing left, nothing sent twice.
    expect(await sendAlarmMail(t.ctx.db, { title, now: new Date(later + 3600_000) })).toBe(0);
  });

  it('reaches only the users whose scope holds the plant', async () => {
    await events.handle(plantB.dongleSn, event(plantB.devices.BATTERY.sn, 'BAT-SOC-LOW', 'raised', T0));
    await sendAlarmMail(t.ctx.db, { title, now: new Date(Date.now() + 3 * 3600_000) });
    const [mail] = await t.outboxFor(userB.email);
    expect(mail!.subject).toMatch(/Battery state of charge low — Hof Bravo/);
    expect((await t.outboxFor(germanA.email)).some((m) => m.subject.includes('Hof Bravo'))).toBe(false);
  });
});
