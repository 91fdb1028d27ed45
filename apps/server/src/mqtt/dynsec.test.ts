import { spawnSync } from 'node:child_process';
import { topics } from '@pvstar/contract/mqtt';
import { eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDynsecAndIngest, waitFor } from '../../test/device-loop.ts';
import { buildTestApp, orgIdByName, type TestApp, unique } from '../../test/helper.ts';
import { dynsecMissing } from '../../test/private-services.ts';
import { devices, dongles, telemetrySamples } from '../db/schema/index.ts';

/**
 * MQTT_AUTH=dynsec against a Mosquitto of the test's own: the API's registration, reissue and removal keep
 * the plugin's clients in step, and start-up reconciliation mends what drifted. (The topic ACL itself is
 * proven by the MQTT abuse suite, security/mqtt-abuse-dynsec.test.ts.)
 */
const missing = dynsecMissing();

describe.skipIf(missing)(`dynsec provisioning${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let t: TestApp;
  let loop: Awaited<ReturnType<typeof startDynsecAndIngest>>;
  let admin: string;
  let orgId: number;
  let counter = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    loop = await startDynsecAndIngest(t, { name: 'dynsec' });
    admin = await t.login('admin');
    orgId = await orgIdByName(t, 'Solartechnik Alpha');
  });

  afterAll(async () => {
    await loop?.stop();
    await t?.close();
  });

  const connect = (sn: string, password: string, protocolVersion: 4 | 5 = 4) =>
    mqtt.connectAsync(loop.brokerUrl, {
      clientId: sn,
      username: sn,
      password,
      reconnectPeriod: 0,
      protocolVersion,
      connectTimeout: 3000,
    });

  /** The CONNACK return code of a refused sign-in. */
  const refusal = (attempt: Promise<MqttClient>) =>
    attempt.then(
      (client) => {
        client.end(true);
        return 0;
      },
      (err: { code?: number }) => err.code ?? -1,
    );

  const closed = (client: MqttClient, ms = 3000) =>
    new Promise<void>((resolve, reject) => {
      if (!client.connected) return resolve();
      const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
      client.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  /** A plant registered through the API; its dongle's secret as the API shows it once. */
  async function register() {
    counter += 1;
    const tag = `${Date.now().toString(36).toUpperCase()}${counter}`;
    const body = {
      stationName: unique('Dynsec plant '),
      stationType: 'PHOTOVOLTAIC',
      installedCapacity: 4.2,
      countryCode: 'DE',
      latitude: 48.37,
      longitude: 10.89,
      orgId,
      devices: {
        dongles: [
          { sn: `DYN-DGL-${tag}`, inverters: [{ sn: `DYN-INV-${tag}`, inverterType: 'SINGLE_PHASE' }] },
        ],
      },
    };
    const res = await t.call('POST', '/station/station/add', { token: admin, body });
    expect(res.status, res.body.msg).toBe(200);
    const [issued] = res.body.data.dongles as { sn: string; secret: string }[];
    const [dongle] = await t.ctx.db
      .select({ id: dongles.id })
      .from(dongles)
      .where(eq(dongles.sn, issued!.sn));
    const [inverter] = await t.ctx.db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.sn, `DYN-INV-${tag}`));
    return {
      body,
      plantId: res.body.data.id as number,
      name: body.stationName,
      sn: issued!.sn,
      secret: issued!.secret,
      dongleId: dongle!.id,
      inverterSn: `DYN-INV-${tag}`,
      inverterId: inverter!.id,
    };
  }

  const samplesOf = async (deviceId: number) =>
    (
      await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(telemetrySamples)
        .where(eq(telemetrySamples.deviceId, deviceId))
    )[0]!.n;

  const reissue = async (dongleId: number) => {
    const res = await t.call('POST', '/station/station/dongle/resetSecret', {
      token: admin,
      body: { dongleId },
    });
    expect(res.status).toBe(200);
    return res.body.data.secret as string;
  };

  it('a dongle registered through the API signs in with its secret and its telemetry is stored', async () => {
    const plant = await register();
    const client = await connect(plant.sn, plant.secret);
    await client.publishAsync(
      topics.telemetry(plant.sn),
      JSON.stringify({
        msgId: 'dyn-1',
        ts: Date.now(),
        devices: [{ sn: plant.inverterSn, kind: 'INVERTER', data: { power: 1500 } }],
      }),
      { qos: 1 },
    );
    await waitFor(async () => (await samplesOf(plant.inverterId)) === 1, 10_000, 'the telemetry stored');
    await client.endAsync();
  });

  it('a reissued secret ends the session on the old one, and the old one is refused (CONNACK 5, MQTT 5: 135)', async () => {
    const plant = await register();
    const session = await connect(plant.sn, plant.secret);
    const gone = closed(session);
    const secret = await reissue(plant.dongleId);
    await gone;
    expect(await refusal(connect(plant.sn, plant.secret))).toBe(5);
    expect(await refusal(connect(plant.sn, plant.secret, 5))).toBe(135);
    const fresh = await connect(plant.sn, secret);
    expect(fresh.connected).toBe(true);
    await fresh.endAsync();
  });

  it('a removed dongle is disconnected at once and cannot sign in again', async () => {
    const plant = await register();
    const session = await connect(plant.sn, plant.secret);
    const gone = closed(session);
    const res = await t.call('POST', '/station/station/delete', {
      token: admin,
      body: { id: plant.plantId, confirmName: plant.name },
    });
    expect(res.status).toBe(200);
    await gone;
    expect(await refusal(connect(plant.sn, plant.secret))).toBe(5);
  });

  it('editing a plant: a dongle taken off is disconnected at once, one put on signs in with its new secret', async () => {
    const plant = await register();
    const session = await connect(plant.sn, plant.secret);
    const gone = closed(session);
    const tag = `${Date.now().toString(36).toUpperCase()}E`;
    const res = await t.call('POST', '/station/station/edit', {
      token: admin,
      body: {
        id: plant.plantId,
        ...plant.body,
        devices: {
          dongles: [
            { sn: `DYN-DGL-${tag}`, inverters: [{ sn: `DYN-INV-${tag}`, inverterType: 'SINGLE_PHASE' }] },
          ],
        },
      },
    });
    expect(res.status, res.body.msg).toBe(200);
    await gone;
    expect(await refusal(connect(plant.sn, plant.secret))).toBe(5);
    const [added] = res.body.data.dongles as { sn: string; secret: string }[];
    const fresh = await connect(added!.sn, added!.secret);
    await fresh.endAsync();
  });

  it('start-up reconciliation removes our stray clients, adds missing dongles without a password, leaves others alone', async () => {
    const kept = await register();
    const lost = await register();
    // Drift: a dongle's account lost, an account of a dongle the registry no longer has, someone else's client.
    await loop.dynsec.removed([lost.sn]);
    await loop.dynsec.issued([{ sn: 'DYN-STRAY-1', secret: 'stray-secret-0123456789' }]);
    const ctrl = spawnSync(
      'mosquitto_ctrl',
      [
        ...['-h', '127.0.0.1', '-p', String(loop.port)],
        ...['-u', loop.mosquitto.admin.username, '-P', loop.mosquitto.admin.password],
        ...['dynsec', 'createClient', 'someone-else', '-p', 'someone-else-pw'],
      ],
      { encoding: 'utf8' },
    );
    expect(ctrl.status, ctrl.stderr).toBe(0);

    const registered = (await t.ctx.db.select({ sn: dongles.sn }).from(dongles)).map((r) => r.sn);
    const result = await loop.dynsec.reconcile(registered);
    expect(result.removed).toEqual(['DYN-STRAY-1']);
    expect(result.added).toEqual([lost.sn]);
    expect(await loop.dynsec.reconcile(registered)).toEqual({ added: [], removed: [] });

    expect(await refusal(connect('DYN-STRAY-1', 'stray-secret-0123456789'))).toBe(5);
    const other = await mqtt.connectAsync(loop.brokerUrl, {
      username: 'someone-else',
      password: 'someone-else-pw',
      reconnectPeriod: 0,
      connectTimeout: 3000,
    });
    await other.endAsync();
    const still = await connect(kept.sn, kept.secret);
    await still.endAsync();
    // The recreated account has no password until the dongle's secret is reissued.
    expect(await refusal(connect(lost.sn, lost.secret))).toBe(5);
    const secret = await reissue(lost.dongleId);
    const back = await connect(lost.sn, secret);
    await back.endAsync();
  });

  // Last: it stops this file's Mosquitto.
  it('a broker that cannot be told refuses the change (503) and the registry keeps what it had', async () => {
    const plant = await register();
    const [before] = await t.ctx.db
      .select({ secretHash: dongles.secretHash })
      .from(dongles)
      .where(eq(dongles.id, plant.dongleId));
    loop.mosquitto.stop();

    const reissued = await t.call('POST', '/station/station/dongle/resetSecret', {
      token: admin,
      body: { dongleId: plant.dongleId },
    });
    expect(reissued.status).toBe(503);
    expect(reissued.body.msg).toMatch(/broker/i);
    const [after] = await t.ctx.db
      .select({ secretHash: dongles.secretHash })
      .from(dongles)
      .where(eq(dongles.id, plant.dongleId));
    expect(after!.secretHash).toBe(before!.secretHash);

    const body = {
      ...plant.body,
      stationName: unique('Dynsec refused '),
      devices: {
        dongles: [
          { sn: 'DYN-DGL-REFUSED', inverters: [{ sn: 'DYN-INV-REFUSED', inverterType: 'SINGLE_PHASE' }] },
        ],
      },
    };
    const added = await t.call('POST', '/station/station/add', { token: admin, body });
    expect(added.status).toBe(503);
    expect(await t.ctx.db.select().from(dongles).where(eq(dongles.sn, 'DYN-DGL-REFUSED'))).toEqual([]);
  }, 60_000);
});
