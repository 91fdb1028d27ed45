import { addDays, localMidnight, localTime } from '@pvstar/contract/calendar';
import { AlarmLevelSchema } from '@pvstar/contract/enums';
import { BACKLOG_AGE_MS, type EventPayload, topics } from '@pvstar/contract/mqtt';
import { PlantModel } from '@pvstar/simulator/model/plant';
import { seedOf } from '@pvstar/simulator/model/rng';
import { telemetryPayload } from '@pvstar/simulator/model/telemetry';
import { eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRow, sqlRows } from '../../src/db/rows.ts';
import { alarmNotifications, alarms, dongles, plants, users } from '../../src/db/schema/index.ts';
import { DAILY_COUNTERS, type DayEnergy, TOTAL_COUNTERS, ZERO_DAY_ENERGY } from '../../src/domain/energy.ts';
import { sweepStale } from '../../src/domain/status-sweeper.ts';
import { detectSilence } from '../../src/modules/alarm/alarm-comm.ts';
import { GATHER_SECONDS, sendAlarmMail } from '../../src/modules/alarm/alarm-notify.ts';
import { detectNoProduction, NO_PRODUCTION_WINDOW_MS } from '../../src/modules/alarm/alarm-production.ts';
import { startDeviceLoop, waitFor } from '../device-loop.ts';
import { addUser, buildTestApp, type TestApp } from '../helper.ts';
import { addSimulatedPlant, type SimulatedPlant } from '../simulated-plant.ts';

/**
 * A dongle offline for a day reconnects and uploads what it recorded meanwhile (requirements §R17.3;
 * docs/alarms.md). Real parts only: the embedded broker, ingest, the alarm engine's
 * periodic checks run as the jobs role runs them. The plant's readings come from the simulator's model.
 *
 * The dongle reported until yesterday noon (plant time), went silent, and comes back now with every
 * five-minute reading since, and the fault events its devices raised and cleared while it was away.
 */
const STEP_MS = 5 * 60_000;
const min = 60_000;
const hour = 60 * min;

let t: TestApp;
let loop: Awaited<ReturnType<typeof startDeviceLoop>>;
let sim: SimulatedPlant;
let recipient: Awaited<ReturnType<typeof addUser>>;
let dongle: MqttClient;
const zone = 'Europe/Berlin';
const NOW = Math.floor(Date.now() / STEP_MS) * STEP_MS;
/** Yesterday noon at the plant: the last message before the outage. */
const OFF = localMidnight(addDays(localTime(NOW, zone).date, -1), zone) + 12 * hour;
const FIRST = OFF - 2 * hour;

type Message = { topic: string; ts: number; body: object };
/** What the dongle sends, oldest first: readings every five minutes, and its fault events. */
let before: Message[];
let backlog: Message[];
/**
 * The inverter's energy per plant day from what the dongle sent: the increases of its lifetime counters
 * from one reading to the next (its first reading: its daily counters, the energy of its day so far).
 */
const counters = new Map<string, DayEnergy>();

