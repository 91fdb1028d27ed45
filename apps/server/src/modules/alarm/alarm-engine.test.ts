import { topics } from '@pvstar/contract/mqtt';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPlant,
  alarmsOf,
  event,
  type FixturePlant,
  sendInverter,
  statusOf,
} from '../../../test/alarm-fixture.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { alarms, devices, dongles } from '../../db/schema/index.ts';
import { sunAltitude } from '../../domain/daylight.ts';
import { sweepStale } from '../../domain/status-sweeper.ts';
import { createIngest, type Ingest } from '../../ingest/ingest.ts';
import { detectSilence } from './alarm-comm.ts';
import { type AlarmEvents, createAlarmEvents } from './alarm-events.ts';
import { detectNoProduction } from './alarm-production.ts';

const log = pino({ level: 'silent' });
let t: TestApp;
let events: AlarmEvents;
let ingest: Ingest;

/** Midsummer in Berlin: the sun is high at noon and well below the horizon at midnight (UTC+2). */
const NOON = Date.parse('2026-06-21T13:00:00+02:00');
const MIDNIGHT = Date.parse('2026-06-22T00:30:00+02:00');
const min = 60_000;
/**
 * Ingest's clock: each test sets it to the time of the readings it sends, as a dongle reporting live is
 * heard (older readings are history, BACKLOG_AGE_MS, and move no status).
 */
let clock = NOON;

beforeAll(async () => {
  t = await buildTestApp();
  events = createAlarmEvents({ db: t.ctx.db, log });
  ingest = createIngest({ db: t.ctx.db, log, flushMs: 1, now: () => clock });
});
afterAll(() => t.close());

