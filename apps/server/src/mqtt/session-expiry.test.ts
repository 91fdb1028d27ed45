import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateMosquitto } from '../../../../bench/private-mosquitto.ts';
import { mosquittoMissing, privateBroker } from '../../test/private-services.ts';
import { startAckSubscriber } from './ack-subscriber.ts';

/**
 * The ingest subscriber's MQTT 5 session expiry on a Mosquitto of the test's own (docs/mosquitto.conf's
 * limits, persistent_client_expiration 1h included): a subscriber back within the expiry gets what was
 * queued while it was away; a retired one's session, and the queue with it, is gone after the expiry.
 */
const missing = mosquittoMissing();

describe.skipIf(missing)(`ingest session expiry${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let broker: PrivateMosquitto;
  const topicRoot = `pvstar-test/expiry-${process.pid}`;

  beforeAll(async () => {
    broker = await privateBroker();
  });
  afterAll(() => broker?.stop());

  const waitFor = async (check: () => boolean, ms = 10_000) => {
    const until = Date.now() + ms;
    while (!check()) {
      if (Date.now() > until) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  /** An ingest-like subscriber that records what it is handed. */
  async function subscribe(clientId: string, sessionExpirySeconds: number, received: string[]) {
    const subscriber = startAckSubscriber({
      url: broker.url,
      clientId,
      filter: `${topicRoot}/${clientId}/#`,
      sessionExpirySeconds,
      onMessage: async (_topic, payload) => {
        received.push(payload.toString());
      },
    });
    await waitFor(() => subscriber.connected);
    return subscriber;
  }

  async function publish(clientId: string, bodies: string[]) {
    const publisher = await mqtt.connectAsync(broker.url, { protocolVersion: 4, reconnectPeriod: 0 });
    for (const body of bodies) await publisher.publishAsync(`${topicRoot}/${clientId}/up`, body, { qos: 1 });
    await publisher.endAsync();
  }

  const queued = ['m1', 'm2', 'm3', 'm4', 'm5'];

  it('a subscriber back within the expiry gets every message queued while it was away', async () => {
    const first: string[] = [];
    await (await subscribe('ingest-restarts', 60, first)).close();
    await publish('ingest-restarts', queued);

    const again: string[] = [];
    const back = await subscribe('ingest-restarts', 60, again);
    await waitFor(() => again.length >= queued.length);
    await back.close();
    expect(again).toEqual(queued);
  });

  it("a retired subscriber's session and its queue are gone after the expiry", async () => {
    const first: string[] = [];
    await (await subscribe('ingest-retired', 2, first)).close();
    await publish('ingest-retired', queued);
    // Mosquitto looks for expired sessions once a second.
    await new Promise((r) => setTimeout(r, 4000));

    // Signing in under its client id tells whether the broker still has the session.
    const sessionPresent = await new Promise<boolean>((resolve, reject) => {
      const probe = mqtt.connect(broker.url, {
        clientId: 'ingest-retired',
        clean: false,
        protocolVersion: 5,
        properties: { sessionExpiryInterval: 60 },
        reconnectPeriod: 0,
      });
      probe.once('connect', (connack) => {
        resolve(connack.sessionPresent);
        probe.end();
      });
      probe.once('error', reject);
    });
    expect(sessionPresent).toBe(false);

    // Subscribed afresh, it gets only what is published from now on: a marker, with nothing before it.
    const again: string[] = [];
    const back = await subscribe('ingest-retired', 2, again);
    await publish('ingest-retired', ['marker']);
    await waitFor(() => again.includes('marker'));
    await back.close();
    expect(again).toEqual(['marker']);
  });
});
