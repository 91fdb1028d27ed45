import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from './index.ts';

/** Modules an endpoint table may take values from: none of them builds a schema (decision 007). */
const ZOD_FREE = new Set(['../endpoint.ts', '../perm.ts', '../client.ts', '../enum-values.ts']);

describe('endpoint table', () => {
  it('loads no schema library at run time: values only from zod-free modules, the rest as types', () => {
    const dir = new URL('.', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      for (const [, typeOnly, from] of source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)) {
        if (typeOnly || from!.startsWith('./')) continue;
        expect(ZOD_FREE.has(from!), `${file} imports values from ${from}`).toBe(true);
      }
    }
  });

  it('names every endpoint once and gives each method and path once', () => {
    const ids = ALL_ENDPOINTS.map((e) => e.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
