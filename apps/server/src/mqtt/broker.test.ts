import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedBroker, startEmbeddedBroker } from './broker.ts';
import { connectCloudClient } from './client.ts';

const log = pino({ level: 'silent' });
const service = { serviceUser: 'svc', servicePassword: 'service-secret-123' };

describe('embedded broker', () => {
  let broker: EmbeddedBroker;
  beforeAll(async () => {
    broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', ...service, log });
  });
  afterAll(() => broker.close());

  const connect = (username: string, password: string) =>
    mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      username,
      password,
      reconnectPeriod: 0,
      protocolVersion: 4,
      connectTimeout: 3000,
    });

  it('lets the service account in', async () => {
    const client = await connect(service.serviceUser, service.servicePassword);
    expect(client.connected).toBe(true);
    await client.endAsync();
  });

  it('refuses a wrong secret and unknown users', async () => {
    await expect(connect(service.serviceUser, 'wrong')).rejects.toThrow(
      /Bad username or password|Not authorized/i,
    );
    await expect(connect('SN12345', 'SN12345')).rejects.toThrow(/Bad username or password|Not authorized/i);
  });

  it('never relays or keeps a retained command', async () => {
    const listener = await connect(service.serviceUser, service.servicePassword);
    const seen: string[] = [];
    await listener.subscribeAsync('pvstar/v1/+/down/cmd', { qos: 1 });
    listener.on('message', (topic) => seen.push(topic));
    // The broker refuses the retained publish by closing the sender's connection (MQTT 3.1.1 has no NACK).
    const offender = await connect(service.serviceUser, service.servicePassword);
    offender.publish('pvstar/v1/SN1/down/cmd', '{}', { qos: 0, retain: true });
    await new Promise((r) => setTimeout(r, 300));
    offender.end(true);
    const sender = await connect(service.serviceUser, service.servicePassword);
    await sender.publishAsync('pvstar/v1/SN2/down/cmd', '{}', { qos: 1 });
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual(['pvstar/v1/SN2/down/cmd']);
    // A late subscriber finds nothing retained.
    const late = await connect(service.serviceUser, service.servicePassword);
    const retained: string[] = [];
    late.on('message', (topic) => retained.push(topic));
    await late.subscribeAsync('pvstar/v1/+/down/cmd', { qos: 1 });
    await new Promise((r) => setTimeout(r, 300));
    expect(retained).toEqual([]);
    await Promise.all([sender.endAsync(), listener.endAsync(), late.endAsync()]);
  });

  it('moves to a free port, loudly, when the wanted one is taken', async () => {
    const warnings: string[] = [];
    const noisy = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
    const second = await startEmbeddedBroker({
      port: broker.port,
      host: '127.0.0.1',
      ...service,
      log: noisy,
    });
    expect(second.port).not.toBe(broker.port);
    expect(warnings.join('')).toContain(`MQTT port ${broker.port} is taken`);
    await second.close();
  });
});

describe.runIf(process.env.MQTT_URL)('external broker (MQTT_URL, e.g. Mosquitto)', () => {
  it('the cloud client connects with a persistent session and round-trips a QoS 1 message', async () => {
    const client = connectCloudClient({
      url: process.env.MQTT_URL!,
      username: process.env.MQTT_SERVICE_USER ?? 'pvstar-service',
      password: process.env.MQTT_SERVICE_PASSWORD,
      clientId: `pvstar-test-${process.pid}`,
      log,
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    const topic = `pvstar/test/${process.pid}/${Date.now()}`;
    await client.subscribeAsync(topic, { qos: 1 });
    const received = new Promise<string>((resolve) =>
      client.on('message', (_t, payload) => resolve(payload.toString())),
    );
    await client.publishAsync(topic, 'hello', { qos: 1 });
    expect(await received).toBe('hello');
    await client.endAsync();
  });
});
