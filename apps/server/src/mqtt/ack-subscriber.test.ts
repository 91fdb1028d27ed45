import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AckSubscriber, startAckSubscriber } from './ack-subscriber.ts';
import { type EmbeddedBroker, startEmbeddedBroker } from './broker.ts';

const log = pino({ level: 'silent' });
const service = { serviceUser: 'svc', servicePassword: 'service-secret-123' };
const waitFor = async (check: () => boolean, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Runs the same cases against the embedded broker and, when MQTT_URL is set, against that broker (Mosquitto). */
const brokers: [
  string,
  () => Promise<{ url: string; user?: string; password?: string; close(): Promise<void> }>,
][] = [
  [
    'embedded',
    async () => {
      const b: EmbeddedBroker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', ...service, log });
      return {
        url: `mqtt://127.0.0.1:${b.port}`,
        user: service.serviceUser,
        password: service.servicePassword,
        close: b.close,
      };
    },
  ],
];
if (process.env.MQTT_URL)
  brokers.push([
    'MQTT_URL',
    async () => ({
      url: process.env.MQTT_URL!,
      user: process.env.MQTT_SERVICE_USER,
      password: process.env.MQTT_SERVICE_PASSWORD,
      close: async () => {},
    }),
  ]);

describe.each(brokers)('acknowledging after the handler (%s broker)', (_name, start) => {
  let broker: Awaited<ReturnType<(typeof brokers)[number][1]>>;
  const topicRoot = `pvstar-test/${process.pid}-${Date.now()}`;
  beforeAll(async () => {
    broker = await start();
  });
  afterAll(() => broker.close());

  const publisher = () =>
    mqtt.connectAsync(broker.url, {
      username: broker.user,
      password: broker.password,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });

  it('hands over messages while earlier ones are still being stored, and acknowledges each once stored', async () => {
    const stored: string[] = [];
    const inHandler = new Set<string>();
    let maxConcurrent = 0;
    const sub: AckSubscriber = startAckSubscriber({
      url: broker.url,
      clientId: `ack-test-a-${process.pid}`,
      username: broker.user,
      password: broker.password,
      filter: `${topicRoot}/a/+`,
      persistent: false,
      onMessage: async (topic, payload) => {
        inHandler.add(payload.toString());
        maxConcurrent = Math.max(maxConcurrent, inHandler.size);
        await new Promise((r) => setTimeout(r, 30));
        inHandler.delete(payload.toString());
        stored.push(`${topic}:${payload}`);
      },
    });
    await waitFor(() => sub.connected);
    const pub = await publisher();
    const sent = Array.from({ length: 15 }, (_, i) => i);
    // Each publish resolves when the broker has the message; delivery to us is what we measure.
    await Promise.all(sent.map((i) => pub.publishAsync(`${topicRoot}/a/x`, String(i), { qos: 1 })));
    await waitFor(() => stored.length === sent.length);
    await waitFor(() => sub.inFlight === 0);
    expect(stored.map((s) => Number(s.split(':')[1])).sort((x, y) => x - y)).toEqual(sent);
    expect(maxConcurrent).toBeGreaterThan(1);
    await Promise.all([sub.close(), pub.endAsync()]);
  });

  it('does not acknowledge a message that could not be stored: it comes again', async () => {
    let failuresLeft = 1;
    let attempts = 0;
    const stored: string[] = [];
    const sub = startAckSubscriber({
      url: broker.url,
      clientId: `ack-test-b-${process.pid}`,
      username: broker.user,
      password: broker.password,
      filter: `${topicRoot}/b/+`,
      onMessage: async (_topic, payload) => {
        attempts++;
        if (payload.toString() === 'flaky' && failuresLeft-- > 0) throw new Error('database unavailable');
        stored.push(payload.toString());
      },
    });
    await waitFor(() => sub.connected);
    const pub = await publisher();
    await pub.publishAsync(`${topicRoot}/b/x`, 'flaky', { qos: 1 });
    await waitFor(() => stored.includes('flaky'), 15_000);
    // Refused once, redelivered on the persistent session, stored the second time — and only then.
    expect(attempts).toBe(2);
    expect(stored).toEqual(['flaky']);
    await Promise.all([sub.close(), pub.endAsync()]);
    // Leave no session behind on a shared broker.
    const cleanup = await mqtt.connectAsync(broker.url, {
      clientId: `ack-test-b-${process.pid}`,
      clean: true,
      username: broker.user,
      password: broker.password,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    await cleanup.endAsync();
  });
});