describe('fault events', () => {
  let p: FixturePlant;
  beforeAll(async () => {
    p = await addPlant(t, { org: 'Solartechnik Alpha', lastSeenAt: new Date(NOON) });
  });

  it('a raise opens one ongoing alarm with the library level; the device and plant go to FAULT', async () => {
    const inv = p.devices.INVERTER.sn;
    expect(await events.handle(p.dongleSn, event(inv, 'INV-GRID-OV', 'raised', NOON))).toBe('opened');
    const [a] = await alarmsOf(t, p.plantId);
    expect(a).toMatchObject({
      status: 'ONGOING',
      faultCode: 'INV-GRID-OV',
      alarmLevel: 'ERROR',
      deviceType: 'INVERTER',
      kind: 'EVENT',
      sourceSn: inv,
      deviceId: p.devices.INVERTER.id,
      endedAt: null,
    });
    expect(a!.startedAt.getTime()).toBe(NOON);
    expect(a!.latestAt.getTime()).toBe(NOON);
    expect(await statusOf(t, p)).toEqual({ device: 'FAULT', plant: 'FAULT' });
  });

  it('the same event again, or a later repeat, opens no second alarm; a repeat moves the latest time', async () => {
    const inv = p.devices.INVERTER.sn;
    expect(await events.handle(p.dongleSn, event(inv, 'INV-GRID-OV', 'raised', NOON))).toBe('repeated');
    expect(await events.handle(p.dongleSn, event(inv, 'INV-GRID-OV', 'raised', NOON + 5 * min))).toBe(
      'repeated',
    );
    const rows = await alarmsOf(t, p.plantId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.startedAt.getTime()).toBe(NOON);
    expect(rows[0]!.latestAt.getTime()).toBe(NOON + 5 * min);
  });

  it('a clear ends it at the device time; the device and plant are normal again', async () => {
    const inv = p.devices.INVERTER.sn;
    expect(await events.handle(p.dongleSn, event(inv, 'INV-GRID-OV', 'cleared', NOON + 12 * min))).toBe(
      'ended',
    );
    const [a] = await alarmsOf(t, p.plantId);
    expect(a).toMatchObject({ status: 'ENDED', endReason: 'CLEARED' });
    expect(a!.endedAt!.getTime()).toBe(NOON + 12 * min);
    expect(a!.latestAt.getTime()).toBe(NOON + 12 * min);
    expect(await statusOf(t, p)).toEqual({ device: 'ONLINE', plant: 'NORMAL' });
  });

  it('a repeated clear and a re-delivered old raise change nothing', async () => {
    const inv = p.devices.INVERTER.sn;
    expect(await events.handle(p.dongleSn, event(inv, 'INV-GRID-OV', 'cleared', NOON + 12 * min))).toBe(
      'ignored',
    );
    expect(await events.handle(p.dongleSn, event(inv, 'INV-GRID-OV', 'raised', NOON + 5 * min))).toBe(
      'ignored',
    );
    expect(await alarmsOf(t, p.plantId)).toHaveLength(1);
    expect(await statusOf(t, p)).toEqual({ device: 'ONLINE', plant: 'NORMAL' });
  });

  it('the fault coming back later is a new alarm', async () => {
    const inv = p.devices.INVERTER.sn;
    expect(await events.handle(p.dongleSn, event(inv, 'INV-GRID-OV', 'raised', NOON + 60 * min))).toBe(
      'opened',
    );
    const rows = await alarmsOf(t, p.plantId);
    expect(rows.map((r) => r.status)).toEqual(['ENDED', 'ONGOING']);
    await events.handle(p.dongleSn, event(inv, 'INV-GRID-OV', 'cleared', NOON + 61 * min));
  });

  it('a warning makes the device ABNORMAL and the plant WARNING; the worst ongoing level wins', async () => {
    const bat = p.devices.BATTERY.sn;
    await events.handle(p.dongleSn, event(bat, 'BAT-IMBALANCE', 'raised', NOON + 70 * min));
    expect(await statusOf(t, p, 'BATTERY')).toEqual({ device: 'ABNORMAL', plant: 'WARNING' });
    await events.handle(p.dongleSn, event(bat, 'BAT-CELL-OT', 'raised', NOON + 71 * min));
    expect(await statusOf(t, p, 'BATTERY')).toEqual({ device: 'FAULT', plant: 'FAULT' });
    await events.handle(p.dongleSn, event(bat, 'BAT-CELL-OT', 'cleared', NOON + 72 * min));
    expect(await statusOf(t, p, 'BATTERY')).toEqual({ device: 'ABNORMAL', plant: 'WARNING' });
    await events.handle(p.dongleSn, event(bat, 'BAT-IMBALANCE', 'cleared', NOON + 73 * min));
    expect(await statusOf(t, p, 'BATTERY')).toEqual({ device: 'ONLINE', plant: 'NORMAL' });
  });

  it('an info alarm changes no status; a code missing from the library opens at level GENERAL', async () => {
    const bat = p.devices.BATTERY.sn;
    await events.handle(p.dongleSn, event(bat, 'BAT-SOC-LOW', 'raised', NOON + 80 * min));
    expect(await statusOf(t, p, 'BATTERY')).toEqual({ device: 'ONLINE', plant: 'NORMAL' });
    await events.handle(p.dongleSn, event(bat, 'XYZ-999', 'raised', NOON + 81 * min));
    const [unknown] = await t.ctx.db.select().from(alarms).where(eq(alarms.faultCode, 'XYZ-999'));
    expect(unknown).toMatchObject({ alarmLevel: 'GENERAL', status: 'ONGOING' });
  });

  it('the dongle’s own fault is an alarm of the dongle and counts for the plant', async () => {
    await events.handle(p.dongleSn, event(p.dongleSn, 'DGL-RS485', 'raised', NOON + 90 * min));
    const [a] = await t.ctx.db.select().from(alarms).where(eq(alarms.faultCode, 'DGL-RS485'));
    expect(a).toMatchObject({
      deviceType: 'DONGLE',
      deviceId: null,
      dongleId: p.dongleId,
      sourceSn: p.dongleSn,
    });
    expect((await statusOf(t, p)).plant).toBe('FAULT');
    await events.handle(p.dongleSn, event(p.dongleSn, 'DGL-RS485', 'cleared', NOON + 91 * min));
    expect((await statusOf(t, p)).plant).toBe('NORMAL');
  });

  it('drops what a dongle says about another dongle’s device, bad payloads and far-future times', async () => {
    const other = await addPlant(t, { org: 'Energie Bravo', lastSeenAt: new Date(NOON) });
    const before = events.stats().dropped;
    expect(await events.handle(p.dongleSn, event(other.devices.INVERTER.sn, 'INV-ISO', 'raised', NOON))).toBe(
      'dropped',
    );
    expect(await events.handle(p.dongleSn, { msgId: 'x', ts: 'soon', deviceSn: 'A', state: 'on' })).toBe(
      'dropped',
    );
    expect(
      await events.handle(
        p.dongleSn,
        event(p.devices.INVERTER.sn, 'INV-ISO', 'raised', Date.now() + 24 * 3600_000),
      ),
    ).toBe('dropped');
    expect(events.stats().dropped - before).toBe(3);
    expect(await alarmsOf(t, other.plantId)).toHaveLength(0);
  });

  it('arrive through ingest from the event topic', async () => {
    const fresh = await addPlant(t, { org: 'Solartechnik Alpha', lastSeenAt: new Date(NOON) });
    const withEvents = createIngest({
      db: t.ctx.db,
      log,
      onOtherMessage: async (sn, kind, payload) => {
        if (kind === 'event') await events.handle(sn, payload);
      },
    });
    const body = event(fresh.devices.METER.sn, 'MTR-COMM', 'raised', NOON);
    await withEvents.handle(topics.event(fresh.dongleSn), Buffer.from(JSON.stringify(body)));
    expect((await alarmsOf(t, fresh.plantId)).map((a) => a.faultCode)).toEqual(['MTR-COMM']);
  });
});

