import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Imports flow one way (shared → entities → features → app): a feature never imports another, an entity (a
 * domain slice several features show: alarms, remote parameters, users, two-factor) neither a feature nor
 * another entity, shared code neither.
 */
const root = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Each relative import of the tree, as [importing file, imported file], both relative to src/. */
const imports = sourceFiles(root).flatMap((file) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)].map(
    (m) => [path.relative(root, file), path.relative(root, path.resolve(path.dirname(file), m[1]!))] as const,
  ),
);
const featureOf = (file: string) => (file.startsWith('features/') ? file.split('/')[1] : null);

describe('import boundaries', () => {
  it('no feature imports another feature', () => {
    const crossing = imports.filter(([from, to]) => {
      const source = featureOf(from);
      const target = featureOf(to);
      return source !== null && target !== null && source !== target;
    });
    expect(crossing).toEqual([]);
  });

  it('shared code imports neither entities, features nor the app', () => {
    const shared = ['api/', 'components/', 'i18n/', 'permissions/', 'stores/'];
    const upward = imports.filter(
      ([from, to]) =>
        shared.some((dir) => from.startsWith(dir)) &&
        (to.startsWith('entities/') || to.startsWith('features/') || to.startsWith('app/')),
    );
    expect(upward).toEqual([]);
  });

  it('an entity imports neither features, the app nor another entity', () => {
    const entityOf = (file: string) => (file.startsWith('entities/') ? file.split('/')[1] : null);
    const upward = imports.filter(([from, to]) => {
      const source = entityOf(from);
      if (source === null) return false;
      const target = entityOf(to);
      return to.startsWith('features/') || to.startsWith('app/') || (target !== null && target !== source);
    });
    expect(upward).toEqual([]);
  });

  it("takes numbers only through NumberInput (antd's InputNumber writes 287.5 in every language)", () => {
    const direct = sourceFiles(root).filter(
      (file) =>
        !file.endsWith('components/number-input.tsx') &&
        !/\.test\.tsx?$/.test(file) &&
        /\bInputNumber\b/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(direct.map((f) => path.relative(root, f))).toEqual([]);
  });

  it('has no module that nothing imports (a second copy of a helper lingers as one)', () => {
    // Started by others: the page (index.html), Vitest's set-up, and the catalogues i18n globs for.
    const entries = ['main.tsx', 'test/setup.ts'];
    const globbed = /^i18n\/catalogues\/[^/]+\.ts$/;
    const imported = new Set(imports.map(([, to]) => to.replace(/\.tsx?$/, '')));
    const orphans = sourceFiles(root)
      .map((file) => path.relative(root, file))
      .filter(
        (file) =>
          !/\.test\.tsx?$/.test(file) &&
          !entries.includes(file) &&
          !globbed.test(file) &&
          !imported.has(file.replace(/\.tsx?$/, '')),
      );
    expect(orphans).toEqual([]);
  });

  it('loads code on demand only through lazyRetrying (a dropped chunk is asked for again)', () => {
    const plainLazy = sourceFiles(root).filter(
      (file) =>
        !file.endsWith('components/lazy-retrying.ts') &&
        !/\.test\.tsx?$/.test(file) &&
        /(?<![\w.])lazy\(/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(plainLazy.map((f) => path.relative(root, f))).toEqual([]);
  });
});
