import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateOpenApi } from './openapi.ts';

describe('OpenAPI document', () => {
  it('is committed and matches what the server generates (run `npm run openapi -w @pvstar/server`)', async () => {
    const committed = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../docs/openapi.json'),
      'utf8',
    );
    const generated = await generateOpenApi();
    expect(JSON.parse(generated)).toEqual(JSON.parse(committed));
    expect(Object.keys(JSON.parse(generated).paths)).toContain('/auth/user/login');
  });
});
