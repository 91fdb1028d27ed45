import { randomBytes } from 'node:crypto';
import { MQTT_AUTH_SECRET_HEADER } from '@pvstar/contract/mqtt-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { addSimulatedPlant } from '../../../test/simulated-plant.ts';

/**
 * POST /mqtt/auth and /mqtt/acl, as EMQX's HTTP authentication and authorisation call them: the same
 * decisions as the embedded broker (mqtt-acl.ts, the registry's secrets), and closed to everyone but the broker.
 */
const SECRET = randomBytes(24).toString('base64url');
const SERVICE_PASSWORD = randomBytes(12).toString('base64url');

describe('EMQX HTTP authentication and authorisation', () => {
  let t: TestApp;
  let off: TestApp;
  let a: { sn: string; secret: string };
  let b: { sn: string; secret: string };

  beforeAll(async () => {
    t = await buildTestApp({
      MQTT_HTTP_AUTH_SECRET: SECRET,
      MQTT_SERVICE_USER: 'svc',
      MQTT_SERVICE_PASSWORD: SERVICE_PASSWORD,
      MQTT_HTTP_AUTH_RATE_PER_MINUTE: '40',
    });
    off = await buildTestApp();
    const admin = await t.login('admin');
    const register = async () => {
      const plant = await addSimulatedPlant(t, { org: 'Solartechnik Alpha', brokerUrl: 'mqtt://unused' });
      const res = await t.call('POST', '/station/station/dongle/resetSecret', {
        token: admin,
        body: { dongleId: plant.dongleId },
      });
      return { sn: plant.dongleSn, secret: res.body.data.secret as string };
    };
    a = await register();
    b = await register();
  });

  afterAll(async () => {
    await t?.close();
    await off?.close();
  });

  let ip = 0;
  /** A call as EMQX makes it (from its own address, so the rate limit of one test does not reach another). */
  const post = async (
    app: TestApp,
    url: '/mqtt/auth' | '/mqtt/acl',
    body: object,
    secret: string | null = SECRET,
    from = `10.9.${Math.floor(++ip / 250)}.${ip % 250}`,
  ) => {
    const res = await app.app.inject({
      method: 'POST',
      url,
      remoteAddress: from,
      headers: secret === null ? {} : { [MQTT_AUTH_SECRET_HEADER]: secret },
      payload: body,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const auth = (body: object, secret?: string | null) => post(t, '/mqtt/auth', body, secret);
  const acl = (body: object) => post(t, '/mqtt/acl', body);
  const decision = async (p: ReturnType<typeof post>) => {
    const res = await p;
    expect(res.status).toBe(200);
    return res.body.result as string;
  };

  it('signs in a dongle with its own secret and the service account; refuses everything else alike', async () => {
    expect(await auth({ clientid: a.sn, username: a.sn, password: a.secret })).toEqual({
      status: 200,
      body: { result: 'allow', is_superuser: false },
    });
    expect(await decision(auth({ clientid: 'svc-1', username: 'svc', password: SERVICE_PASSWORD }))).toBe(
      'allow',
    );
    // The same answer whether the serial number exists or not: nothing to enumerate.
    for (const body of [
      { clientid: a.sn, username: a.sn, password: b.secret },
      { clientid: b.sn, username: b.sn, password: a.secret },
      { clientid: `${a.sn}-2`, username: a.sn, password: a.secret },
      { clientid: 'DGL-NOBODY-1', username: 'DGL-NOBODY-1', password: a.secret },
      { clientid: a.sn, username: a.sn, password: '' },
      { clientid: '', username: '', password: '' },
      { clientid: 'svc-1', username: 'svc', password: 'wrong' },
    ])
      expect(await auth(body), JSON.stringify(body)).toEqual({
        status: 200,
        body: { result: 'deny', is_superuser: false },
      });
  });

  it("authorises mqtt-acl.ts's topics: own up/ (retain only status), own down/ subscriptions", async () => {
    const me = { clientid: a.sn, username: a.sn };
    const cases: [object, string][] = [
      [{ action: 'publish', topic: `pvstar/v1/${a.sn}/up/telemetry` }, 'allow'],
      [{ action: 'publish', topic: `pvstar/v1/${a.sn}/up/status`, retain: 'true' }, 'allow'],
      [{ action: 'publish', topic: `pvstar/v1/${a.sn}/up/telemetry`, retain: 'true' }, 'deny'],
      [{ action: 'publish', topic: `pvstar/v1/${a.sn}/up/telemetry`, retain: true }, 'deny'],
      [{ action: 'publish', topic: `pvstar/v1/${b.sn}/up/telemetry` }, 'deny'],
      [{ action: 'publish', topic: `pvstar/v1/${a.sn}/down/cmd` }, 'deny'],
      [{ action: 'publish', topic: `pvstar/v1/${a.sn}/up/other` }, 'deny'],
      [{ action: 'subscribe', topic: `pvstar/v1/${a.sn}/down/#` }, 'allow'],
      [{ action: 'subscribe', topic: `pvstar/v1/${a.sn}/down/cmd` }, 'allow'],
      [{ action: 'subscribe', topic: '#' }, 'deny'],
      [{ action: 'subscribe', topic: `pvstar/v1/${a.sn}/#` }, 'deny'],
      [{ action: 'subscribe', topic: `pvstar/v1/${b.sn}/down/#` }, 'deny'],
      [{ action: 'subscribe', topic: 'pvstar/v1/+/down/#' }, 'deny'],
    ];
    for (const [body, expected] of cases)
      expect(await decision(acl({ ...me, ...body })), JSON.stringify(body)).toBe(expected);
    // A dongle's serial as user name with another client id is nobody.
    expect(
      await decision(
        acl({ clientid: 'x', username: a.sn, action: 'publish', topic: `pvstar/v1/${a.sn}/up/telemetry` }),
      ),
    ).toBe('deny');
    const svc = { clientid: 'svc-1', username: 'svc' };
    expect(
      await decision(acl({ ...svc, action: 'subscribe', topic: '$share/ingest/pvstar/v1/+/up/+' })),
    ).toBe('allow');
    expect(await decision(acl({ ...svc, action: 'publish', topic: `pvstar/v1/${a.sn}/down/cmd` }))).toBe(
      'allow',
    );
    expect(
      await decision(acl({ ...svc, action: 'publish', topic: `pvstar/v1/${a.sn}/down/cmd`, retain: 'true' })),
    ).toBe('deny');
  });

  it('answers only the broker: 401 without the shared secret, 404 when the feature is off', async () => {
    const body = { clientid: a.sn, username: a.sn, password: a.secret };
    for (const secret of [null, '', 'wrong', `${SECRET}x`, SECRET.slice(0, -1)]) {
      const res = await auth(body, secret);
      expect(res.status, String(secret)).toBe(401);
      expect(res.body.code).toBe(401);
      expect(JSON.stringify(res.body)).not.toContain('allow');
    }
    expect((await post(off, '/mqtt/auth', body)).status).toBe(404);
    expect((await post(off, '/mqtt/acl', { ...body, action: 'publish', topic: 'x' })).status).toBe(404);
  });

  it('limits calls per address', async () => {
    const body = { clientid: a.sn, username: a.sn, password: 'guess-0123456789abcdef' };
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++) statuses.push((await post(t, '/mqtt/auth', body, null, '10.99.0.1')).status);
    expect(statuses.slice(0, 40).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(40)).toEqual([429, 429, 429, 429, 429]);
  });
});
