import { topics } from '@pvstar/contract/mqtt';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIngestBehind, type Via } from '../../test/dongle-ingest.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { sqlRow, sqlRows } from '../db/rows.ts';
import { devices, dongles, plants } from '../db/schema/index.ts';
import { issueDongleSecret } from '../modules/device/dongle-credentials.ts';
import { recomputeEnergy } from './energy-recompute.ts';

/**
 * Registers that glitch, as real dongles send them (issue 32): over MQTT into ingest behind the embedded
 * broker (and Mosquitto where MQTT_URL is set), on PGlite and on PostgreSQL (test:pg). Each case is one
 * inverter of a 10 kW plant (or of a 0.85 kWp balcony plant) on 21 June 2026 in Berlin; the figures are the
 * issue's, whose truth is what the counters imply without the glitch.
 */
const DAY = '2026-06-21';
const at = (hhmm: string) => Date.parse(`${DAY}T${hhmm}:00+02:00`);

const vias: Via[] = ['embedded', ...(process.env.MQTT_URL ? (['mosquitto'] as const) : [])];

describe.each(vias)('glitching registers (%s broker)', (via) => {
  let t: TestApp;
  let pipeline: Awaited<ReturnType<typeof startIngestBehind>>;
  let dongle: MqttClient;
  let dongleSn: string;
  const inverters = new Map<string, number>();
  let balconyPlant: number;
  let n = 0;

  /** One message of one inverter, published at QoS 1 as the dongle does. */
  const send = (sn: string, ts: number, data: Record<string, number>) =>
    dongle.publishAsync(
      topics.telemetry(dongleSn),
      JSON.stringify({ msgId: `g-${n++}`, ts, devices: [{ sn, kind: 'INVERTER', data }] }),
      { qos: 1 },
    );
  const day = async (sn: string) =>
    (await sqlRow<{ generation: number; feed_in_value: number; self_value: number }>(
      t.ctx.db,
      sql`SELECT generation, feed_in_value, self_value FROM device_energy_daily WHERE device_id = ${inverters.get(sn)!} AND day = ${DAY}`,
    )) ?? { generation: 0, feed_in_value: 0, self_value: 0 };
  const setAside = (sn: string) =>
    sqlRows<{ reason: string; counter: string; value: number }>(
      t.ctx.db,
      sql`SELECT reason, counter, value FROM set_aside_readings WHERE device_id = ${inverters.get(sn)!} ORDER BY ts`,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    pipeline = await startIngestBehind(t, via);
    const suffix = `${process.pid}${via === 'embedded' ? 'E' : 'M'}`;
    dongleSn = `DGL-GL-${suffix}`;
    const [plant, balcony] = await t.ctx.db
      .insert(plants)
      .values([
        {
          plantNo: `P-GL-${suffix}`,
          orgId: 3,
          name: 'Glitch plant',
          type: 'PHOTOVOLTAIC',
          installedCapacity: 10,
          feedInPrice: 0.08,
          purchasePrice: 0.3,
        },
        {
          plantNo: `P-GLB-${suffix}`,
          orgId: 3,
          name: 'Balcony plant',
          type: 'BALCONY',
          installedCapacity: 0.85,
          feedInPrice: 0.08,
          purchasePrice: 0.3,
        },
      ] as (typeof plants.$inferInsert)[])
      .returning({ id: plants.id });
    balconyPlant = balcony!.id;
    const issued = issueDongleSecret();
    const [d] = await t.ctx.db
      .insert(dongles)
      .values({ sn: dongleSn, plantId: plant!.id, secretHash: issued.secretHash })
      .returning({ id: dongles.id });
    const [db] = await t.ctx.db
      .insert(dongles)
      .values({ sn: `${dongleSn}B`, plantId: balconyPlant, secretHash: issued.secretHash })
      .returning({ id: dongles.id });
    for (const name of ['DIP', 'TORN', 'DAILY', 'BOUND']) {
      const [row] = await t.ctx.db
        .insert(devices)
        .values({
          sn: `INV-${name}-${suffix}`,
          dongleId: d!.id,
          plantId: plant!.id,
          kind: 'INVERTER',
          ratedPower: 10_000,
        })
        .returning({ id: devices.id });
      inverters.set(`INV-${name}-${suffix}`, row!.id);
    }
    // The balcony inverter reports through the plant's own dongle in this test: one connection.
    const [b] = await t.ctx.db
      .insert(devices)
      .values({ sn: `INV-BALC-${suffix}`, dongleId: d!.id, plantId: balconyPlant, kind: 'INVERTER' })
      .returning({ id: devices.id });
    inverters.set(`INV-BALC-${suffix}`, b!.id);
    void db;
    await t.ctx.brokerCredentials.issued([{ sn: dongleSn, secret: issued.secret }]);
    await t.ctx.brokerCredentials.committed([dongleSn]);
    dongle = await mqtt.connectAsync(pipeline.brokerUrl, {
      clientId: dongleSn,
      username: dongleSn,
      password: issued.secret,
      protocolVersion: 4,
      clean: false,
      reconnectPeriod: 0,
    });
  }, 60_000);
  afterAll(async () => {
    await dongle?.endAsync();
    await pipeline?.stop();
    await t?.close();
  });
  const sn = (name: string) => `INV-${name}-${process.pid}${via === 'embedded' ? 'E' : 'M'}`;
  /** Until the device's `count` readings are stored: through Mosquitto, a PUBACK comes before ingest has them. */
  const settle = async (name: string, count: number) => {
    const until = Date.now() + 20_000;
    for (;;) {
      await pipeline.ingest.flush();
      const row = await sqlRow<{ n: number }>(
        t.ctx.db,
        sql`SELECT count(*)::int AS n FROM telemetry_samples WHERE device_id = ${inverters.get(sn(name))!}`,
      );
      if (row!.n >= count) return;
      if (Date.now() > until) throw new Error(`${name}: ${row!.n} of ${count} readings stored`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('a lifetime counter that reads 0.01 kWh lower is a dip, not a reset: the day is 0.0052 kWh', async () => {
    await send(sn('DIP'), at('10:00'), { totalGeneration: 1025.4648 });
    await send(sn('DIP'), at('10:05'), { totalGeneration: 1025.4548 });
    await send(sn('DIP'), at('10:10'), { totalGeneration: 1025.47 });
    await settle('DIP', 3);
    const d = await day(sn('DIP'));
    expect(d.generation).toBeCloseTo(0.0052, 9);
    // Self-consumed at the purchase price: 0.0052 × 0.30 €.
    expect(d.self_value).toBeCloseTo(0.0052 * 0.3, 9);
    expect(await setAside(sn('DIP'))).toEqual([
      { reason: 'DIP', counter: 'totalGeneration', value: 1025.4548 },
    ]);
  });

  it('a torn 32-bit read (+65.536 kWh, then the true value) counts neither: 0.12 kWh', async () => {
    await send(sn('TORN'), at('10:00'), { totalGeneration: 2000 });
    await send(sn('TORN'), at('10:05'), { totalGeneration: 2065.536 });
    await send(sn('TORN'), at('10:10'), { totalGeneration: 2000.06 });
    await send(sn('TORN'), at('10:15'), { totalGeneration: 2000.12 });
    await settle('TORN', 4);
    expect((await day(sn('TORN'))).generation).toBeCloseTo(0.12, 9);
    expect((await setAside(sn('TORN'))).map((r) => r.reason)).toEqual(['JUMP']);
  });

  it('a daily counter that dips once at noon does not double the day: 10.10 kWh', async () => {
    await send(sn('DAILY'), at('12:00'), { dailyGeneration: 10 });
    await send(sn('DAILY'), at('12:05'), { dailyGeneration: 9.99 });
    await send(sn('DAILY'), at('12:10'), { dailyGeneration: 10.1 });
    await settle('DAILY', 3);
    expect((await day(sn('DAILY'))).generation).toBeCloseTo(10.1, 9);
  });

  it('999,000,000 kWh from a 0.85 kWp balcony plant is set aside; its day and its plant stay true', async () => {
    await send(sn('BALC'), at('11:00'), { totalGeneration: 4394.2 });
    await send(sn('BALC'), at('11:05'), { totalGeneration: 999_000_000 });
    await send(sn('BALC'), at('11:10'), { totalGeneration: 4394.25 });
    await settle('BALC', 3);
    expect((await day(sn('BALC'))).generation).toBeCloseTo(0.05, 9);
    const plantDay = await sqlRow<{ generation: number; revenue: number }>(
      t.ctx.db,
      sql`SELECT generation, revenue FROM plant_energy_daily WHERE plant_id = ${balconyPlant} AND day = ${DAY}`,
    );
    expect(plantDay!.generation).toBeCloseTo(0.05, 9);
    expect(plantDay!.revenue).toBeLessThan(0.02);
    expect(await setAside(sn('BALC'))).toEqual([
      { reason: 'JUMP', counter: 'totalGeneration', value: 999_000_000 },
    ]);
    // The recomputation judges the same, and the reading set aside again keeps its row (and its time,
    // which the data-quality alarm dates its episode by).
    const since = () =>
      sqlRows<{ created_at: string }>(
        t.ctx.db,
        sql`SELECT created_at::text FROM set_aside_readings WHERE device_id = ${inverters.get(sn('BALC'))!}`,
      );
    const first = await since();
    await recomputeEnergy(t.ctx.db, { plantId: balconyPlant, from: DAY, to: DAY });
    expect(await since()).toEqual(first);
    expect((await day(sn('BALC'))).generation).toBeCloseTo(0.05, 9);
  });

  it('a random stream of glitches never takes a 5-minute interval above the 10 kW bound (0.83 kWh × margin)', async () => {
    // Every 5 minutes from 06:00 to 20:00: the true counter rises by up to 0.8 kWh; a third of the
    // readings glitch (spike, torn read, dip, zero, a flipped high bit).
    let total = 5000;
    let seed = 7;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const truth: number[] = [];
    const sent: Promise<unknown>[] = [];
    for (let m = 6 * 60; m <= 20 * 60; m += 5) {
      const ts = at(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
      if (m > 6 * 60) total += rand() * 0.8;
      truth.push(total);
      const r = rand();
      const glitched =
        r < 0.07
          ? total + 1000 * rand()
          : r < 0.14
            ? total + 65.536
            : r < 0.21
              ? total - 0.05
              : r < 0.27
                ? 0
                : r < 0.33
                  ? total + 2 ** 20
                  : total;
      sent.push(send(sn('BOUND'), ts, { totalGeneration: glitched }));
    }
    await Promise.all(sent);
    await settle('BOUND', sent.length);
    const d = await day(sn('BOUND'));
    // Never above the physical bound of the day, never above what the counter rose, and close to it.
    const rose = truth.at(-1)! - truth[0]!;
    expect(d.generation).toBeLessThanOrEqual(rose + 1e-6);
    expect(d.generation).toBeGreaterThan(rose * 0.8);
    expect(d.generation).toBeLessThanOrEqual((10 * 14 * 60 * 1.5) / 60);
  });
});
