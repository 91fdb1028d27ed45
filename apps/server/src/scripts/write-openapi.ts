import fs from 'node:fs';
import path from 'node:path';
import { generateOpenApi } from './openapi.ts';

/**
 * Writes docs/openapi.json, committed so that API changes show in review (a test compares), or the file
 * given as the argument (scripts/check-openapi.mjs lints a fresh one without touching the committed one).
 */
const target = path.resolve(
  process.argv[2] ?? path.join(import.meta.dirname, '../../../../docs/openapi.json'),
);
fs.writeFileSync(target, await generateOpenApi());
console.log(`wrote ${target}`);
