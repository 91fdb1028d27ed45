import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { DongleSnapshot } from './dongle.ts';
import { startFleet } from './fleet.ts';
import { generateFleet, parseFleetFile } from './fleet-file.ts';

const USAGE = `PVSTAR device simulator

  npm run simulate -- --fleet fleet.json [--plants N] [--interval 60] [--broker mqtt://localhost:1883]
  npm run simulate -- --generate N --out fleet.json [--seed 1]

  --fleet FILE         dongles with sn, secret, plant and devices (the server writes one)
  --plants N           run only the first N dongles of the file (without --fleet: N generated
                       dongles with placeholder secrets, for a broker that lets them in)
  --interval S         seconds between telemetry messages (default 60)
  --broker URL         MQTT broker (default $MQTT_URL or mqtt://localhost:1883)
  --fault-rate P       chance per interval and dongle of raising a fault (default 0.002)
  --offline-rate P     chance per interval and dongle of dropping off the network (default 0.0005)
  --firmware-fail P    chance that a verified firmware image fails to flash (default 0.05)
  --firmware-key FILE  a manufacturer's Ed25519 public key (PEM or raw base64) firmware must be
                       signed with; repeat for several (without one every image is refused)
  --state FILE         keep lifetime counters across restarts in FILE
  --generate N --out F write an example fleet of N plants (DE/AT/NL) and exit
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function number(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) fail(`--${name} must be a number in ${min}..${max}`);
  return n;
}

/** npm runs workspace scripts in the workspace's folder; a relative path means where the command was typed. */
const here = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

function writeAtomic(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        fleet: { type: 'string' },
        plants: { type: 'string' },
        interval: { type: 'string' },
        broker: { type: 'string' },
        'fault-rate': { type: 'string' },
        'offline-rate': { type: 'string' },
        'firmware-fail': { type: 'string' },
        'firmware-key': { type: 'string', multiple: true },
        state: { type: 'string' },
        generate: { type: 'string' },
        out: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    return fail((err as Error).message);
  }
})();

if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

const seed = number(values.seed, 'seed', 1, 0, 2 ** 32 - 1);

if (values.generate !== undefined) {
  const n = number(values.generate, 'generate', 0, 1, 100_000);
  if (!values.out) fail('--generate needs --out FILE');
  writeAtomic(here(values.out), `${JSON.stringify(generateFleet(n, seed), null, 2)}\n`);
  process.stdout.write(
    `wrote ${n} dongles to ${values.out} (placeholder secrets: the broker must know them)\n`,
  );
  process.exit(0);
}

const plants = values.plants === undefined ? undefined : number(values.plants, 'plants', 0, 1, 100_000);
let dongles = (() => {
  if (!values.fleet) {
    if (!plants) fail('give --fleet FILE, or --plants N to run generated dongles');
    process.stderr.write('no --fleet: running generated dongles with placeholder secrets\n');
    return generateFleet(plants, seed).dongles;
  }
  try {
    return parseFleetFile(JSON.parse(readFileSync(here(values.fleet), 'utf8'))).dongles;
  } catch (err) {
    return fail(`${values.fleet}: ${(err as Error).message}`);
  }
})();
if (plants !== undefined) dongles = dongles.slice(0, plants);

const statePath = values.state === undefined ? undefined : here(values.state);
/** Saved counters by dongle; entries that do not look like a snapshot are dropped, not trusted. */
function readState(path: string): Record<string, DongleSnapshot> {
  const raw: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!raw || typeof raw !== 'object') return {};
  return Object.fromEntries(
    Object.entries(raw).filter(
      ([, v]) =>
        typeof v?.at === 'number' && typeof v?.soc === 'number' && typeof v?.totals?.total === 'object',
    ),
  );
}
const resume = statePath && existsSync(statePath) ? readState(statePath) : {};
const interval = number(values.interval, 'interval', 60, 1, 3600);
const brokerUrl = values.broker ?? process.env.MQTT_URL ?? 'mqtt://localhost:1883';

const say = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);
const fleet = startFleet({
  brokerUrl,
  dongles,
  interval,
  faultRate: number(values['fault-rate'], 'fault-rate', 0.002, 0, 1),
  offlineRate: number(values['offline-rate'], 'offline-rate', 0.0005, 0, 1),
  firmwareFailRate: number(values['firmware-fail'], 'firmware-fail', 0.05, 0, 1),
  firmwareKeys: (values['firmware-key'] ?? []).map((file) => readFileSync(here(file), 'utf8')),
  resume,
  log: { info: (m) => say(m), warn: (m) => say(`WARN ${m}`) },
});
say(`${dongles.length} dongles → ${brokerUrl}, one message every ${interval} s each`);

let lastPublished = 0;
const status = setInterval(() => {
  const s = fleet.stats();
  const rate = (s.published - lastPublished) / 30;
  lastPublished = s.published;
  say(
    `dongles ${s.dongles} connected ${s.connected} offline ${s.offline} | published ${s.published} ` +
      `(${rate.toFixed(1)}/s) acked ${s.acked} errors ${s.errors} | events ${s.events} commands ${s.commands}`,
  );
}, 30_000);

const saveState = () => {
  if (statePath) writeAtomic(statePath, JSON.stringify({ ...resume, ...fleet.snapshot() }));
};
const saver = statePath ? setInterval(saveState, 5 * 60_000) : undefined;

let stopping = false;
async function shutdown(): Promise<void> {
  // A second Ctrl-C means now.
  if (stopping) process.exit(1);
  stopping = true;
  clearInterval(status);
  clearInterval(saver);
  say('stopping: publishing offline and disconnecting');
  await fleet.stop();
  saveState();
  const s = fleet.stats();
  say(`stopped: published ${s.published} acked ${s.acked} errors ${s.errors}`);
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
