import { topics } from '@pvstar/contract/mqtt';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { devices, dongles, plants, telemetrySamples } from '../db/schema/index.ts';
import { issueDongleSecret, verifyDongleSecret } from '../modules/device/dongle-credentials.ts';
import { type EmbeddedBroker, startEmbeddedBroker } from '../mqtt/broker.ts';
import { startIngest } from './start-ingest.ts';

const log = pino({ level: 'silent' });
const service = { serviceUser: 'svc', servicePassword: 'service-secret-123' };
const waitFor = async (check: () => Promise<boolean>, ms = 20_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** dongle → broker → ingest → database, with real parts only. */
describe.each([['embedded'], ...(process.env.MQTT_URL ? [['MQTT_URL']] : [])])(
  'telemetry pipeline (%s broker)',
  (kind) => {
    let t: TestApp;
    let broker: EmbeddedBroker | null = null;
    let url: string;
    let pipeline: ReturnType<typeof startIngest>;
    const sn = `DGL-${process.pid}-${kind === 'embedded' ? 'E' : 'M'}`.toUpperCase();
    let secret: string;
    let deviceId: number;

    beforeAll(async () => {
      t = await buildTestApp();
      const [plant] = await t.ctx.db
        .insert(plants)
        .values({
          plantNo: `P-${sn}`,
          orgId: 3,
          name: 'Pipeline plant',
          type: 'PHOTOVOLTAIC',
          installedCapacity: 8,
        })
        .returning({ id: plants.id });
      const issued = issueDongleSecret();
      secret = issued.secret;
      const [dongle] = await t.ctx.db
        .insert(dongles)
        .values({ sn, plantId: plant!.id, secretHash: issued.secretHash })
        .returning({ id: dongles.id });
      const [device] = await t.ctx.db
        .insert(devices)
        .values({ sn: `INV-${sn}`, dongleId: dongle!.id, plantId: plant!.id, kind: 'INVERTER' })
        .returning({ id: devices.id });
      deviceId = device!.id;
      if (kind === 'embedded') {
        broker = await startEmbeddedBroker({
          port: 0,
          host: '127.0.0.1',
          ...service,
          verifyDongle: (s, p) => verifyDongleSecret(t.ctx.db, s, p),
          log,
        });
        url = `mqtt://127.0.0.1:${broker.port}`;
      } else {
        url = process.env.MQTT_URL!;
      }
      pipeline = startIngest({
        db: t.ctx.db,
        log,
        url,
        username: kind === 'embedded' ? service.serviceUser : process.env.MQTT_SERVICE_USER,
        password: kind === 'embedded' ? service.servicePassword : process.env.MQTT_SERVICE_PASSWORD,
        // A group of its own, and no session left behind: other runs on the same broker must not share our messages.
        shareGroup: kind === 'embedded' ? null : `ingest-test-${process.pid}`,
        persistent: false,
        publish: () => {},
        commandResults: {},
        clientId: `pvstar-ingest-test-${process.pid}-${kind}`,
      });
      await waitFor(async () => pipeline.subscriber.connected);
    });
    afterAll(async () => {
      await pipeline.subscriber.close();
      await broker?.close();
      await t.close();
    });

    it('stores every message a dongle publishes, exactly once', async () => {
      const dongle = await mqtt.connectAsync(url, {
        clientId: sn,
        username: sn,
        password: secret,
        protocolVersion: 4,
        clean: false,
      });
      const start = Date.now() - 3_600_000;
      const n = 300;
      await Promise.all(
        Array.from({ length: n }, (_, i) =>
          dongle.publishAsync(
            topics.telemetry(sn),
            JSON.stringify({
              msgId: `m${i}`,
              ts: start + i * 1000,
              devices: [{ sn: `INV-${sn}`, kind: 'INVERTER', data: { power: i } }],
            }),
            { qos: 1 },
          ),
        ),
      );
      // Resend a few, as a dongle does after a reconnect: still exactly n rows.
      for (let i = 0; i < 5; i++)
        await dongle.publishAsync(
          topics.telemetry(sn),
          JSON.stringify({
            msgId: `m${i}`,
            ts: start + i * 1000,
            devices: [{ sn: `INV-${sn}`, kind: 'INVERTER', data: { power: i } }],
          }),
          { qos: 1 },
        );
      const stored = async () =>
        (
          await t.ctx.db
            .select({ n: sql<number>`count(*)::int` })
            .from(telemetrySamples)
            .where(sql`${telemetrySamples.deviceId} = ${deviceId}`)
        )[0]!.n;
      await waitFor(async () => (await stored()) === n && pipeline.subscriber.inFlight === 0);
      expect(await stored()).toBe(n);
      await dongle.endAsync();
    });
  },
);
