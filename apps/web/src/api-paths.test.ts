import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web reaches the API only through the contract's endpoint table (`call`, `upload`, `PageTable`'s
 * `endpoint`) and its pages through the menu table: no path of the API or of a page is written out here.
 */
const root = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('API paths', () => {
  it('no API or page path is written out in the web outside tests', () => {
    const literal = /['"`]\/(station|iot|system|auth|file|mqtt)\//;
    const offending = sourceFiles(root)
      .map((file) => path.relative(root, file))
      .filter((file) =>
        fs
          .readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .some((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && literal.test(line)),
      );
    expect(offending).toEqual([]);
  });

  it('a feature or entity calls the API only from its api files (`<name>-api.ts`)', () => {
    const callers = sourceFiles(root)
      .map((file) => path.relative(root, file))
      .filter((file) => /^(features|entities)\//.test(file))
      .filter((file) =>
        /import \{[^}]*\b(call|upload)\b[^}]*\} from '[./]*api\/call\.ts'/.test(
          fs.readFileSync(path.join(root, file), 'utf8'),
        ),
      )
      .filter((file) => !/-api\.ts$/.test(file));
    expect(callers).toEqual([]);
  });
});
