import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { MAX_PACKET_BYTES, MAX_PAYLOAD_BYTES, topics } from '@pvstar/contract/mqtt';
import { eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telemetrySamples } from '../../src/db/schema/index.ts';
import type { DropReason, Ingest } from '../../src/ingest/ingest.ts';
import { md5, sha256 } from '../../src/lib/crypto.ts';
import type { AckSubscriber } from '../../src/mqtt/ack-subscriber.ts';
import { changedTables, dbFingerprint } from '../db-fingerprint.ts';
import { waitFor } from '../device-loop.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import { addSimulatedPlant } from '../simulated-plant.ts';

/**
 * What a dongle can do to the cloud over MQTT with its own, real credentials, on the real embedded broker
 * with the real device registry and ingest behind it.
 *
 * Already proven elsewhere, not repeated here:
 * - mqtt/broker.test.ts: the topic ACL with a stand-in registry — publishing as another dongle or on `down/`,
 *   retaining telemetry, subscribing to `#`, `pvstar/v1/+/up/+` or another dongle's commands; the service
 *   account's retained command neither relayed nor kept; a wrong, borrowed or serial-number secret refused.
 * - ingest/ingest.test.ts: ingest's drop counters for invalid JSON, a wrong-typed message, a payload over
 *   64 KiB, another dongle's or an unknown device, a far-future timestamp and a 5,000-character serial in the
 *   topic, handed to ingest directly.
 * Covered here: the same classes through the broker, and what the broker alone can stop.
 *
 * One body, run against each broker a dongle may meet: the embedded one (mqtt-abuse.test.ts) and Mosquitto
 * with the dynamic-security plugin as MQTT_AUTH=dynsec provisions it (mqtt-abuse-dynsec.test.ts).
 */

/** A broker with ingest behind it, whose dongle accounts follow the test app's registry. */
export interface AbuseBroker {
  brokerUrl: string;
  port: number;
  pipeline: { ingest: Ingest; subscriber: AckSubscriber };
  stop(): Promise<void>;
}

/** Where the brokers differ, by design of each. */
export interface AbuseBrokerTraits {
  /**
   * What a publish the ACL refuses costs the dongle: the embedded broker ends the connection; Mosquitto drops
   * the message and keeps the connection (MQTT 3.1.1 has no way to say no to a publish).
   */
  refusedPublish: 'disconnects' | 'drops';
  /** The CONNACK return code of a refused sign-in (MQTT 3.1.1): 4 bad user name or password, 5 not authorised. */
  refusedConnack: 4 | 5;
}

