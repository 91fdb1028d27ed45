/**
 * Connections: DONGLES bench dongles (default 10,000) connect and stay connected for HOLD seconds, each
 * sending one telemetry message a minute with a 60 s keep-alive, into the product's broker and ingest.
 * Reports the RSS of broker + ingest (this process on the embedded default; plus Mosquitto's own with
 * PostgreSQL + Mosquitto), the time to connect them all, and every connection dropped on the way.
 *
 *   npm run bench:connections            DONGLES=10000 HOLD=150 RUNS=1; ONLY=pglite|postgres as bench:ingest
 *
 * The generator and the measurement are bench:ingest's (bench/ingest.ts) at one message per dongle a minute.
 */
import { benchIngest, type IngestResult, machine, median } from './ingest.ts';
import { privateMosquitto } from './private-mosquitto.ts';

async function main() {
  const env = process.env;
  const dongles = Number(env.DONGLES ?? 10_000);
  const hold = Number(env.HOLD ?? 150);
  const runs = Number(env.RUNS ?? 1);
  const setups: { name: string; postgresUrl?: string; mosquitto?: boolean }[] = [];
  if (env.ONLY !== 'postgres') setups.push({ name: 'embedded (PGlite + embedded broker)' });
  if (env.DATABASE_URL && env.ONLY !== 'pglite')
    setups.push({ name: 'PostgreSQL + Mosquitto', postgresUrl: env.DATABASE_URL, mosquitto: !!env.MQTT_URL });
  console.log(machine());
  console.log(
    `${dongles} dongles held ${hold} s, one message a minute each, keep-alive 60 s, ${runs} run(s)\n`,
  );
  for (const setup of setups) {
    const results: IngestResult[] = [];
    for (let r = 0; r < runs; r++) {
      const broker = setup.mosquitto ? await privateMosquitto() : null;
      const res = await benchIngest({
        dongles,
        rate: dongles / 60,
        seconds: hold,
        postgresUrl: setup.postgresUrl,
        mqttUrl: broker?.url,
        brokerPid: broker?.pid,
      }).finally(() => broker?.stop());
      results.push(res);
      console.log(`${setup.name} run ${r + 1}:`, JSON.stringify(res));
    }
    const m = (f: (r: IngestResult) => number) => median(results.map(f));
    const rows: [string, string][] = [
      ['connected dongles', String(dongles)],
      ['time to connect all, s', (m((r) => r.connectMs) / 1000).toFixed(1)],
      ['server RSS, all connected, MB', m((r) => r.serverRssConnectedMb).toFixed(0)],
      ['server RSS, max while held, MB', m((r) => r.serverRssMaxMb).toFixed(0)],
      ...(results[0]!.brokerRssMb !== null
        ? [['Mosquitto RSS, MB', m((r) => r.brokerRssMb ?? 0).toFixed(0)] as [string, string]]
        : []),
      ['messages published / stored', `${m((r) => r.published)} / ${m((r) => r.storedMessages)}`],
      ['connections dropped', String(results.reduce((n, r) => n + r.disconnects, 0))],
      ['server CPU, % of one core', m((r) => r.serverCpuPct).toFixed(0)],
    ];
    console.log(`\n### ${setup.name}\n\n| figure | value |\n|---|---:|`);
    for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
    console.log('');
  }
}

await main();
