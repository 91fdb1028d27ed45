import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { MAX_PAYLOAD_BYTES, topics } from '@pvstar/contract/mqtt';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { sqlRow } from '../apps/server/src/db/rows.ts';
import { createIngest } from '../apps/server/src/ingest/ingest.ts';
import { verifyDongleSecret } from '../apps/server/src/modules/device/dongle-credentials.ts';
import { startEmbeddedBroker } from '../apps/server/src/mqtt/broker.ts';
import { benchSecret, benchSerial, messageOf, templates } from './ingest-load.ts';
import { benchDatabase, loadHouses, log } from './ingest-setup.ts';

/**
 * A backlog upload with one message in flight (docs/protocol.md "Backlogs"): one bench house's dongle (6
 * devices, 80 metrics a reading) uploads READINGS five-minute readings of a past outage through the
 * embedded broker into ingest, waiting for each PUBACK before the next message, as a careful dongle does.
 * Side by side in one run, on the same fresh database kind: one reading a message, and as many readings a
 * message as fit in the 64 KiB payload. Reports readings acknowledged per second (wall clock: one in flight
 * is latency-bound) and the server's CPU per reading (this process: broker + ingest + PGlite; the client's
 * share is small and the same per reading in both).
 *
 *   npm run bench:backlog                      PGlite (as `npm start`)
 *   DATABASE_URL=postgres://… npm run bench:backlog   also PostgreSQL
 *   READINGS=600 by default.
 *
 * bench/backlog.test.ts runs a short one in `npm test` and checks that every reading is stored.
 */

const STEP_MS = 5 * 60_000;

export interface BacklogRun {
  mode: string;
  readingsPerMessage: number;
  messages: number;
  readingsPerS: number;
  messagesPerS: number;
  cpuMsPerReading: number;
  stored: number;
}

/** One upload of `readings` five-minute readings, `perMessage` a message (or as many as fit), on a fresh database. */
export async function benchBacklog(
  postgresUrl: string | undefined,
  perMessage: number | 'fit',
  readings: number,
): Promise<BacklogRun> {
  const bench = await benchDatabase(postgresUrl);
  const { database } = bench;
  const db = database.db;
  try {
    await database.migrate();
    await loadHouses(database, 1);
    const ingest = createIngest({ db, log });
    const broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      serviceUser: 'bench-service',
      servicePassword: randomBytes(12).toString('hex'),
      verifyDongle: (sn, secret) => verifyDongleSecret(db, sn, secret),
      storeDongleMessage: (topic, payload) => ingest.handle(topic, payload),
      log,
    });
    const sn = benchSerial('D', 1);
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      clientId: sn,
      username: sn,
      password: benchSecret(sn),
      protocolVersion: 4,
      clean: false,
      reconnectPeriod: 0,
    });
    // The outage: `readings` readings every five minutes, ending a day ago (all of it history).
    const tpl = templates()[0]!;
    const first = Date.now() - 24 * 3600_000 - readings * STEP_MS;
    const batch = Array.from({ length: readings }, (_, k) => {
      const { ts, devices } = messageOf(tpl, 1, k, first + k * STEP_MS, '');
      return { ts, devices };
    });
    const payloads: string[] = [];
    for (let k = 0; k < batch.length; ) {
      if (perMessage !== 'fit') {
        const part = batch.slice(k, k + perMessage);
        payloads.push(
          JSON.stringify(
            perMessage === 1 ? { msgId: `m${k}`, ...part[0] } : { msgId: `m${k}`, readings: part },
          ),
        );
        k += part.length;
        continue;
      }
      // As many as fit below the payload limit.
      let n = 1;
      while (
        k + n < batch.length &&
        JSON.stringify({ msgId: `m${k}`, readings: batch.slice(k, k + n + 1) }).length <= MAX_PAYLOAD_BYTES
      )
        n++;
      payloads.push(JSON.stringify({ msgId: `m${k}`, readings: batch.slice(k, k + n) }));
      k += n;
    }
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (const p of payloads) await client.publishAsync(topics.telemetry(sn), p, { qos: 1 });
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    await client.endAsync();
    await broker.close();
    const stored = await sqlRow<{ n: number }>(
      db,
      sql`SELECT count(DISTINCT ts)::int AS n FROM telemetry_samples`,
    );
    return {
      mode: database.kind,
      readingsPerMessage: Math.round(readings / payloads.length),
      messages: payloads.length,
      readingsPerS: (readings / ms) * 1000,
      messagesPerS: (payloads.length / ms) * 1000,
      cpuMsPerReading: (cpu.user + cpu.system) / 1000 / readings,
      stored: stored!.n,
    };
  } finally {
    await bench.drop();
  }
}

async function main() {
  const READINGS = Number(process.env.READINGS ?? 600);
  const setups: (string | undefined)[] = [
    undefined,
    ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : []),
  ];
  console.log(
    `bench:backlog — ${READINGS} readings, one message in flight; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    '| database | readings a message | messages | readings/s | messages/s | server CPU ms a reading | stored |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const url of setups)
    for (const per of [1, 'fit'] as const) {
      const r = await benchBacklog(url, per, READINGS);
      if (r.stored !== READINGS) throw new Error(`${r.mode}: ${r.stored} of ${READINGS} readings stored`);
      console.log(
        `| ${r.mode} | ${r.readingsPerMessage} | ${r.messages} | ${r.readingsPerS.toFixed(1)} | ${r.messagesPerS.toFixed(1)} | ${r.cpuMsPerReading.toFixed(1)} | ${r.stored} |`,
      );
    }
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
