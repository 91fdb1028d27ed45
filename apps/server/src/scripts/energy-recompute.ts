import { recomputeEnergy } from '../ingest/energy-recompute.ts';
import { commandLine, onDatabase, usageError } from './cli.ts';

const USAGE = `Rebuild a plant's energy roll-ups (inverter, plant, month and organisation days) from its raw samples

  npm run energy:recompute -- --plant ID --from YYYY-MM-DD --to YYYY-MM-DD

  --plant ID      the plant's id
  --from, --to    the plant's local days to rebuild, both included

Only days with raw samples are rewritten; days without (expired partitions, the demo back-fill) keep their
roll-ups. The database is DATABASE_URL, or the embedded one in DATA_DIR (stop the server first: the
embedded database serves one process at a time).
`;

// A type of its own, so that the compiler knows a failed check ends the tool.
const fail: (message: string) => never = (message) => usageError(USAGE, message);
const { values } = commandLine(USAGE, {
  options: {
    plant: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const plantId = Number(values.plant);
if (!Number.isInteger(plantId) || plantId < 1) fail('--plant must be a plant id');
if (!values.from || !values.to) fail('--from and --to are required');

const kwh = (n: number) => `${n.toFixed(3)} kWh`;
const { from, to } = values as { from: string; to: string };
await onDatabase('energy:recompute', async (db) => {
  const started = Date.now();
  const r = await recomputeEnergy(db, { plantId, from, to });
  const lines = (Object.keys(r.before) as (keyof typeof r.before)[]).map(
    (figure) => `  ${figure.padEnd(12)} ${kwh(r.before[figure]).padStart(16)} -> ${kwh(r.after[figure])}`,
  );
  process.stdout.write(
    `plant ${plantId}, ${from} … ${to}: ${r.deviceDays} inverter days rebuilt from raw samples ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s\n${lines.join('\n')}\n`,
  );
});
