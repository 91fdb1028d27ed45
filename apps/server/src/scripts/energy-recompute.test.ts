import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, 'energy-recompute.ts');
const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-recompute-'));
/** The script on an embedded database of its own (never the suite's PostgreSQL). */
const recompute = (...args: string[]) => {
  const { DATABASE_URL: _, ...env } = process.env;
  return run(tsx, [script, ...args], { env: { ...env, DATA_DIR: dir } }).then(
    (r) => ({ code: 0, ...r }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
};

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// What it rebuilds is proven on recomputeEnergy itself (ingest/ingest.test.ts, ingest/energy-metering.test.ts).
describe('energy:recompute', () => {
  it('refuses bad arguments with its usage, and names a plant that does not exist', async () => {
    const bad = await recompute('--plant', 'x', '--from', '2026-01-01', '--to', '2026-01-02');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--plant must be a plant id');
    expect(bad.stderr).toContain('npm run energy:recompute -- --plant ID');
    const missing = await recompute('--plant', '999', '--from', '2026-01-01', '--to', '2026-01-02');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('plant 999 not found');
    const backwards = await recompute('--plant', '999', '--from', '2026-01-03', '--to', '2026-01-02');
    expect(backwards.stderr).toContain('from not after to');
  }, 60_000);
});
