import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedBroker, startEmbeddedBroker } from './broker.ts';
import { createConnectThrottle } from './connect-throttle.ts';

const service = { serviceUser: 'svc', servicePassword: 'service-secret-123' };

describe('connect storms on the embedded broker', () => {
  let broker: EmbeddedBroker;
  const lines: { msg: string; clientId?: string }[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const secrets: Record<string, string> = { 'DGL-STORM1': 'storm-secret-1', 'DGL-CALM01': 'calm-secret-1' };

  beforeAll(async () => {
    broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      ...service,
      log,
      verifyDongle: async (sn, given) => secrets[sn] === given,
      connectsPerMinute: 30,
    });
  });
  afterAll(() => broker.close());

  /** One connect and disconnect of a dongle; its CONNACK's return code (0: accepted). */
  const cycle = async (sn: string, password = secrets[sn]!) => {
    try {
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
        clientId: sn,
        username: sn,
        password,
        reconnectPeriod: 0,
        protocolVersion: 4,
        connectTimeout: 3000,
      });
      await client.endAsync(true);
      return 0;
    } catch (err) {
      return (err as { code?: number }).code ?? -1;
    }
  };

  it('refuses a client id past 30 connects a minute with CONNACK 3, logs it once, and lets others in', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) codes.push(await cycle('DGL-STORM1'));
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(0));
    // 3: server unavailable — "try again later", not "your credentials are wrong".
    expect(codes.slice(30)).toEqual(Array(10).fill(3));
    expect(lines.filter((l) => l.msg.startsWith('connect storm')).map((l) => l.clientId)).toEqual([
      'DGL-STORM1',
    ]);
    expect(await cycle('DGL-CALM01')).toBe(0);
  });

  it('counts only accepted connects: wrong secrets under a serial cannot lock its dongle out', async () => {
    for (let i = 0; i < 40; i++) expect(await cycle('DGL-CALM01', 'wrong-secret')).toBe(4);
    expect(await cycle('DGL-CALM01')).toBe(0);
  });

  it('lets the client id in again once its minute is over', () => {
    let at = 0;
    const throttle = createConnectThrottle({ perMinute: 2, log: pino({ level: 'silent' }), now: () => at });
    for (let i = 0; i < 2; i++) {
      expect(throttle.refuses('DGL-X00001')).toBe(false);
      throttle.accepted('DGL-X00001');
    }
    expect(throttle.refuses('DGL-X00001')).toBe(true);
    at += 59_999;
    expect(throttle.refuses('DGL-X00001')).toBe(true);
    at += 1;
    expect(throttle.refuses('DGL-X00001')).toBe(false);
  });
});