describe('communication loss', () => {
  const SEEN = new Date(NOON);

  it('a dongle silent for three intervals opens one DGL-OFFLINE alarm, none per device behind it', async () => {
    const p = await addPlant(t, { org: 'Solartechnik Alpha', lastSeenAt: SEEN });
    expect(await detectSilence(t.ctx.db, new Date(NOON + 179_000))).toEqual([]);
    const opened = await detectSilence(t.ctx.db, new Date(NOON + 181_000));
    const rows = await alarmsOf(t, p.plantId);
    expect(rows.map((r) => [r.faultCode, r.deviceType, r.kind])).toEqual([['DGL-OFFLINE', 'DONGLE', 'COMM']]);
    expect(opened).toContain(rows[0]!.id);
    expect(rows[0]!.startedAt.getTime()).toBe(NOON);
    // Asked again: still one.
    await detectSilence(t.ctx.db, new Date(NOON + 400_000));
    expect(await alarmsOf(t, p.plantId)).toHaveLength(1);

    // The sweeper marks it offline; data coming back ends the alarm and brings the plant back.
    await sweepStale(t.ctx.db, new Date(NOON + 400_000));
    expect(await statusOf(t, p)).toEqual({ device: 'OFFLINE', plant: 'OFFLINE' });
    clock = NOON + 600_000;
    await sendInverter(ingest, p, NOON + 600_000, { power: 1000, pvPower: 1200 });
    const [ended] = await alarmsOf(t, p.plantId);
    expect(ended).toMatchObject({ status: 'ENDED', endReason: 'RECOVERED' });
    expect(ended!.endedAt!.getTime()).toBe(NOON + 600_000);
    expect((await statusOf(t, p)).device).toBe('ONLINE');
  });

  it('a device silent while its dongle reports opens its kind’s COMM-LOST alarm, ended by its data', async () => {
    const p = await addPlant(t, { org: 'Solartechnik Alpha', lastSeenAt: SEEN });
    await t.ctx.db
      .update(dongles)
      .set({ lastSeenAt: new Date(NOON + 300_000) })
      .where(eq(dongles.id, p.dongleId));
    await t.ctx.db
      .update(devices)
      .set({ lastSeenAt: new Date(NOON + 300_000) })
      .where(sql`${devices.plantId} = ${p.plantId} AND ${devices.kind} <> 'BATTERY'`);
    await detectSilence(t.ctx.db, new Date(NOON + 330_000));
    const rows = await alarmsOf(t, p.plantId);
    expect(rows.map((r) => [r.faultCode, r.sourceSn])).toEqual([['BAT-COMM-LOST', p.devices.BATTERY.sn]]);
    const payload = {
      msgId: 'bat-back',
      ts: NOON + 340_000,
      devices: [{ sn: p.devices.BATTERY.sn, kind: 'BATTERY', data: { soc: 50 } }],
    };
    clock = payload.ts;
    const stored = ingest.handle(topics.telemetry(p.dongleSn), Buffer.from(JSON.stringify(payload)));
    await ingest.flush();
    await stored;
    expect((await alarmsOf(t, p.plantId))[0]).toMatchObject({ status: 'ENDED', endReason: 'RECOVERED' });
  });

  it('a silence closed by hand is not reopened; the next silence after data is a new alarm', async () => {
    const p = await addPlant(t, { org: 'Solartechnik Alpha', lastSeenAt: SEEN });
    await detectSilence(t.ctx.db, new Date(NOON + 200_000));
    await t.ctx.db
      .update(alarms)
      .set({ status: 'ENDED', endReason: 'CLOSED', endedAt: new Date(NOON + 250_000) })
      .where(eq(alarms.plantId, p.plantId));
    await detectSilence(t.ctx.db, new Date(NOON + 500_000));
    expect(await alarmsOf(t, p.plantId)).toHaveLength(1);
    await t.ctx.db
      .update(dongles)
      .set({ lastSeenAt: new Date(NOON + 600_000) })
      .where(eq(dongles.id, p.dongleId));
    await detectSilence(t.ctx.db, new Date(NOON + 800_000));
    expect(await alarmsOf(t, p.plantId)).toHaveLength(2);
  });

  it('a PV plant without storage may sleep at night: no alarm until the sun is up; a storage plant is watched', async () => {
    const seen = new Date(MIDNIGHT - 3600_000);
    const pv = await addPlant(t, { org: 'Solartechnik Alpha', type: 'PHOTOVOLTAIC', lastSeenAt: seen });
    const storage = await addPlant(t, {
      org: 'Solartechnik Alpha',
      type: 'ENERGY_STORAGE',
      lastSeenAt: seen,
    });
    expect(sunAltitude(new Date(MIDNIGHT), 52.52, 13.405)).toBeLessThan(0);
    await detectSilence(t.ctx.db, new Date(MIDNIGHT));
    expect(await alarmsOf(t, pv.plantId)).toHaveLength(0);
    expect((await alarmsOf(t, storage.plantId)).map((a) => a.faultCode)).toEqual(['DGL-OFFLINE']);
    // Still silent at ten in the morning: now it counts, from when it went silent.
    await detectSilence(t.ctx.db, new Date(MIDNIGHT + 9.5 * 3600_000));
    const [late] = await alarmsOf(t, pv.plantId);
    expect(late).toMatchObject({ faultCode: 'DGL-OFFLINE', status: 'ONGOING' });
    expect(late!.startedAt.getTime()).toBe(seen.getTime());
  });
});

