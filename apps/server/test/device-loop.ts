import pino from 'pino';
import type { CommandPublisher } from '../src/domain/commands.ts';
import { startIngest } from '../src/ingest/start-ingest.ts';
import { verifyDongleSecret } from '../src/modules/device/dongle-credentials.ts';
import { type EmbeddedBroker, embeddedBrokerCredentials, startEmbeddedBroker } from '../src/mqtt/broker.ts';
import { connectCloudClient } from '../src/mqtt/client.ts';
import { createCommandPublisher } from '../src/mqtt/command-bus.ts';
import { startCommandJobs } from '../src/mqtt/command-jobs.ts';
import { COMMAND_RESULTS } from '../src/mqtt/command-results.ts';
import { connectDynsec } from '../src/mqtt/dynsec.ts';
import type { TestApp } from './helper.ts';
import { privateDynsecMosquitto } from './private-services.ts';

const log = pino({ level: 'silent' });
const service = { serviceUser: 'svc', servicePassword: 'service-secret-123' };

export const waitFor = async (check: () => Promise<boolean> | boolean, ms = 20_000, what = 'condition') => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/**
 * The embedded broker with ingest subscribed to it, for a test app: dongles publish, ingest stores. Ingest
 * publishes its commands' results with `publish` (none by default).
 */
export async function startBrokerAndIngest(t: TestApp, opts: { name: string; publish?: CommandPublisher }) {
  const broker: EmbeddedBroker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    ...service,
    verifyDongle: (sn, secret) => verifyDongleSecret(t.ctx.db, sn, secret),
    log,
  });
  const brokerUrl = `mqtt://127.0.0.1:${broker.port}`;
  // Registration, reissue and removal send changed dongles away, as in the server.
  t.ctx.brokerCredentials = embeddedBrokerCredentials(broker);
  const pipeline = startIngest({
    db: t.ctx.db,
    log,
    url: brokerUrl,
    username: service.serviceUser,
    password: service.servicePassword,
    shareGroup: null,
    persistent: false,
    clientId: `pvstar-ingest-${opts.name}-${process.pid}-${broker.port}`,
    publish: opts.publish ?? (() => {}),
    commandResults: COMMAND_RESULTS,
  });
  await waitFor(() => pipeline.subscriber.connected, 20_000, 'ingest subscribed');
  return {
    broker,
    brokerUrl,
    pipeline,
    async stop() {
      await pipeline.subscriber.close();
      await broker.close();
    },
  };
}

/**
 * A Mosquitto of the test's own with the dynamic-security plugin, provisioned as `MQTT_AUTH=dynsec` does it
 * (service account; the test app's registration, reissue and removal go to the plugin), with ingest
 * subscribed to it as the service account.
 */
export async function startDynsecAndIngest(t: TestApp, opts: { name: string; publish?: CommandPublisher }) {
  const mosquitto = await privateDynsecMosquitto();
  try {
    const dynsec = await connectDynsec({ url: mosquitto.adminUrl, log });
    await dynsec.ensureService(service.serviceUser, service.servicePassword);
    t.ctx.brokerCredentials = dynsec;
    const pipeline = startIngest({
      db: t.ctx.db,
      log,
      url: mosquitto.url,
      username: service.serviceUser,
      password: service.servicePassword,
      shareGroup: null,
      persistent: false,
      clientId: `pvstar-ingest-${opts.name}-${process.pid}-${mosquitto.port}`,
      publish: opts.publish ?? (() => {}),
      commandResults: COMMAND_RESULTS,
    });
    await waitFor(() => pipeline.subscriber.connected, 20_000, 'ingest subscribed');
    return {
      brokerUrl: mosquitto.url,
      port: mosquitto.port,
      mosquitto,
      dynsec,
      pipeline,
      async stop() {
        await pipeline.subscriber.close();
        await dynsec.close();
        mosquitto.stop();
      },
    };
  } catch (err) {
    mosquitto.stop();
    throw err;
  }
}

/**
 * The real command path for a test app: an embedded broker, the cloud's MQTT client publishing commands,
 * ingest routing results, the command jobs (expiry, upgrade dispatch), and the HTTP server listening so
 * that dongles can download firmware. Nothing of ours is replaced.
 */
export async function startDeviceLoop(t: TestApp, opts: { jobsEveryMs?: number } = {}) {
  // Ingest and the jobs publish through the context, so a test may watch what is sent.
  const { brokerUrl, stop } = await startBrokerAndIngest(t, {
    name: 'loop',
    publish: (sn, command) => t.ctx.publishCommand(sn, command),
  });
  const client = connectCloudClient({
    url: brokerUrl,
    username: service.serviceUser,
    password: service.servicePassword,
    clientId: `pvstar-test-cloud-${process.pid}-${brokerUrl.split(':').pop()}`,
    log,
  });
  t.ctx.publishCommand = createCommandPublisher(client, log);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const httpUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const jobs = startCommandJobs({
    db: t.ctx.db,
    log,
    publish: (sn, command) => t.ctx.publishCommand(sn, command),
    publicUrl: () => httpUrl,
    everyMs: opts.jobsEveryMs ?? 200,
  });
  await waitFor(() => client.connected, 20_000, 'the cloud client connected');
  return {
    brokerUrl,
    httpUrl,
    jobs,
    async stop() {
      jobs.stop();
      await client.endAsync(true).catch(() => {});
      await stop();
    },
  };
}
