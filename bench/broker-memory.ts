/**
 * Broker memory per connection: the embedded broker (aedes, as the server starts it, without a database:
 * every dongle's secret is accepted) in this process, and bench dongles connecting from a child process in
 * steps. After each step and a full garbage collection it reports this process's RSS and V8 heap, and at the
 * end the memory per connection (the slope from the first to the last step), the figure behind "from which
 * fleet size Mosquitto" in docs/operations.md. With MQTT_URL (a Mosquitto of its own is started when it is
 * `private`) the same dongles connect there and Mosquitto's RSS is reported instead.
 *
 *   npm run bench:broker-memory      STEPS=2000,5000,10000; PERSISTENT=1: dongles with clean: false
 */
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import pino from 'pino';
import { startEmbeddedBroker } from '../apps/server/src/mqtt/broker.ts';
import { dongleFleet } from './dongle-load.ts';
import { machine } from './ingest.ts';
import { benchSecret, benchSerial } from './ingest-load.ts';
import { privateMosquitto } from './private-mosquitto.ts';

const MB = 2 ** 20;
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** The child: connects dongles `from`..`to` when told, and holds them until it is killed. */
async function child() {
  let fleet: ReturnType<typeof dongleFleet> | null = null;
  process.on('message', async (msg: { url: string; from: number; to: number; persistent: boolean }) => {
    fleet ??= dongleFleet({ url: msg.url, keepaliveSeconds: 60, resend: msg.persistent });
    await fleet.connectAll(
      Array.from({ length: msg.to - msg.from }, (_, k) => {
        const sn = benchSerial('D', msg.from + k + 1);
        return { sn, password: benchSecret(sn) };
      }),
    );
    process.send!({ connected: fleet.stats.connected, disconnects: fleet.stats.disconnects });
  });
}

async function main() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with npm run bench:broker-memory (node --expose-gc)');
  const steps = (process.env.STEPS ?? '2000,5000,10000').split(',').map(Number);
  const persistent = process.env.PERSISTENT === '1';
  const mosquitto = process.env.MQTT_URL === 'private' ? await privateMosquitto() : null;
  const embedded = mosquitto
    ? null
    : await startEmbeddedBroker({
        port: 0,
        host: '127.0.0.1',
        serviceUser: 'svc',
        servicePassword: 'service-secret-123',
        verifyDongle: async () => true,
        storeDongleMessage: async () => {},
        log: pino({ level: 'silent' }),
      });
  const url = mosquitto?.url ?? `mqtt://127.0.0.1:${embedded!.port}`;
  const measure = async () => {
    await new Promise((r) => setTimeout(r, 2000));
    gc();
    return {
      rss: mosquitto ? rssOf(mosquitto.pid) : process.memoryUsage.rss(),
      heap: mosquitto ? 0 : process.memoryUsage().heapUsed,
    };
  };
  console.log(machine());
  console.log(
    `${mosquitto ? 'Mosquitto (private)' : 'embedded broker (aedes)'}, dongles ${persistent ? 'clean: false' : 'clean: true'}, keep-alive 60 s, load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`,
  );
  const generator: ChildProcess = fork(import.meta.filename, ['child'], { execArgv: ['--import', 'tsx'] });
  try {
    const base = await measure();
    console.log('| connections | RSS, MB | heap used, MB |\n|---:|---:|---:|');
    console.log(`| 0 | ${(base.rss / MB).toFixed(0)} | ${(base.heap / MB).toFixed(0)} |`);
    let last = base;
    let from = 0;
    for (const to of steps) {
      const done = new Promise<{ connected: number; disconnects: number }>((resolve) =>
        generator.once('message', resolve as (m: unknown) => void),
      );
      generator.send({ url, from, to, persistent });
      const stats = await done;
      if (stats.connected !== to || stats.disconnects) throw new Error(`connected ${JSON.stringify(stats)}`);
      from = to;
      last = await measure();
      console.log(`| ${to} | ${(last.rss / MB).toFixed(0)} | ${(last.heap / MB).toFixed(0)} |`);
    }
    const n = steps.at(-1)!;
    console.log(
      `\nper connection (0 → ${n}): RSS ${((last.rss - base.rss) / n / 1024).toFixed(1)} KB, heap ${((last.heap - base.heap) / n / 1024).toFixed(1)} KB`,
    );
  } finally {
    generator.kill();
    await embedded?.close();
    mosquitto?.stop();
  }
}

if (process.argv[2] === 'child') await child();
else await main();
