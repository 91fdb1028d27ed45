import { ALARM_ACTIVE_UNACKNOWLEDGED, type AlarmRow } from '@pvstar/contract/alarm';
import { PERM } from '@pvstar/contract/perm';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlant, alarmsOf, event, type FixturePlant, statusOf } from '../../../test/alarm-fixture.ts';
import { addRole, addUser, buildTestApp, type TestApp } from '../../../test/helper.ts';
import { alarms, auditLog } from '../../db/schema/index.ts';
import { type AlarmEvents, createAlarmEvents } from './alarm-events.ts';

let t: TestApp;
let events: AlarmEvents;
let plantA: FixturePlant;
let plantB: FixturePlant;
const tokens: Record<string, string> = {};
/** Today at 10:00 UTC less a few days, so that the date shortcuts of the screen find them. */
const base =
  Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate(), 10) -
  3 * 86_400_000;
const min = 60_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const page = async (who: string, body: Record<string, unknown> = {}, lang: 'en-GB' | 'de-DE' = 'en-GB') => {
  const res = await t.call('POST', '/iot/alarm/page', {
    token: tokens[who],
    query: { pageNum: 1, pageSize: 100 },
    body,
    lang,
  });
  expect(res.status).toBe(200);
  return res.body.data as { total: number; list: AlarmRow[] };
};
const idOf = async (p: FixturePlant, code: string) =>
  (await alarmsOf(t, p.plantId)).find((a) => a.faultCode === code)!.id;

