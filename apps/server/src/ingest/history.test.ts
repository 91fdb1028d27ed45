import { BACKLOG_AGE_MS } from '@pvstar/contract/mqtt';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDongle, startIngestBehind, type Via } from '../../test/dongle-ingest.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { sqlRow } from '../db/rows.ts';

/**
 * Backlogs stay in the past (issue 32, docs/protocol.md "Backlogs"): a dongle silent for three weeks comes
 * back and uploads what it recorded, one reading a message and many in one, over MQTT into ingest behind
 * the embedded broker (and Mosquitto where MQTT_URL is set), on PGlite and on PostgreSQL (test:pg). History
 * fills the charts, the energy and the device's newest values; "power now", the statuses and the learnt
 * interval stay as they were until a reading of the present arrives.
 */
const STEP_MS = 5 * 60_000;
const DAY_MS = 24 * 3600_000;
const vias: Via[] = ['embedded', ...(process.env.MQTT_URL ? (['mosquitto'] as const) : [])];

describe.each(vias)('a backlog upload (%s broker)', (via) => {
  let t: TestApp;
  let pipeline: Awaited<ReturnType<typeof startIngestBehind>>;
  let plant: Awaited<ReturnType<typeof addDongle>>;
  let dongle: MqttClient;
  const NOW = Math.floor(Date.now() / STEP_MS) * STEP_MS;
  /** The dongle's last message before its outage. */
  const SILENT_SINCE = NOW - 21 * DAY_MS;
  let sent = 0;

  const reading = (ts: number, pvPower: number, totalGeneration: number) => ({
    ts,
    devices: [
      { sn: plant.inverter.sn, kind: 'INVERTER', data: { pvPower, power: pvPower, totalGeneration } },
      { sn: plant.battery.sn, kind: 'BATTERY', data: { soc: 50 } },
    ],
  });
  /** The inverter's counter at `ts`: 1.2 kW since the outage began. */
  const counterAt = (ts: number) => 1000 + ((ts - SILENT_SINCE) / STEP_MS) * 0.1;
  const publish = (body: object) =>
    dongle.publishAsync(plant.topics.telemetry, JSON.stringify({ msgId: `h-${sent++}`, ...body }), {
      qos: 1,
    });
  const stored = async () =>
    (await sqlRow<{ n: number }>(
      t.ctx.db,
      sql`SELECT count(*)::int AS n FROM telemetry_samples WHERE device_id = ${plant.inverter.id}`,
    ))!.n;
  /** Until `count` readings of the inverter are stored: through Mosquitto, a PUBACK comes before ingest has them. */
  const settle = async (count: number) => {
    const until = Date.now() + 30_000;
    while ((await stored()) < count) {
      if (Date.now() > until) throw new Error(`${await stored()} of ${count} readings stored`);
      await pipeline.ingest.flush();
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /** What the pages read: statuses, the newest values, the plant's power now, the dongle's interval. */
  const now = () =>
    sqlRow<Record<string, unknown>>(
      t.ctx.db,
      sql`
      SELECT p.status AS plant, d.status AS inverter, b.status AS battery,
        ${sql`extract(epoch FROM l.ts) * 1000`}::float8 AS latest_ts, (l.data->>'pvPower')::float8 AS latest_pv,
        coalesce(n.pv, 0)::float8 AS power_now, g.interval_seconds AS interval,
        ${sql`extract(epoch FROM g.last_telemetry_at) * 1000`}::float8 AS last_telemetry
      FROM plants p JOIN devices d ON d.id = ${plant.inverter.id} JOIN devices b ON b.id = ${plant.battery.id}
      JOIN dongles g ON g.id = d.dongle_id LEFT JOIN device_latest l ON l.device_id = d.id
      LEFT JOIN plant_power_now n ON n.plant_id = p.id
      WHERE p.id = ${plant.plantId}`,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    pipeline = await startIngestBehind(t, via);
    plant = await addDongle(t, pipeline.brokerUrl);
    // Three weeks ago the dongle sent its last reading (2 kW); the sweep then found it and its devices
    // silent. That is the state the server is in when it comes back.
    const last = sql`${plant.inverter.id}, ${new Date(SILENT_SINCE).toISOString()}::timestamptz,
      ${JSON.stringify({ pvPower: 2000, power: 2000, totalGeneration: counterAt(SILENT_SINCE) })}::jsonb`;
    await t.ctx.db.execute(sql`INSERT INTO telemetry_samples (device_id, ts, data) VALUES (${last})`);
    await t.ctx.db.execute(sql`INSERT INTO device_latest (device_id, ts, data) VALUES (${last})`);
    await t.ctx.db.execute(sql`
      UPDATE devices SET status = 'OFFLINE', last_seen_at = ${new Date(SILENT_SINCE).toISOString()}::timestamptz
      WHERE plant_id = ${plant.plantId}`);
    await t.ctx.db.execute(sql`
      UPDATE dongles SET status = 'OFFLINE', interval_seconds = 300, last_gap_seconds = 300, previous_gap_seconds = 300,
        last_seen_at = ${new Date(SILENT_SINCE).toISOString()}::timestamptz,
        last_telemetry_at = ${new Date(SILENT_SINCE).toISOString()}::timestamptz
      WHERE id = ${plant.dongleId}`);
    await t.ctx.db.execute(sql`UPDATE plants SET status = 'OFFLINE' WHERE id = ${plant.plantId}`);
    dongle = await plant.connect();
  }, 60_000);
  afterAll(async () => {
    await dongle?.endAsync();
    await pipeline?.stop();
    await t?.close();
  });

  it('fills history without moving power now, a status or the learnt interval', async () => {
    const before = await now();
    expect(before).toMatchObject({ plant: 'OFFLINE', inverter: 'OFFLINE', power_now: 0, interval: 300 });
    // The first hour of the outage one reading a message (4 kW, a minute apart: a dongle's backlog pace
    // teaches nothing of its interval), then the rest of it up to an hour ago in messages of 288 readings.
    const single = [...Array(60).keys()].map((i) => SILENT_SINCE + (i + 1) * 60_000);
    for (const ts of single) await publish(reading(ts, 4000, counterAt(ts)));
    const batched: number[] = [];
    for (let ts = SILENT_SINCE + DAY_MS; ts <= NOW - 3600_000; ts += STEP_MS) batched.push(ts);
    for (let i = 0; i < batched.length; i += 288)
      await publish({ readings: batched.slice(i, i + 288).map((ts) => reading(ts, 4000, counterAt(ts))) });
    await settle(1 + single.length + batched.length);

    // History is complete and metered: the days add up to the counter's increase over the outage.
    expect(await stored()).toBe(1 + single.length + batched.length);
    const energy = await sqlRow<{ kwh: number }>(
      t.ctx.db,
      sql`SELECT sum(generation)::float8 AS kwh FROM device_energy_daily WHERE device_id = ${plant.inverter.id}`,
    );
    expect(energy!.kwh).toBeCloseTo(counterAt(batched.at(-1)!) - counterAt(SILENT_SINCE), 6);
    // The device's newest values are the backlog's last (shown with their time), but nothing of now moved:
    // nothing is online, no power now, the interval is the one learnt live, and the dongle's newest
    // present message is still its last one.
    expect(await now()).toEqual({
      ...before,
      latest_ts: batched.at(-1),
      latest_pv: 4000,
      interval: 300,
      last_telemetry: SILENT_SINCE,
    });
  });

  it('a reading of the present brings the plant back with its power now', async () => {
    const ts = Date.now() - 1000;
    const n = await stored();
    await publish(reading(ts, 3500, counterAt(NOW)));
    await settle(n + 1);
    expect(await now()).toMatchObject({
      plant: 'NORMAL',
      inverter: 'ONLINE',
      battery: 'ONLINE',
      latest_ts: ts,
      latest_pv: 3500,
      power_now: 3500,
      last_telemetry: ts,
    });
  });

  it('the present is BACKLOG_AGE_MS deep: a reading just outside it leaves a device offline, one inside brings it back', async () => {
    await dongle.publishAsync(plant.topics.status, 'offline', { qos: 1, retain: true });
    await pipeline.ingest.flush();
    const until = Date.now() + 20_000;
    while ((await now())!.inverter !== 'OFFLINE' && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    expect(await now()).toMatchObject({ plant: 'OFFLINE', inverter: 'OFFLINE', power_now: 0 });

    const n = await stored();
    await publish(reading(Date.now() - BACKLOG_AGE_MS - 60_000, 1234, counterAt(NOW)));
    await settle(n + 1);
    expect(await now()).toMatchObject({ plant: 'OFFLINE', inverter: 'OFFLINE', power_now: 0 });

    await publish(reading(Date.now() - BACKLOG_AGE_MS + 60_000, 1234, counterAt(NOW)));
    await settle(n + 2);
    // Back online; its newest values are still the newer reading of the test before.
    expect(await now()).toMatchObject({
      plant: 'NORMAL',
      inverter: 'ONLINE',
      latest_pv: 3500,
      power_now: 3500,
    });
  });
});