describe('no production in daylight', () => {
  /** Half an hour and more of readings every five minutes, ending at `end`. */
  async function readings(p: FixturePlant, end: number, pvPower: number) {
    for (let ts = end - 40 * min; ts <= end; ts += 5 * min) {
      clock = ts;
      await sendInverter(ingest, p, ts, { pvPower, power: pvPower });
    }
  }

  it('an inverter that produced nothing for half an hour at noon opens INV-NO-PROD; power back ends it', async () => {
    const p = await addPlant(t, {
      org: 'Solartechnik Alpha',
      type: 'PHOTOVOLTAIC',
      lastSeenAt: new Date(NOON),
      intervalSeconds: 300,
    });
    await readings(p, NOON, 0);
    const { opened } = await detectNoProduction(t.ctx.db, new Date(NOON + 1000));
    const rows = await alarmsOf(t, p.plantId);
    expect(rows.map((r) => [r.faultCode, r.kind, r.alarmLevel])).toEqual([
      ['INV-NO-PROD', 'NO_PRODUCTION', 'WARN'],
    ]);
    expect(opened).toEqual([rows[0]!.id]);
    expect(await statusOf(t, p)).toEqual({ device: 'ABNORMAL', plant: 'WARNING' });
    // Asked again: no second one.
    await detectNoProduction(t.ctx.db, new Date(NOON + 2000));
    expect(await alarmsOf(t, p.plantId)).toHaveLength(1);

    clock = NOON + 10 * min;
    await sendInverter(ingest, p, NOON + 10 * min, { pvPower: 2500, power: 2400 });
    const { ended } = await detectNoProduction(t.ctx.db, new Date(NOON + 11 * min));
    expect(ended).toEqual([rows[0]!.id]);
    const [after] = await alarmsOf(t, p.plantId);
    expect(after).toMatchObject({ status: 'ENDED', endReason: 'RECOVERED' });
    expect(await statusOf(t, p)).toEqual({ device: 'ONLINE', plant: 'NORMAL' });
  });

  it('nothing at night, and nothing for an inverter that reports some power', async () => {
    const night = await addPlant(t, {
      org: 'Solartechnik Alpha',
      type: 'PHOTOVOLTAIC',
      lastSeenAt: new Date(MIDNIGHT),
      intervalSeconds: 300,
    });
    await readings(night, MIDNIGHT, 0);
    await detectNoProduction(t.ctx.db, new Date(MIDNIGHT + 1000));
    expect(await alarmsOf(t, night.plantId)).toHaveLength(0);

    const cloudy = await addPlant(t, {
      org: 'Solartechnik Alpha',
      type: 'PHOTOVOLTAIC',
      lastSeenAt: new Date(NOON),
      intervalSeconds: 300,
    });
    await readings(cloudy, NOON + 3 * 3600_000, 400);
    await detectNoProduction(t.ctx.db, new Date(NOON + 3 * 3600_000 + 1000));
    expect(await alarmsOf(t, cloudy.plantId)).toHaveLength(0);
  });
});