async function readXlsx(buffer: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: string[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return { name: ws.name, rows };
}

beforeAll(async () => {
  t = await buildTestApp();
  events = createAlarmEvents({ db: t.ctx.db, log: pino({ level: 'silent' }) });
  plantA = await addPlant(t, {
    org: 'Solartechnik Alpha',
    name: 'Haus Sonnenschein',
    lastSeenAt: new Date(base),
  });
  plantB = await addPlant(t, { org: 'Energie Bravo', name: 'Hof Bravo', lastSeenAt: new Date(base) });
  const raise = (p: FixturePlant, sn: string, code: string, ts: number) =>
    events.handle(p.dongleSn, event(sn, code, 'raised', ts));
  await raise(plantA, plantA.devices.INVERTER.sn, 'INV-ISO', base);
  await raise(plantA, plantA.devices.BATTERY.sn, 'BAT-IMBALANCE', base + 10 * min);
  await raise(plantA, plantA.devices.METER.sn, 'MTR-V-ABN', base + 20 * min);
  await raise(plantA, plantA.devices.INVERTER.sn, 'INV-FAN', base - 2 * 86_400_000);
  await events.handle(
    plantA.dongleSn,
    event(plantA.devices.INVERTER.sn, 'INV-FAN', 'cleared', base - 2 * 86_400_000 + 30 * min),
  );
  await raise(plantB, plantB.devices.INVERTER.sn, 'INV-GRID-OV', base + 5 * min);
  for (const who of [
    'admin',
    'demo-dealer',
    'demo-installer-a',
    'demo-installer-b',
    'demo-guest',
    'demo-owner',
  ])
    tokens[who] = await t.login(who);
  const demo = await t.call('POST', '/auth/user/demo/login', { body: {} });
  tokens.demo = demo.body.data;
});
afterAll(() => t.close());

describe('the alert center list', () => {
  it('shows installer A its alarms, newest first, with texts from the library in the reader’s language', async () => {
    const { total, list } = await page('demo-installer-a');
    expect(total).toBe(4);
    expect(list.map((a) => a.faultCode)).toEqual(['MTR-V-ABN', 'BAT-IMBALANCE', 'INV-ISO', 'INV-FAN']);
    const iso = list.find((a) => a.faultCode === 'INV-ISO')!;
    expect(iso).toMatchObject({
      alarmLevel: 'SERIOUS',
      alarmStatus: 'ONGOING',
      deviceType: 'INVERTER',
      deviceSn: plantA.devices.INVERTER.sn,
      stationId: plantA.plantId,
      stationName: 'Haus Sonnenschein',
      timezone: 'Europe/Berlin',
      endTime: null,
      acknowledged: null,
      closed: null,
    });
    expect(iso.alarmMsg).toMatch(/insulation/i);
    expect(iso.fixAdvice.length).toBeGreaterThan(20);
    const fan = list.find((a) => a.faultCode === 'INV-FAN')!;
    expect(fan).toMatchObject({ alarmStatus: 'ENDED', endReason: 'CLEARED', durationSeconds: 1800 });
    const german = await page('demo-installer-a', { faultCode: 'INV-ISO' }, 'de-DE');
    expect(german.list[0]!.alarmMsg).not.toBe(iso.alarmMsg);
    expect(german.list[0]!.alarmMsg).toMatch(/Isolation/i);
  });

  it('filters by level group, status, plant, device type, code, serial and period', async () => {
    const codes = async (f: Record<string, unknown>) =>
      (await page('demo-installer-a', f)).list.map((a) => a.faultCode);
    expect(await codes({ levelGroup: 'ERROR' })).toEqual(['INV-ISO']);
    expect(await codes({ levelGroup: 'WARN' })).toEqual(['BAT-IMBALANCE', 'INV-FAN']);
    expect(await codes({ levelGroup: 'GENERAL' })).toEqual(['MTR-V-ABN']);
    expect(await codes({ alarmLevel: 'SERIOUS' })).toEqual(['INV-ISO']);
    expect(await codes({ alarmStatus: 'ENDED' })).toEqual(['INV-FAN']);
    expect(await codes({ deviceType: 'BATTERY' })).toEqual(['BAT-IMBALANCE']);
    expect(await codes({ faultCode: 'mtr' })).toEqual(['MTR-V-ABN']);
    expect(await codes({ sn: plantA.devices.BATTERY.sn.toLowerCase() })).toEqual(['BAT-IMBALANCE']);
    expect(await codes({ stationName: 'sonnen' })).toHaveLength(4);
    expect(await codes({ stationId: plantB.plantId })).toEqual([]);
    expect(await codes({ startDate: day(base), endDate: day(base) })).toEqual([
      'MTR-V-ABN',
      'BAT-IMBALANCE',
      'INV-ISO',
    ]);
    expect(await codes({ endDate: day(base - 86_400_000) })).toEqual(['INV-FAN']);
  });

  it('summarises ongoing alarms per level group across status and level filters', async () => {
    const res = await t.call('POST', '/iot/alarm/summary', {
      token: tokens['demo-installer-a'],
      body: { levelGroup: 'ERROR', alarmStatus: 'ENDED' },
    });
    expect(res.body.data).toEqual({
      ongoing: { ERROR: 1, WARN: 1, GENERAL: 1 },
      unacknowledged: 3,
      ended: 1,
    });
  });

  it('rings the bell for the ongoing alarms nobody acknowledged, in each caller’s scope, as the filter lists them', async () => {
    const bell = async (token: string | undefined) => t.call('GET', '/iot/alarm/bell', { token });
    for (const [who, count] of [
      ['demo-installer-a', 3],
      ['demo-installer-b', 1],
      ['demo-dealer', 4],
      ['demo-owner', 0],
    ] as const) {
      const res = await bell(tokens[who]);
      expect(res.body.data, who).toEqual({ count });
      // The filter of the same name lists exactly those, whatever their period.
      const listed = await page(who, { ...ALARM_ACTIVE_UNACKNOWLEDGED });
      expect(listed.total, who).toBe(count);
      for (const a of listed.list) expect([a.alarmStatus, a.acknowledged], who).toEqual(['ONGOING', null]);
    }
    expect((await page('demo-installer-a', { acknowledged: true })).total).toBe(0);
    expect((await bell(undefined)).status).toBe(401);
    // The plant detail's code reads alarms of a plant, but the bell is the alert center's.
    const role = await addRole(t, { org: 'Solartechnik Alpha', perms: [PERM.station, PERM.stationDetail] });
    const detailOnly = await addUser(t, { org: 'Solartechnik Alpha', roles: [role] });
    const res = await bell(await t.login(detailOnly.username));
    expect(res.status).toBe(403);
  });

  it('gives the dealer both installers’ alarms, and names a bad filter', async () => {
    expect((await page('demo-dealer')).total).toBe(5);
    const bad = await t.call('POST', '/iot/alarm/page', {
      token: tokens['demo-dealer'],
      body: { levelGroup: 'LOUD', startDate: '2026-13-45' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/level|start/i);
  });

  it('keeps installer B out of A’s alarms: not listed, 404 by id, in exports, for acknowledging and closing', async () => {
    const { list } = await page('demo-installer-b');
    expect(list.map((a) => a.stationId)).toEqual([plantB.plantId]);
    const aId = await idOf(plantA, 'INV-ISO');
    const b = tokens['demo-installer-b'];
    expect((await t.call('POST', '/iot/alarm/detail', { token: b, body: { id: aId } })).status).toBe(404);
    const bId = await idOf(plantB, 'INV-GRID-OV');
    expect(
      (await t.call('POST', '/iot/alarm/acknowledge', { token: b, body: { ids: [bId, aId], comment: 'x' } }))
        .status,
    ).toBe(404);
    expect(
      (await t.call('POST', '/iot/alarm/close', { token: b, body: { ids: [aId], comment: 'x' } })).status,
    ).toBe(404);
    const [untouched] = await t.ctx.db.select().from(alarms).where(eq(alarms.id, aId));
    expect(untouched).toMatchObject({ status: 'ONGOING', ackAt: null });
    const [alsoUntouched] = await t.ctx.db.select().from(alarms).where(eq(alarms.id, bId));
    expect(alsoUntouched!.ackAt).toBeNull();
    const exported = await t.app.inject({
      method: 'POST',
      url: '/iot/alarm/export',
      headers: { authorization: `Bearer ${b}`, lang: 'en-GB' },
      payload: {},
    });
    expect(exported.statusCode).toBe(200);
    const sheet = await readXlsx(exported.rawPayload);
    expect(sheet.rows.slice(1).map((r) => r[5])).toEqual(['Hof Bravo']);
  });

  it('lets the guest and the owner look but not act (403), and gives the owner only its own plants', async () => {
    expect((await page('demo-guest')).total).toBeGreaterThan(0);
    const id = await idOf(plantA, 'INV-ISO');
    for (const who of ['demo-guest', 'demo-owner', 'demo']) {
      const ack = await t.call('POST', '/iot/alarm/acknowledge', { token: tokens[who], body: { ids: [id] } });
      expect(ack.status, who).toBe(403);
      const close = await t.call('POST', '/iot/alarm/close', {
        token: tokens[who],
        body: { ids: [id], comment: 'x' },
      });
      expect(close.status, who).toBe(403);
    }
    expect((await page('demo-owner')).total).toBe(0);
  });
});

describe('acknowledging and closing', () => {
  it('keeps who acknowledged, when and why; a second acknowledgement changes nothing', async () => {
    const id = await idOf(plantA, 'BAT-IMBALANCE');
    const a = tokens['demo-installer-a'];
    const res = await t.call('POST', '/iot/alarm/acknowledge', {
      token: a,
      body: { ids: [id], comment: 'Technician booked' },
    });
    expect(res.body).toMatchObject({ code: 200, data: { changed: 1 } });
    const again = await t.call('POST', '/iot/alarm/acknowledge', {
      token: a,
      body: { ids: [id], comment: 'again' },
    });
    expect(again.body.data.changed).toBe(0);
    expect((await t.call('GET', '/iot/alarm/bell', { token: a })).body.data).toEqual({ count: 2 });
    const detail = (await t.call('POST', '/iot/alarm/detail', { token: a, body: { id } })).body
      .data as AlarmRow;
    expect(detail.acknowledged).toMatchObject({ name: 'Installer A', comment: 'Technician booked' });
    expect(Date.now() - Date.parse(detail.acknowledged!.at)).toBeLessThan(60_000);
    expect(detail.alarmStatus).toBe('ONGOING');
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'alarm.acknowledge'));
    expect(entry).toMatchObject({ username: 'demo-installer-a', targetType: 'alarm' });
  });

  it('refuses to acknowledge an ended alarm, naming why, and changes none of the chosen ones', async () => {
    const ended = await idOf(plantA, 'INV-FAN');
    const ongoing = await idOf(plantA, 'MTR-V-ABN');
    for (const ids of [[ended], [ongoing, ended]]) {
      const res = await t.call('POST', '/iot/alarm/acknowledge', {
        token: tokens['demo-installer-a'],
        body: { ids, comment: 'late' },
        lang: 'de-DE',
      });
      expect(res.status).toBe(409);
      expect(res.body.msg).toMatch(/bereits beendet/);
    }
    const rows = await t.ctx.db
      .select()
      .from(alarms)
      .where(inArray(alarms.id, [ended, ongoing]));
    expect(rows.map((r) => r.ackAt)).toEqual([null, null]);
  });

  it('needs a comment to close, naming the field, and changes nothing without one', async () => {
    const id = await idOf(plantA, 'INV-ISO');
    const res = await t.call('POST', '/iot/alarm/close', {
      token: tokens['demo-installer-a'],
      body: { ids: [id], comment: '  ' },
      lang: 'de-DE',
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('comment');
    expect(res.body.msg).toMatch(/Erforderlich|Pflicht/);
    expect((await t.ctx.db.select().from(alarms).where(eq(alarms.id, id)))[0]!.status).toBe('ONGOING');
  });

  it('closes by hand: ended now, who and why kept, the inverter and plant leave FAULT', async () => {
    const id = await idOf(plantA, 'INV-ISO');
    expect(await statusOf(t, plantA)).toEqual({ device: 'FAULT', plant: 'FAULT' });
    const res = await t.call('POST', '/iot/alarm/close', {
      token: tokens['demo-installer-a'],
      body: { ids: [id], comment: 'Replaced the DC connector' },
    });
    expect(res.body.data.changed).toBe(1);
    const detail = (
      await t.call('POST', '/iot/alarm/detail', { token: tokens['demo-installer-a'], body: { id } })
    ).body.data as AlarmRow;
    expect(detail).toMatchObject({ alarmStatus: 'ENDED', endReason: 'CLOSED' });
    expect(detail.closed).toMatchObject({ name: 'Installer A', comment: 'Replaced the DC connector' });
    // The battery's warning remains: the plant is in Warning, the inverter normal.
    expect(await statusOf(t, plantA)).toEqual({ device: 'ONLINE', plant: 'WARNING' });
    const twice = await t.call('POST', '/iot/alarm/close', {
      token: tokens['demo-installer-a'],
      body: { ids: [id], comment: 'again' },
    });
    expect(twice.body.data.changed).toBe(0);
  });
});

describe('export', () => {
  it('has the screen’s rows and values, headers in the reader’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/iot/alarm/export',
      headers: { authorization: `Bearer ${tokens['demo-installer-a']}`, lang: 'de-DE' },
      payload: { alarmStatus: 'ONGOING' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="alarms-/);
    const { name, rows } = await readXlsx(res.rawPayload);
    expect(name).toBe('Alarme');
    expect(rows[0]!.slice(0, 3)).toEqual(['Stufe', 'Fehlercode', 'Meldung']);
    const screen = await page('demo-installer-a', { alarmStatus: 'ONGOING' }, 'de-DE');
    expect(rows.slice(1).map((r) => [r[1], r[2], r[4]])).toEqual(
      screen.list.map((a) => [a.faultCode, a.alarmMsg, a.deviceSn]),
    );
    expect(rows[1]![0]).toBe('Info');
    expect(rows.find((r) => r[1] === 'BAT-IMBALANCE')![16]).toBe('Technician booked');
  });

  it('is a button of its own: the guest may list but not export', async () => {
    const res = await t.call('POST', '/iot/alarm/export', { token: tokens['demo-guest'], body: {} });
    expect(res.status).toBe(403);
  });
});

describe('the dashboard and the plant', () => {
  it('count the ongoing alarms in scope and list the latest: ongoing first, then ended', async () => {
    const a = (await t.call('GET', '/station/dashboard', { token: tokens['demo-installer-a'] })).body.data;
    expect(a.alarmCount).toBe(2);
    type Listed = { faultCode: string; raisedAt: string; clearedAt: string | null };
    const listed: Listed[] = a.recentAlerts;
    expect(listed.slice(0, 2).map((r) => [r.faultCode, r.clearedAt])).toEqual([
      ['MTR-V-ABN', null],
      ['BAT-IMBALANCE', null],
    ]);
    const ended = listed.slice(2);
    expect(ended.length).toBeGreaterThan(0);
    for (const r of ended) expect(r.clearedAt).not.toBeNull();
    const starts = ended.map((r) => Date.parse(r.raisedAt));
    expect(starts).toEqual([...starts].sort((x, y) => y - x));
    expect(a.recentAlerts[0]).toMatchObject({
      plantId: plantA.plantId,
      stationName: 'Haus Sonnenschein',
      level: 'INFO',
    });
    const b = (await t.call('GET', '/station/dashboard', { token: tokens['demo-installer-b'] })).body.data;
    expect(
      b.recentAlerts.filter((r: Listed) => r.clearedAt === null).map((r: Listed) => r.faultCode),
    ).toEqual(['INV-GRID-OV']);
    // Neither sees the other's alarms, ongoing or ended.
    const ids = new Set(listed.map((r) => (r as Listed & { id: number }).id));
    for (const r of b.recentAlerts as { id: number }[]) expect(ids.has(r.id)).toBe(false);
  });
});

describe('alarm mail settings', () => {
  it('are kept per user; a bad level is named; the read-only demo account cannot change them', async () => {
    const a = tokens['demo-installer-a'];
    expect((await t.call('GET', '/auth/user/alarmNotify', { token: a })).body.data).toEqual({ levels: [] });
    const saved = await t.call('POST', '/auth/user/alarmNotify', {
      token: a,
      body: { levels: ['SERIOUS', 'ERROR'] },
    });
    expect(saved.status).toBe(200);
    expect((await t.call('GET', '/auth/user/alarmNotify', { token: a })).body.data).toEqual({
      levels: ['SERIOUS', 'ERROR'],
    });
    const bad = await t.call('POST', '/auth/user/alarmNotify', { token: a, body: { levels: ['LOUD'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toMatch(/^levels/);
    const demo = await t.call('POST', '/auth/user/alarmNotify', {
      token: tokens.demo,
      body: { levels: ['WARN'] },
    });
    expect(demo.status).toBe(403);
  });
});
