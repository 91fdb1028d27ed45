import fs from 'node:fs';
import path from 'node:path';
import { generateOpenApi } from './openapi.ts';

/** Writes docs/openapi.json; committed so that API changes show in review (a test compares). */
const target = path.resolve(import.meta.dirname, '../../../../docs/openapi.json');
fs.writeFileSync(target, await generateOpenApi());
console.log(`wrote ${target}`);
