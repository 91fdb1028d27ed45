import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { recomputeEnergy } from '../ingest/energy-recompute.ts';
import { lockDataDir } from './data-dir-lock.ts';

const USAGE = `Rebuild a plant's energy roll-ups (inverter, plant, month and organisation days) from its raw samples

  npm run energy:recompute -- --plant ID --from YYYY-MM-DD --to YYYY-MM-DD

  --plant ID      the plant's id
  --from, --to    the plant's local days to rebuild, both included

Only days with raw samples are rewritten; days without (expired partitions, the demo back-fill) keep their
roll-ups. The database is DATABASE_URL, or the embedded one in DATA_DIR (stop the server first: the
embedded database serves one process at a time).
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        plant: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
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
const plantId = Number(values.plant);
if (!Number.isInteger(plantId) || plantId < 1) fail('--plant must be a plant id');
if (!values.from || !values.to) fail('--from and --to are required');

const kwh = (n: number) => `${n.toFixed(3)} kWh`;
try {
  const config = loadConfig();
  const dbDir = path.join(path.resolve(config.DATA_DIR), 'db');
  const lock = config.DATABASE_URL ? null : lockDataDir(dbDir);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: dbDir });
  try {
    await database.migrate();
    const started = Date.now();
    const r = await recomputeEnergy(database.db, { plantId, from: values.from, to: values.to });
    const lines = (Object.keys(r.before) as (keyof typeof r.before)[]).map(
      (figure) => `  ${figure.padEnd(12)} ${kwh(r.before[figure]).padStart(16)} -> ${kwh(r.after[figure])}`,
    );
    process.stdout.write(
      `plant ${plantId}, ${values.from} … ${values.to}: ${r.deviceDays} inverter days rebuilt from raw samples ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s\n${lines.join('\n')}\n`,
    );
  } finally {
    await database.close();
    lock?.release();
  }
} catch (err) {
  process.stderr.write(
    `${err instanceof ConfigError ? err.message : `energy:recompute: ${(err as Error).message}`}\n`,
  );
  process.exit(1);
}
