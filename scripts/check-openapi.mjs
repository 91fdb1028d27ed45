// The OpenAPI document as integrators' tools read it. Part of `npm test` (after typecheck):
// 1. generates the document afresh (into a temporary file: the committed docs/openapi.json is compared
//    by apps/server/src/scripts/openapi.test.ts, not overwritten here);
// 2. lints it with Redocly CLI (redocly.yaml): any error fails;
// 3. generates TypeScript types from it with openapi-typescript: any error fails, and the SDK's committed
//    types (packages/sdk/src/schema.d.ts) must be what it gives.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-openapi-'));
const doc = path.join(dir, 'openapi.json');
const types = path.join(dir, 'schema.d.ts');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function step(label, command, args) {
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, encoding: 'utf8', timeout: 120_000 });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status !== 0) {
    console.error(`check:openapi: ${label} FAILED (${seconds} s)\n${run.stdout}\n${run.stderr}`);
    process.exit(1);
  }
  console.log(`check:openapi: ${label} ok (${seconds} s)`);
  return run;
}

step('generate', bin('tsx'), ['apps/server/src/scripts/write-openapi.ts', doc]);
// --format=stylish prints each problem; warnings are shown, errors fail (exit code).
step('redocly lint', bin('redocly'), ['lint', doc, '--config', 'redocly.yaml', '--format=stylish']);
const gen = step('openapi-typescript', bin('openapi-typescript'), [doc, '--output', types]);
if (/error/i.test(gen.stderr)) {
  console.error(`check:openapi: openapi-typescript reported errors\n${gen.stderr}`);
  process.exit(1);
}

// The SDK's types (generated from the committed document, which the unit tests hold equal to a fresh one).
const sdkTypes = path.join(root, 'packages/sdk/src/schema.d.ts');
if (!fs.existsSync(sdkTypes) || fs.readFileSync(sdkTypes, 'utf8') !== fs.readFileSync(types, 'utf8')) {
  console.error(
    'check:openapi: packages/sdk/src/schema.d.ts is not what docs/openapi.json gives: run `npm run openapi -w @pvstar/server && npm run generate -w @pvstar/sdk`',
  );
  process.exit(1);
}
fs.rmSync(dir, { recursive: true, force: true });