export function describeMqttAbuse(
  name: string,
  start: (t: TestApp) => Promise<AbuseBroker>,
  traits: AbuseBrokerTraits,
) {
  let t: TestApp;
  let loop: AbuseBroker;
  let url: string;
  let a: { sn: string; secret: string; dongleId: number; inverterSn: string; inverterId: number };
  let b: { sn: string; secret: string; dongleId: number; inverterSn: string; inverterId: number };
  let admin: string;

  const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
  const stats = () => loop.pipeline.ingest.stats();
  const samplesOf = async (deviceId: number) =>
    (
      await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(telemetrySamples)
        .where(eq(telemetrySamples.deviceId, deviceId))
    )[0]!.n;

  /** A dongle's MQTT client: its serial as client id and user name, and whatever secret it is given. */
  const connectAs = (sn: string, password: string, clientId = sn) =>
    mqtt.connectAsync(url, {
      clientId,
      username: sn,
      password,
      reconnectPeriod: 0,
      protocolVersion: 4,
      connectTimeout: 3000,
    });

  /**
   * What follows a publish the ACL refuses: the embedded broker ends the connection (resolves when it is
   * closed, fails if it is still open after `ms`); Mosquitto drops the message (resolves after `ms / 10`).
   */
  const refused = (client: MqttClient, ms = 3000) =>
    traits.refusedPublish === 'disconnects' ? closed(client, ms) : settle(ms / 10);

  /** A sign-in the broker must refuse, with the CONNACK code it sends for a bad user name or secret. */
  const signInRefused = async (attempt: Promise<MqttClient>, what: string) => {
    const err = await attempt.then(
      (client) => {
        client.end(true);
        return null;
      },
      (e: Error & { code?: number }) => e,
    );
    expect(err, `${what}: refused`).not.toBeNull();
    expect(err!.code, `${what}: CONNACK return code`).toBe(traits.refusedConnack);
  };

  /** Resolves when the broker ends the client's connection; fails if it is still open after `ms`. */
  const closed = (client: MqttClient, ms = 3000) =>
    new Promise<void>((resolve, reject) => {
      if (!client.connected) return resolve();
      const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
      client.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  const telemetryOf = (
    dongle: typeof a,
    ts = Date.now(),
    data: Record<string, unknown> = { power: 1200 },
  ) => ({
    msgId: `m-${randomBytes(4).toString('hex')}`,
    ts,
    devices: [{ sn: dongle.inverterSn, kind: 'INVERTER', data }],
  });

  /** A good message from the dongle, and proof that the broker passed it and ingest stored it. */
  async function storesAGoodMessage(dongle: typeof a) {
    const before = await samplesOf(dongle.inverterId);
    const client = await connectAs(dongle.sn, dongle.secret);
    await client.publishAsync(topics.telemetry(dongle.sn), JSON.stringify(telemetryOf(dongle)), { qos: 1 });
    await waitFor(
      async () => (await samplesOf(dongle.inverterId)) === before + 1,
      10_000,
      'the good message stored',
    );
    await client.endAsync();
  }

  beforeAll(async () => {
    t = await buildTestApp();
    loop = await start(t);
    url = loop.brokerUrl;
    // Two registered dongles, each with the secret the API issues (shown once, kept hashed).
    admin = await t.login('admin');
    const register = async () => {
      const plant = await addSimulatedPlant(t, { org: 'Solartechnik Alpha', brokerUrl: url });
      const res = await t.call('POST', '/station/station/dongle/resetSecret', {
        token: admin,
        body: { dongleId: plant.dongleId },
      });
      expect(res.status).toBe(200);
      return {
        sn: plant.dongleSn,
        secret: res.body.data.secret as string,
        dongleId: plant.dongleId,
        inverterSn: plant.inverter.sn,
        inverterId: plant.inverter.id,
      };
    };
    a = await register();
    b = await register();
  });

  afterAll(async () => {
    await loop.stop();
    await t.close();
  });

  describe(`${name}: hostile MQTT from a dongle with its own credentials`, () => {
    it('counts and drops every malformed payload, stores none, and stores the next good message', async () => {
      const now = Date.now();
      const device = { sn: a.inverterSn, kind: 'INVERTER', data: { power: 1 } };
      const cases: [what: string, payload: string | Buffer, reason: DropReason, topic?: string][] = [
        ['truncated JSON', JSON.stringify(telemetryOf(a)).slice(0, 45), 'json'],
        ['binary garbage', Buffer.concat([Buffer.from([0xff, 0xfe, 0x00]), randomBytes(2000)]), 'json'],
        ['an empty payload', '', 'json'],
        ['JSON nested 30,000 levels deep', `${'['.repeat(30_000)}${']'.repeat(30_000)}`, 'schema'],
        [
          'an object that claims a billion devices',
          JSON.stringify({ msgId: 'x', ts: now, devices: { length: 1e9, 0: device } }),
          'schema',
        ],
        [
          'an array of a thousand devices (at most 16)',
          JSON.stringify({ msgId: 'x', ts: now, devices: Array.from({ length: 1000 }, () => device) }),
          'schema',
        ],
        [
          'ten thousand numbers where metrics belong',
          JSON.stringify({ msgId: 'x', ts: now, devices: [{ ...device, data: new Array(10_000).fill(0) }] }),
          'schema',
        ],
        [
          'wrong types',
          JSON.stringify({ msgId: 7, ts: 'tomorrow', devices: [{ ...device, data: { power: '4200' } }] }),
          'schema',
        ],
        [
          'a number beyond a double',
          `{"msgId":"x","ts":${now},"devices":[{"sn":"${a.inverterSn}","kind":"INVERTER","data":{"power":1e999}}]}`,
          'schema',
        ],
        [
          'a polluting key',
          `{"__proto__":{"isAdmin":true},"msgId":"x","ts":${now},"devices":{"constructor":{"prototype":{}}}}`,
          'schema',
        ],
        ['a timestamp a year ahead', JSON.stringify(telemetryOf(a, now + 365 * 86_400_000)), 'future'],
        ['a timestamp past 2100', JSON.stringify(telemetryOf(a, 4_200_000_000_000)), 'schema'],
        [
          'a payload over 64 KiB that still fits a packet',
          JSON.stringify({ ...telemetryOf(a), pad: 'x'.repeat(MAX_PAYLOAD_BYTES) }),
          'oversized',
        ],
        ['a status that is neither online nor offline', 'pwned', 'schema', topics.status(a.sn)],
      ];
      const rowsBefore = await dbFingerprint(t.ctx.db);
      const storedBefore = await samplesOf(a.inverterId);
      const client = await connectAs(a.sn, a.secret);
      for (const [what, payload, reason, topic] of cases) {
        const before = stats();
        await client.publishAsync(topic ?? topics.telemetry(a.sn), payload, { qos: 1 });
        await waitFor(() => stats().received === before.received + 1, 5000, `ingest to read ${what}`);
        await waitFor(
          () => (stats().dropped[reason] ?? 0) === (before.dropped[reason] ?? 0) + 1,
          5000,
          `${what} counted as ${reason}`,
        );
        expect(client.connected, `${what}: a bad payload does not cost the dongle its connection`).toBe(true);
      }
      await client.endAsync();
      expect(await samplesOf(a.inverterId)).toBe(storedBefore);
      expect(changedTables(rowsBefore, await dbFingerprint(t.ctx.db))).toEqual([]);
      await storesAGoodMessage(a);
    });

    it('closes the connection of a packet over the size limit, as soon as its header says so', async () => {
      const received = stats().received;
      for (const bytes of [MAX_PACKET_BYTES + 1, 16 * 1024 * 1024]) {
        const client = await connectAs(a.sn, a.secret);
        const gone = closed(client);
        client.publish(topics.telemetry(a.sn), Buffer.alloc(bytes, 0x20), { qos: 0 });
        await gone;
      }
      // A client that declares a 200 MB CONNECT and sends nothing more is sent away at once, unauthenticated.
      const raw = net.connect(loop.port, '127.0.0.1');
      await new Promise<void>((resolve) => raw.once('connect', () => resolve()));
      const started = Date.now();
      const hungUp = new Promise<boolean>((resolve) => {
        raw.once('close', () => resolve(true));
        setTimeout(() => resolve(false), 2000);
      });
      raw.write(Buffer.from([0x10, 0x80, 0x80, 0x80, 0x64]));
      expect(await hungUp, 'closed within 2 s').toBe(true);
      raw.destroy();
      expect(Date.now() - started).toBeLessThan(2000);
      expect(stats().received).toBe(received);
      await storesAGoodMessage(a);
    });

    it('refuses huge topic names, within the packet limit and over it', async () => {
      const received = stats().received;
      // A topic holds at most 65,535 bytes; with a 2 kB payload the last one is over the packet limit too.
      for (const [length, payload] of [
        [1000, JSON.stringify(telemetryOf(a))],
        [60_000, JSON.stringify(telemetryOf(a))],
        [65_000, 'x'.repeat(2000)],
      ] as const) {
        const client = await connectAs(a.sn, a.secret);
        const gone = refused(client);
        client.publish(`${topics.telemetry(a.sn)}/${'x'.repeat(length)}`, payload, { qos: 0 });
        await gone;
        client.end(true);
      }
      // More levels than a topic may have.
      const deep = await connectAs(a.sn, a.secret);
      const gone = refused(deep);
      deep.publish(`${topics.telemetry(a.sn)}${'/x'.repeat(150)}`, '{}', { qos: 0 });
      await gone;
      deep.end(true);
      await settle();
      expect(stats().received).toBe(received);
      await storesAGoodMessage(a);
    });
  });

  describe(`${name}: a dongle's real credentials give it nothing of another's`, () => {
    it('cannot publish for another dongle: nothing reaches ingest (the embedded broker also ends the connection)', async () => {
      const storedB = await samplesOf(b.inverterId);
      const received = stats().received;
      const client = await connectAs(a.sn, a.secret);
      const gone = refused(client);
      for (const topic of [topics.telemetry(b.sn), topics.status(b.sn), `pvstar/v1/${b.sn}/up/cmd-result`])
        client.publish(topic, JSON.stringify(telemetryOf(b)), { qos: 1 });
      await gone;
      client.end(true);
      await settle();
      expect(stats().received).toBe(received);
      expect(await samplesOf(b.inverterId)).toBe(storedB);
    });

    it('cannot subscribe to wildcards reaching beyond its own commands', async () => {
      const client = await connectAs(a.sn, a.secret);
      for (const filter of [
        '+/+/+/+/+',
        'pvstar/#',
        'pvstar/v1/#',
        `pvstar/v1/${a.sn}/#`,
        `pvstar/v1/${a.sn}/up/+`,
        'pvstar/v1/+/down/#',
        `pvstar/v1/${b.sn}/down/+`,
        '$SYS/#',
        '$share/x/pvstar/v1/+/up/+',
      ])
        await expect(client.subscribeAsync(filter, { qos: 1 }), filter).rejects.toThrow(/Subscribe error/);
      // The refusals left it connected, with only its own commands open to it.
      await client.subscribeAsync(topics.cmd(a.sn), { qos: 1 });
      expect(client.connected).toBe(true);
      await client.endAsync();
    });

    it('cannot retain a command: a later subscriber gets nothing', async () => {
      const offender = await connectAs(a.sn, a.secret);
      const gone = refused(offender);
      for (const sn of [a.sn, b.sn])
        offender.publish(
          topics.cmd(sn),
          JSON.stringify({ cmdId: 'x', type: 'params.write', body: {}, expiresAt: Date.now() + 60_000 }),
          { qos: 1, retain: true },
        );
      await gone;
      offender.end(true);
      const later = await connectAs(a.sn, a.secret);
      const got: string[] = [];
      later.on('message', (topic) => got.push(topic));
      await later.subscribeAsync(topics.cmd(a.sn), { qos: 1 });
      await settle();
      expect(got).toEqual([]);
      await later.endAsync();
    });

    it('cannot sign in anonymously, with a secret derived from its serial number, or as another client', async () => {
      const sn = a.sn;
      const derived = [
        sn,
        sn.toLowerCase(),
        `${sn}${sn}`,
        sha256(sn),
        md5(sn),
        createHash('sha256').update(sn).digest('base64url'),
        sha256(sn.toLowerCase()),
        `${sn}-secret`,
        '',
      ];
      for (const secret of derived) await signInRefused(connectAs(sn, secret), `secret ${secret}`);
      await signInRefused(connectAs(sn, a.secret, `${sn}-2`), 'another client id');
      await signInRefused(connectAs(b.sn, a.secret), "another dongle's serial number");
      await signInRefused(
        connectAs(b.sn, a.secret, a.sn),
        "another dongle's serial number, its own client id",
      );
      // Anonymous, and with the serial number but no password at all.
      await signInRefused(
        mqtt.connectAsync(url, { reconnectPeriod: 0, protocolVersion: 4, connectTimeout: 3000 }),
        'anonymous',
      );
      await signInRefused(
        mqtt.connectAsync(url, {
          clientId: sn,
          username: sn,
          reconnectPeriod: 0,
          protocolVersion: 4,
          connectTimeout: 3000,
        }),
        'no password',
      );
      // Its own secret still lets it in: the refusals were about the secrets, not a lock-out.
      const client = await connectAs(sn, a.secret);
      expect(client.connected).toBe(true);
      await client.endAsync();
    });

    it('a reissued secret ends the session on the old one at once, and the old one is refused', async () => {
      const session = await connectAs(b.sn, b.secret);
      const gone = closed(session);
      const res = await t.call('POST', '/station/station/dongle/resetSecret', {
        token: admin,
        body: { dongleId: b.dongleId },
      });
      expect(res.status).toBe(200);
      await gone;
      await signInRefused(connectAs(b.sn, b.secret), 'the old secret');
      b = { ...b, secret: res.body.data.secret as string };
      await storesAGoodMessage(b);
    });
  });
}
