import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { breakingChanges, unrecorded } from '../../test/openapi-compat.ts';
import { generateOpenApi } from './openapi.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const COMMITTED = 'docs/openapi.json';
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/**
 * The document before its latest change, from git: HEAD's when the working tree changed it, else the one
 * before the last commit that did. Null without git (an exported tree) or history.
 */
function previousDocument(): string | null {
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 1 << 26,
    });
  try {
    const head = git('show', `HEAD:${COMMITTED}`);
    if (head !== read(COMMITTED)) return head;
    const last = git('log', '-1', '--format=%H', '--', COMMITTED).trim();
    return last ? git('show', `${last}~1:${COMMITTED}`) : null;
  } catch {
    return null;
  }
}

describe('OpenAPI document', () => {
  let generated: string;
  beforeAll(async () => {
    generated = await generateOpenApi();
  });

  it('is committed and matches what the server generates (run `npm run openapi -w @pvstar/server`)', () => {
    expect(JSON.parse(generated)).toEqual(JSON.parse(read(COMMITTED)));
    expect(Object.keys(JSON.parse(generated).paths)).toContain('/auth/user/login');
  });

  it('gives each operation a summary, its error answers, the client headers and the right security', () => {
    const doc = JSON.parse(generated);
    const text = JSON.stringify(doc);
    for (const ref of new Set(
      [...text.matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)].map((m) => `${m[1]}/${m[2]}`),
    ))
      expect(doc.components[ref.split('/')[0]!]?.[ref.split('/')[1]!], ref).toBeDefined();
    const untyped: string[] = [];
    JSON.parse(generated, (key, value) => {
      if (value && typeof value === 'object' && value.nullable && !value.type) untyped.push(key);
      return value;
    });
    expect(untyped, 'nullable without type').toEqual([]);
    const ops = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.entries(item as Record<string, Record<string, unknown>>).map(([m, op]) => ({
        at: `${m} ${p}`,
        op,
      })),
    );
    for (const { at, op } of ops) {
      expect(op.summary, at).toEqual(expect.any(String));
      const responses = Object.keys(op.responses as object);
      expect(responses, at).toEqual(expect.arrayContaining(['400', '500']));
      const headers = (op.parameters as { $ref?: string }[]).map((p) => p.$ref).filter(Boolean);
      expect(headers, at).toEqual(['lang', 'fromType', 'sn'].map((h) => `#/components/parameters/${h}`));
      if (op.security) expect(op.security, at).toEqual([]);
      else expect(responses, at).toEqual(expect.arrayContaining(['401', '403']));
    }
    expect(doc.paths['/auth/user/login'].post.security).toEqual([]);
    expect(doc.paths['/station/station/{id}'].get.deprecated).toBe(true);
    expect(doc.components.schemas.OrgTreeNode.properties.children.items).toEqual({
      $ref: '#/components/schemas/OrgTreeNode',
    });
  });

  it('breaks no client without a line in docs/api-changelog.md naming the operation', () => {
    // The released contract is the committed document; its own latest change is held to the same rule.
    const pairs: [string, string, string][] = [[`${COMMITTED} → generated`, read(COMMITTED), generated]];
    const previous = previousDocument();
    if (previous) pairs.push([`previous ${COMMITTED} → committed`, previous, read(COMMITTED)]);
    const changelog = read('docs/api-changelog.md');
    const missing = pairs.flatMap(([label, before, after]) =>
      unrecorded(breakingChanges(JSON.parse(before), JSON.parse(after)), changelog).map(
        (c) => `${label}: ${c.operation} (${c.operationId}): ${c.change}`,
      ),
    );
    expect(
      missing,
      'breaking changes of the API: keep the old form (a deprecated alias, docs/api.md "Versioning") or record each in docs/api-changelog.md, naming the operation',
    ).toEqual([]);
  });
});
