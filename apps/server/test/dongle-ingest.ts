import { type EventPayload, topics } from '@pvstar/contract/mqtt';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import pino, { type Logger } from 'pino';
import { sqlRow } from '../src/db/rows.ts';
import { webhooks } from '../src/db/schema/index.ts';
import { createIngestPipeline } from '../src/ingest/start-ingest.ts';
import { verifyDongleSecret } from '../src/modules/device/dongle-credentials.ts';
import { embeddedBrokerCredentials, startEmbeddedBroker } from '../src/mqtt/broker.ts';
import { COMMAND_RESULTS } from '../src/mqtt/command-results.ts';
import { startDynsecAndIngest } from './device-loop.ts';
import { orgIdByName, type TestApp } from './helper.ts';
import { addSimulatedPlant } from './simulated-plant.ts';

/** Test support of the flood tests: ingest behind either broker, dongles that publish as the real ones do. */

const service = { serviceUser: 'svc', servicePassword: 'service-secret-123' };
export const ORG = 'Solartechnik Alpha';

export type Via = 'embedded' | 'mosquitto';

/**
 * Ingest behind a broker as main.ts wires it: `embedded`, the embedded broker handing each dongle message to
 * ingest inside it and acknowledging it once stored (decision 008; test/device-loop.ts subscribes instead);
 * `mosquitto`, a Mosquitto with dynsec and ingest subscribed to it (MQTT_URL, MQTT_AUTH=dynsec). The limits
 * are the defaults.
 */
export async function startIngestBehind(t: TestApp, via: Via, opts: { log?: Logger } = {}) {
  if (via === 'mosquitto') {
    const loop = await startDynsecAndIngest(t, { name: `flood-${process.pid}` });
    return { brokerUrl: loop.brokerUrl, ...loop.pipeline, stop: loop.stop };
  }
  const log = opts.log ?? pino({ level: 'silent' });
  const pipeline = createIngestPipeline({
    db: t.ctx.db,
    log,
    publish: () => {},
    commandResults: COMMAND_RESULTS,
  });
  const broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    ...service,
    verifyDongle: (sn, secret) => verifyDongleSecret(t.ctx.db, sn, secret),
    storeDongleMessage: (topic, payload) => pipeline.ingest.handle(topic, payload),
    log,
  });
  t.ctx.brokerCredentials = embeddedBrokerCredentials(broker);
  return {
    brokerUrl: `mqtt://127.0.0.1:${broker.port}`,
    ingest: pipeline.ingest,
    events: pipeline.events,
    async stop() {
      broker.disconnectAll();
      await pipeline.ingest.flush();
      await broker.close();
    },
  };
}

/** A registered plant with its dongle (an inverter and a battery behind it), known to the broker. */
export async function addDongle(t: TestApp, brokerUrl: string) {
  const plant = await addSimulatedPlant(t, { org: ORG, brokerUrl });
  const secret = plant.dongle.def.secret;
  await t.ctx.brokerCredentials.issued([{ sn: plant.dongleSn, secret }]);
  await t.ctx.brokerCredentials.committed([plant.dongleSn]);
  const sn = plant.dongleSn;
  return {
    ...plant,
    /** Connects as the dongle does: its serial as client id and user name, MQTT 3.1.1, a kept session. */
    connect: (): Promise<MqttClient> =>
      mqtt.connectAsync(brokerUrl, {
        clientId: sn,
        username: sn,
        password: secret,
        protocolVersion: 4,
        clean: false,
        reconnectPeriod: 0,
      }),
    telemetry: (ts: number, i: number) =>
      JSON.stringify({
        msgId: `t-${i}`,
        ts,
        devices: [{ sn: plant.inverter.sn, kind: 'INVERTER', data: { power: i } }],
      }),
    event: (ts: number, faultCode: string, i: number, state: EventPayload['state'] = 'raised') =>
      JSON.stringify({ msgId: `e-${i}`, ts, deviceSn: plant.inverter.sn, faultCode, state }),
    topics: { telemetry: topics.telemetry(sn), event: topics.event(sn), status: topics.status(sn) },
  };
}

/** A webhook endpoint of the plants' organisation that takes every alarm event (deliveries are only queued). */
export async function addAlarmWebhook(t: TestApp) {
  await t.ctx.db.insert(webhooks).values({
    orgId: await orgIdByName(t, ORG),
    url: 'https://hooks.example.org/pvstar',
    secret: 'x'.repeat(64),
    events: ['alarm.raised', 'alarm.ended'],
  });
}

/** Webhook deliveries queued for a plant's alarms, by event type. */
export async function alarmDeliveries(t: TestApp, plantId: number, type = 'alarm.raised'): Promise<number> {
  const row = await sqlRow<{ n: number }>(
    t.ctx.db,
    sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE plant_id = ${plantId} AND event_type = ${type}`,
  );
  return row?.n ?? 0;
}