/** The plant as the simulator models it, read every five minutes from `FIRST` to `NOW`. */
function recordings(): Message[] {
  const def = sim.dongle.def;
  const model = new PlantModel(
    def.plant,
    def.devices,
    seedOf(def.sn),
    localMidnight(addDays(localTime(FIRST, zone).date, -1), zone),
  );
  const inv = sim.inverter.sn;
  const bat = sim.battery.sn;
  // Two episodes of a grid fault, and a battery fault the device repeated (it restarted) before it cleared.
  const events: [number, string, string, EventPayload['state']][] = [
    [OFF + 3 * hour, inv, 'INV-GRID-OV', 'raised'],
    [OFF + 3 * hour + 20 * min, inv, 'INV-GRID-OV', 'cleared'],
    [OFF + 5 * hour, inv, 'INV-GRID-OV', 'raised'],
    [OFF + 5 * hour + 10 * min, inv, 'INV-GRID-OV', 'cleared'],
    [OFF + 8 * hour, bat, 'BAT-BMS-COMM', 'raised'],
    [OFF + 9 * hour, bat, 'BAT-BMS-COMM', 'raised'],
    [OFF + 10 * hour, bat, 'BAT-BMS-COMM', 'cleared'],
  ];
  const active = new Map<string, Set<string>>();
  const out: Message[] = [];
  let prev: Record<string, number> | undefined;
  for (let ts = FIRST; ts <= NOW; ts += STEP_MS) {
    for (const [at, device, code, state] of events.filter(([at]) => at > ts - STEP_MS && at <= ts)) {
      out.push({
        topic: topics.event(def.sn),
        ts: at,
        body: { msgId: `e-${code}-${at}`, ts: at, deviceSn: device, faultCode: code, state },
      });
      const codes = active.get(device) ?? new Set<string>();
      if (state === 'raised') codes.add(code);
      else codes.delete(code);
      active.set(device, codes);
    }
    const sample = model.advanceTo(ts);
    const payload = telemetryPayload(`t-${ts}`, {
      plant: def.plant,
      system: model.system,
      devices: def.devices,
      sample: { ...sample, ts },
      counters: model.counters,
      faults: active,
    });
    out.push({ topic: topics.telemetry(def.sn), ts, body: payload });
    const data = payload.devices.find((d) => d.sn === inv)!.data;
    const day = localTime(ts, zone).date;
    const e = counters.get(day) ?? { ...ZERO_DAY_ENERGY };
    for (const field of Object.keys(e) as (keyof DayEnergy)[])
      e[field] += prev
        ? data[TOTAL_COUNTERS[field]]! - prev[TOTAL_COUNTERS[field]]!
        : data[DAILY_COUNTERS[field]]!;
    counters.set(day, e);
    prev = data;
  }
  return out;
}

async function send(messages: Message[]) {
  for (const m of messages) await dongle.publishAsync(m.topic, JSON.stringify(m.body), { qos: 1 });
}

const telemetryCount = (messages: Message[]) => messages.filter((m) => m.topic.endsWith('/telemetry')).length;

async function storedSamples(): Promise<number> {
  const row = await sqlRow<{ n: number }>(
    t.ctx.db,
    sql`
    SELECT count(*)::int AS n FROM telemetry_samples WHERE device_id = ${sim.inverter.id}`,
  );
  return row?.n ?? 0;
}

/** A day's energy as a roll-up keeps it: the inverter's (device_energy_daily) or the plant's. */
async function dayEnergy(of: 'device' | 'plant', day: string): Promise<DayEnergy | undefined> {
  const where =
    of === 'device'
      ? sql`device_energy_daily WHERE device_id = ${sim.inverter.id}`
      : sql`plant_energy_daily WHERE plant_id = ${sim.plantId}`;
  return sqlRow<DayEnergy>(
    t.ctx.db,
    sql`
    SELECT generation, consumption, charge, discharge, feed_in AS "feedIn", purchase
    FROM ${where} AND day = ${day}`,
  );
}

async function deviceStatuses() {
  const rows = await sqlRows<{ status: string }>(
    t.ctx.db,
    sql`SELECT status FROM devices WHERE plant_id = ${sim.plantId} ORDER BY id`,
  );
  return rows.map((r) => r.status);
}

/** What the periodic part of the alarm engine does every tick (alarm-watch.ts), at `now`. */
async function jobsTick(now: Date) {
  await sweepStale(t.ctx.db, now);
  await detectSilence(t.ctx.db, now);
  await detectNoProduction(t.ctx.db, now);
}

beforeAll(async () => {
  t = await buildTestApp();
  loop = await startDeviceLoop(t);
  sim = await addSimulatedPlant(t, { org: 'Solartechnik Alpha', brokerUrl: loop.brokerUrl });
  recipient = await addUser(t, { org: 'Solartechnik Alpha', roles: ['INSTALLER_ADMIN'] });
  await t.ctx.db
    .update(users)
    .set({ alarmNotifyLevels: [...AlarmLevelSchema.options], lang: 'en-GB' })
    .where(eq(users.id, recipient.id));
  const all = recordings();
  before = all.filter((m) => m.ts <= OFF);
  backlog = all.filter((m) => m.ts > OFF);
  dongle = await mqtt.connectAsync(loop.brokerUrl, {
    clientId: sim.dongleSn,
    username: sim.dongleSn,
    password: sim.dongle.def.secret,
    clean: false,
    protocolVersion: 4,
  });
}, 60_000);
afterAll(async () => {
  await dongle?.endAsync();
  await loop?.stop();
  await t?.close();
});

