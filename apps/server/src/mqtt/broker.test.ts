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

  it('sends a dongle away when asked, and its old secret no longer lets it back in', async () => {
    let secret = 'first-secret';
    const dongleBroker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      ...service,
      log,
      verifyDongle: async (sn, given) => sn === 'DGL-KICK01' && given === secret,
    });
    const dongle = await mqtt.connectAsync(`mqtt://127.0.0.1:${dongleBroker.port}`, {
      clientId: 'DGL-KICK01',
      username: 'DGL-KICK01',
      password: 'first-secret',
      reconnectPeriod: 0,
      protocolVersion: 4,
    });
    const closed = new Promise<void>((resolve) => dongle.once('close', () => resolve()));
    secret = 'second-secret';
    dongleBroker.disconnect(['DGL-KICK01', 'DGL-NOT-CONNECTED']);
    await closed;
    expect(dongle.connected).toBe(false);
    await expect(
      mqtt.connectAsync(`mqtt://127.0.0.1:${dongleBroker.port}`, {
        clientId: 'DGL-KICK01',
        username: 'DGL-KICK01',
        password: 'first-secret',
        reconnectPeriod: 0,
        protocolVersion: 4,
      }),
    ).rejects.toThrow(/Bad username or password|Not authorized/i);
    dongle.end(true);
    await dongleBroker.close();
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

describe('dongles on the embedded broker', () => {
  let broker: EmbeddedBroker;
  // The device registry's answer for two registered dongles (its database side is tested with the registry).
  const secrets = new Map([
    ['DONGLE-A-0001', 'secret-of-dongle-a-0001'],
    ['DONGLE-B-0002', 'secret-of-dongle-b-0002'],
  ]);
  beforeAll(async () => {
    broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      ...service,
      verifyDongle: async (sn, secret) => secrets.get(sn) === secret,
      log,
    });
  });
  afterAll(() => broker.close());

  const dongle = (sn: string, password = secrets.get(sn) ?? '', clientId = sn) =>
    mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      username: sn,
      password,
      clientId,
      reconnectPeriod: 0,
      protocolVersion: 4,
      connectTimeout: 3000,
    });
  const serviceClient = () =>
    mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      username: service.serviceUser,
      password: service.servicePassword,
      reconnectPeriod: 0,
      protocolVersion: 4,
    });
  const settle = () => new Promise((r) => setTimeout(r, 300));

  it('lets a dongle in with its own secret, and nobody with a wrong, derived or borrowed one', async () => {
    const a = await dongle('DONGLE-A-0001');
    expect(a.connected).toBe(true);
    await a.endAsync();
    await expect(dongle('DONGLE-A-0001', 'wrong-secret-wrong-secret')).rejects.toThrow(
      /Bad username or password/i,
    );
    await expect(dongle('DONGLE-A-0001', 'DONGLE-A-0001')).rejects.toThrow(/Bad username or password/i);
    await expect(dongle('DONGLE-A-0001', secrets.get('DONGLE-B-0002'))).rejects.toThrow(
      /Bad username or password/i,
    );
    await expect(dongle('DONGLE-A-0001', secrets.get('DONGLE-A-0001'), 'someone-else')).rejects.toThrow(
      /Bad username or password/i,
    );
    await expect(dongle('UNKNOWN-0003', 'secret-of-nobody-at-all')).rejects.toThrow(
      /Bad username or password/i,
    );
  });

  it('delivers what a dongle publishes under its own topics', async () => {
    const cloud = await serviceClient();
    const seen: string[] = [];
    cloud.on('message', (topic) => seen.push(topic));
    await cloud.subscribeAsync('pvstar/v1/+/up/+', { qos: 1 });
    const a = await dongle('DONGLE-A-0001');
    await a.publishAsync('pvstar/v1/DONGLE-A-0001/up/telemetry', '{}', { qos: 1 });
    await settle();
    expect(seen).toEqual(['pvstar/v1/DONGLE-A-0001/up/telemetry']);
    await Promise.all([a.endAsync(), cloud.endAsync()]);
  });

  it('refuses a dongle publishing as another, on down topics, or retaining telemetry', async () => {
    const cloud = await serviceClient();
    const seen: string[] = [];
    cloud.on('message', (topic) => seen.push(topic));
    await cloud.subscribeAsync('pvstar/v1/#', { qos: 1 });
    for (const [topic, retain] of [
      ['pvstar/v1/DONGLE-B-0002/up/telemetry', false],
      ['pvstar/v1/DONGLE-B-0002/down/cmd', false],
      ['pvstar/v1/DONGLE-A-0001/down/cmd', false],
      ['pvstar/v1/DONGLE-A-0001/up/telemetry', true],
      ['other/topic', false],
    ] as const) {
      // The broker answers an unauthorised publish by closing the connection (MQTT 3.1.1 has no NACK).
      const a = await dongle('DONGLE-A-0001');
      a.publish(topic, '{}', { qos: 0, retain });
      await settle();
      a.end(true);
    }
    await settle();
    expect(seen).toEqual([]);
    await cloud.endAsync();
  });

  it('lets a dongle subscribe to its own commands only, never to # or another dongle', async () => {
    const a = await dongle('DONGLE-A-0001');
    await a.subscribeAsync('pvstar/v1/DONGLE-A-0001/down/cmd', { qos: 1 });
    for (const filter of [
      '#',
      'pvstar/v1/+/up/+',
      'pvstar/v1/DONGLE-B-0002/down/cmd',
      'pvstar/v1/+/down/cmd',
    ])
      await expect(a.subscribeAsync(filter, { qos: 1 }), filter).rejects.toThrow(/Subscribe error/);
    // The refusals left the connection up, and only its own command reaches it.
    const got: string[] = [];
    a.on('message', (topic) => got.push(topic));
    const cloud = await serviceClient();
    await cloud.publishAsync('pvstar/v1/DONGLE-B-0002/down/cmd', '{}', { qos: 1 });
    await cloud.publishAsync('pvstar/v1/DONGLE-A-0001/down/cmd', '{}', { qos: 1 });
    await settle();
    expect(got).toEqual(['pvstar/v1/DONGLE-A-0001/down/cmd']);
    await Promise.all([a.endAsync(), cloud.endAsync()]);
  });

  it('warns once when it holds more dongles than it is meant for', async () => {
    const warnings: string[] = [];
    const watched = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      ...service,
      verifyDongle: async (sn, secret) => secrets.get(sn) === secret,
      dongleLimit: 1,
      log: pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) }),
    });
    const connect = (sn: string) =>
      mqtt.connectAsync(`mqtt://127.0.0.1:${watched.port}`, {
        username: sn,
        password: secrets.get(sn),
        clientId: sn,
        reconnectPeriod: 0,
        protocolVersion: 4,
      });
    const a = await connect('DONGLE-A-0001');
    expect(warnings).toEqual([]);
    const b = await connect('DONGLE-B-0002');
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ connected: 2, limit: 1 });
    expect(warnings[0]).toContain('Mosquitto');
    // A dongle coming back while the fleet is still over the limit is not news.
    await b.endAsync();
    await connect('DONGLE-B-0002').then((again) => again.endAsync());
    expect(warnings).toHaveLength(1);
    await a.endAsync();
    await watched.close();
  });
});
