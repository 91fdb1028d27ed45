import { describe, expect, it } from 'vitest';
import { benchIngest, type IngestOptions } from './ingest.ts';
import { privateMosquitto } from './private-mosquitto.ts';

/**
 * The ingest benchmark on a small load, so that it never rots: every message the dongles publish is
 * stored once, the plant energy follows the counters, and the COPY comparison reads back the same rows.
 */
const SMALL = { dongles: 40, rate: 500, seconds: 4 };

async function check(o: IngestOptions) {
  const r = await benchIngest(o);
  expect(r.published).toBe(SMALL.rate * SMALL.seconds);
  expect(r.acked).toBe(r.published);
  expect(r.committed).toBe(r.published);
  expect(r.storedMessages).toBe(r.published);
  expect(r.storedRows).toBe(r.published * 6);
  expect(r.energyMismatches).toBe(0);
  expect(r.disconnects).toBe(0);
  expect(r.copyRowsPerS).toBeGreaterThan(0);
  expect(r.p99Ms).toBeGreaterThanOrEqual(r.p50Ms);
}

describe('bench:ingest, short', () => {
  it('stores every published message once on the embedded default', () => check(SMALL), 120_000);

  it.runIf(process.env.DATABASE_URL)(
    'stores every published message once on PostgreSQL (with Mosquitto when configured)',
    async () => {
      const broker = process.env.MQTT_URL ? await privateMosquitto() : null;
      try {
        await check({
          ...SMALL,
          postgresUrl: process.env.DATABASE_URL,
          mqttUrl: broker?.url,
          brokerPid: broker?.pid,
        });
      } finally {
        broker?.stop();
      }
    },
    120_000,
  );
});