describe('a dongle offline for a day uploads its backlog', () => {
  it('before: it reported until noon yesterday, then went silent; the outage opens one alarm', async () => {
    await send(before);
    await waitFor(async () => (await storedSamples()) === telemetryCount(before), 20_000, 'the readings');
    // Those readings arrived back then (sent now, they are history: docs/protocol.md "Backlogs"), so the
    // server stands as they left it: the dongle last heard of at its last one, its five-minute interval
    // learnt, its devices online.
    await t.ctx.db
      .update(dongles)
      .set({
        lastSeenAt: new Date(OFF),
        lastTelemetryAt: new Date(OFF),
        status: 'ONLINE',
        intervalSeconds: 300,
        lastGapSeconds: 300,
        previousGapSeconds: 300,
      })
      .where(eq(dongles.id, sim.dongleId));
    await t.ctx.db.execute(sql`UPDATE devices SET status = 'ONLINE' WHERE plant_id = ${sim.plantId}`);
    await t.ctx.db.execute(sql`UPDATE plants SET status = 'NORMAL' WHERE id = ${sim.plantId}`);
    // The jobs role's checks through the silent day, every half hour.
    for (let at = OFF + 30 * min; at < NOW; at += 30 * min) await jobsTick(new Date(at));

    const opened = await t.ctx.db.select().from(alarms).where(eq(alarms.plantId, sim.plantId));
    expect(opened.map((a) => [a.faultCode, a.status])).toEqual([['DGL-OFFLINE', 'ONGOING']]);
    expect(opened[0]!.startedAt.getTime()).toBe(OFF);
    const [status] = await t.ctx.db
      .select({ status: plants.status })
      .from(plants)
      .where(eq(plants.id, sim.plantId));
    expect(status!.status).toBe('OFFLINE');
  });

  it('uploading (slowly, with the checks running): every reading stored once, the days recomputed, no alarm storm', async () => {
    const yesterday = localTime(OFF, zone).date;
    const partial = await dayEnergy('device', yesterday);
    expect(partial).toBeDefined();

    // In chunks of four hours, the periodic checks running between them as they would while a slow
    // upload is under way.
    // The third chunk starts with the first five hours again, as after a reconnect in the middle of the
    // upload: readings and events already stored change nothing (an old "raised" after its "cleared" too).
    const chunk = 4 * (hour / STEP_MS);
    const uploadStarted = Date.now();
    for (let i = 0; i < backlog.length; i += chunk) {
      const part = backlog.slice(i, i + chunk);
      await send(i === 2 * chunk ? [...backlog.filter((m) => m.ts <= OFF + 5 * hour), ...part] : part);
      const want = telemetryCount(before) + telemetryCount(backlog.slice(0, i + chunk));
      await waitFor(async () => (await storedSamples()) === want, 20_000, 'the backlog');
      await jobsTick(new Date());
      // History does not describe now (docs/protocol.md "Backlogs"): until the chunk with readings of the
      // present, the devices stay offline, the plant too, and it has no power now; the dongle, heard again,
      // is online. No device is found silent meanwhile (the alarms below).
      if (part.at(-1)!.ts < Date.now() - BACKLOG_AGE_MS) {
        expect(await deviceStatuses(), `after chunk ${i / chunk + 1}`).toEqual(['OFFLINE', 'OFFLINE']);
        expect(
          await sqlRow(
            t.ctx.db,
            sql`
            SELECT p.status AS plant, g.status AS dongle, coalesce(n.pv, 0)::float8 AS pv
            FROM plants p JOIN dongles g ON g.plant_id = p.id LEFT JOIN plant_power_now n ON n.plant_id = p.id
            WHERE p.id = ${sim.plantId}`,
          ),
        ).toEqual({ plant: 'OFFLINE', dongle: 'ONLINE', pv: 0 });
      }
    }

    // Every reading once, for both devices.
    const wanted = telemetryCount(before) + telemetryCount(backlog);
    const perDevice = await sqlRows(
      t.ctx.db,
      sql`
      SELECT device_id, count(*)::int AS n, count(DISTINCT ts)::int AS distinct_ts
      FROM telemetry_samples WHERE device_id IN (${sim.inverter.id}, ${sim.battery.id}) GROUP BY 1 ORDER BY 1`,
    );
    expect(perDevice).toEqual([
      { device_id: sim.inverter.id, n: wanted, distinct_ts: wanted },
      { device_id: sim.battery.id, n: wanted, distinct_ts: wanted },
    ]);

    // Each plant day is what the inverter's counters say: yesterday was recomputed with its afternoon.
    const after = await dayEnergy('device', yesterday);
    expect(after!.consumption).toBeGreaterThan(partial!.consumption);
    for (const [day, e] of counters)
      for (const of of ['device', 'plant'] as const) {
        const stored = await dayEnergy(of, day);
        expect(stored, `${of} ${day}`).toBeDefined();
        for (const k of Object.keys(e) as (keyof DayEnergy)[])
          expect(stored![k], `${of} ${day} ${k}`).toBeCloseTo(e[k], 6);
      }
    // The months and the organisation's days follow the plant days.
    const months = await sqlRows<Record<string, number>>(
      t.ctx.db,
      sql`
      SELECT m.month, m.generation, m.consumption, d.generation AS day_generation, d.consumption AS day_consumption
      FROM plant_energy_monthly m JOIN (
        SELECT date_trunc('month', day)::date AS month, sum(generation) AS generation, sum(consumption) AS consumption
        FROM plant_energy_daily WHERE plant_id = ${sim.plantId} GROUP BY 1) d ON d.month = m.month
      WHERE m.plant_id = ${sim.plantId}`,
    );
    expect(months.length).toBeGreaterThan(0);
    for (const m of months) {
      expect(m.generation).toBeCloseTo(m.day_generation!, 6);
      expect(m.consumption).toBeCloseTo(m.day_consumption!, 6);
    }
    const orgDays = await sqlRows<Record<string, number>>(
      t.ctx.db,
      sql`
      SELECT o.day, sum(o.generation) AS generation, sum(o.consumption) AS consumption,
        (SELECT sum(e.generation) FROM plant_energy_daily e JOIN plants p ON p.id = e.plant_id
          WHERE p.org_id = o.org_id AND e.day = o.day) AS plant_generation,
        (SELECT sum(e.consumption) FROM plant_energy_daily e JOIN plants p ON p.id = e.plant_id
          WHERE p.org_id = o.org_id AND e.day = o.day) AS plant_consumption
      FROM org_energy_daily o JOIN plants p ON p.org_id = o.org_id AND p.id = ${sim.plantId}
      GROUP BY o.org_id, o.day`,
    );
    expect(orgDays.length).toBe(counters.size);
    for (const o of orgDays) {
      expect(o.generation).toBeCloseTo(o.plant_generation!, 6);
      expect(o.consumption).toBeCloseTo(o.plant_consumption!, 6);
    }

    // No storm: the outage is one alarm, ended when the upload came (the cloud heard the dongle again,
    // whatever the age of what it sent); each fault episode is one
    // alarm, ended when the device said so; the repeated raise added none; no communication loss of a
    // device, no "no production" from old readings; nothing left open.
    const all = (
      await t.ctx.db.select().from(alarms).where(eq(alarms.plantId, sim.plantId)).orderBy(alarms.startedAt)
    ).filter(
      // A dark sky now may stop the inverter's production for real: judged on today's last half hour, that
      // alarm is right; none may come from the backlog.
      (a) => a.faultCode !== 'INV-NO-PROD' || a.startedAt.getTime() < NOW - NO_PRODUCTION_WINDOW_MS - STEP_MS,
    );
    expect(
      all.map((a) => [
        a.faultCode,
        a.status,
        a.endReason,
        a.startedAt.getTime() - OFF,
        a.faultCode === 'DGL-OFFLINE'
          ? a.endedAt!.getTime() >= uploadStarted && a.endedAt!.getTime() <= Date.now()
          : a.endedAt && a.endedAt.getTime() - OFF,
      ]),
    ).toEqual([
      ['DGL-OFFLINE', 'ENDED', 'RECOVERED', 0, true],
      ['INV-GRID-OV', 'ENDED', 'CLEARED', 3 * hour, 3 * hour + 20 * min],
      ['INV-GRID-OV', 'ENDED', 'CLEARED', 5 * hour, 5 * hour + 10 * min],
      ['BAT-BMS-COMM', 'ENDED', 'CLEARED', 8 * hour, 10 * hour],
    ]);
    const status = await sqlRow(
      t.ctx.db,
      sql`
      SELECT (SELECT status FROM plants WHERE id = ${sim.plantId}) AS plant,
        (SELECT array_agg(status ORDER BY id) FROM devices WHERE plant_id = ${sim.plantId}) AS devices`,
    );
    expect(status).toEqual({ plant: 'NORMAL', devices: ['ONLINE', 'ONLINE'] });

    // The mail: one per recipient, however many alarms the day brought.
    const now = Date.now() + (GATHER_SECONDS + 1) * 1000;
    await sendAlarmMail(t.ctx.db, { title: 'PVSTAR', now: new Date(now) });
    const mails = await t.outboxFor(recipient.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`[PVSTAR] ${all.length} new alarms on your plants`);
    for (const code of ['DGL-OFFLINE', 'INV-GRID-OV', 'BAT-BMS-COMM']) expect(mails[0]!.body).toContain(code);
    const perUser = await sqlRows<{ user_id: number }>(
      t.ctx.db,
      sql`
      SELECT n.user_id, count(*)::int AS n FROM ${alarmNotifications} n
      JOIN ${alarms} a ON a.id = n.alarm_id WHERE a.plant_id = ${sim.plantId} GROUP BY 1`,
    );
    for (const row of perUser) {
      const [u] = await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, row.user_id));
      expect(await t.outboxFor(u!.email!)).toHaveLength(1);
    }
    // A day's upload at the dongle's pace takes ~25 s on a quiet machine: room for a busy one.
  }, 120_000);
  it('a device missing from its dongle’s messages is still found silent, in the dongle’s time', async () => {
    const other = await addSimulatedPlant(t, { org: 'Solartechnik Alpha', brokerUrl: loop.brokerUrl });
    const client = await mqtt.connectAsync(loop.brokerUrl, {
      clientId: other.dongleSn,
      username: other.dongleSn,
      password: other.dongle.def.secret,
      clean: false,
      protocolVersion: 4,
    });
    // Both devices until an hour ago, then the inverter alone (the battery's link to the dongle broke).
    const start = NOW - 2 * hour;
    let sent = 0;
    for (let ts = start; ts <= NOW - 10 * min; ts += STEP_MS) {
      const withBattery = ts <= NOW - hour;
      const body = {
        msgId: `o-${ts}`,
        ts,
        devices: [
          { sn: other.inverter.sn, kind: 'INVERTER', data: { power: 500, pvPower: 600 } },
          ...(withBattery ? [{ sn: other.battery.sn, kind: 'BATTERY', data: { soc: 50 } }] : []),
        ],
      };
      await client.publishAsync(topics.telemetry(other.dongleSn), JSON.stringify(body), { qos: 1 });
      sent++;
    }
    await client.endAsync();
    await waitFor(
      async () =>
        (
          await sqlRow<{ n: number }>(
            t.ctx.db,
            sql`
              SELECT count(*)::int AS n FROM telemetry_samples WHERE device_id = ${other.inverter.id}`,
          )
        )?.n === sent,
      20_000,
      'the readings',
    );
    await jobsTick(new Date());
    const opened = await t.ctx.db.select().from(alarms).where(eq(alarms.plantId, other.plantId));
    expect(opened.map((a) => [a.faultCode, a.sourceSn, a.startedAt.getTime()])).toEqual([
      ['BAT-COMM-LOST', other.battery.sn, NOW - hour],
    ]);
  });
});
