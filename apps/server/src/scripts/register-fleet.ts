import fs from 'node:fs';
import pino from 'pino';
import { connectDynsec } from '../mqtt/dynsec.ts';
import { commandLine, onDatabase, usageError, whereTyped } from './cli.ts';
import { findOrg, plantCount, registerFleet, writeFleetFile } from './fleet-registration.ts';

const USAGE = `Register simulated plants in the configured database and write the simulator's fleet file

  npm run register-fleet -- --plants 500 --org <organisation id or name> --out fleet.json [--prefix SIM]

  --plants N      how many plants (each with a dongle, an inverter and per type battery, meter, …)
  --org ORG       the organisation they belong to: its id or its exact name
  --out FILE      the fleet file to write (mode 0600: it holds every dongle's secret); never overwritten
  --prefix P      serial and plant numbers P-D-0001, P-I-0001, P-P-0001, … (default SIM); a later run
                  with the same prefix continues the numbering
  --interval S    the reporting interval the dongles are registered with (default 60)

The database is DATABASE_URL, or the embedded one in DATA_DIR (stop the server first: the embedded
database serves one process at a time). Then run the fleet:

  npm run simulate -- --fleet fleet.json --interval 60 --broker mqtt://<server>:1883
`;

// A type of its own, so that the compiler knows a failed check ends the tool.
const fail: (message: string) => never = (message) => usageError(USAGE, message);
const { values } = commandLine(USAGE, {
  options: {
    plants: { type: 'string' },
    org: { type: 'string' },
    out: { type: 'string' },
    prefix: { type: 'string', default: 'SIM' },
    interval: { type: 'string', default: '60' },
    help: { type: 'boolean', short: 'h' },
  },
});
const count = Number(values.plants);
if (!Number.isInteger(count) || count < 1 || count > 100_000)
  fail('--plants must be a whole number in 1..100000');
const interval = Number(values.interval);
if (!Number.isInteger(interval) || interval < 1 || interval > 3600)
  fail('--interval must be seconds in 1..3600');
if (!values.org) fail('--org is required');
if (!values.out) fail('--out is required');
const out = whereTyped(values.out!);
if (fs.existsSync(out)) fail(`${out} exists: choose another --out (its secrets would be lost)`);

await onDatabase('register-fleet', async (db, config) => {
  const org = await findOrg(db, values.org!);
  const started = Date.now();
  const { file, first, last } = await registerFleet(db, {
    plants: count,
    orgId: org.id,
    prefix: values.prefix,
    intervalSeconds: interval,
  });
  writeFleetFile(out, file);
  // With MQTT_AUTH=dynsec, Mosquitto is told the secrets now: they exist in plain nowhere else.
  if (config.MQTT_URL && config.MQTT_AUTH === 'dynsec') {
    const dynsec = await connectDynsec({ url: config.MQTT_URL, log: pino({ level: 'warn' }) });
    try {
      await dynsec.issued(file.dongles.map((d) => ({ sn: d.sn, secret: d.secret })));
    } finally {
      await dynsec.close();
    }
  }
  process.stdout.write(
    `registered ${file.dongles.length} plants (dongles ${first} … ${last}) under "${org.name}" ` +
      `(${await plantCount(db, org.id)} plants there now) in ${((Date.now() - started) / 1000).toFixed(1)} s\n` +
      `wrote ${out} (mode 0600: it holds the dongles' secrets)\n` +
      `run them: npm run simulate -- --fleet ${values.out} --interval ${interval} --broker mqtt://<server>:1883\n`,
  );
});
