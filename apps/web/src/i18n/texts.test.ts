import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE_NAMESPACES, PAGE_NAMESPACES } from './index.ts';

/**
 * Every view waits for the texts it shows: a namespace outside the core catalogue is loaded only by the
 * `withTexts([…], () => import(…))` of a view on the way to the code that shows it. Walked from the entry:
 * a static import shows with its importer's texts, a lazily loaded module with those and the namespaces
 * its loader names. A module counts as showing each namespace it names a key of (`'plant:…'`).
 */
const src = path.resolve(import.meta.dirname, '..');
const pageNamespaces = new Set<string>(PAGE_NAMESPACES);

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`].find((f) => /\.tsx?$/.test(f) && fs.existsSync(f)) ?? null;
}

interface Module {
  imports: string[];
  lazy: { file: string; ns: string[] }[];
  shows: string[];
}
const modules = new Map<string, Module>();
function read(file: string): Module {
  let m = modules.get(file);
  if (m) return m;
  const text = fs.readFileSync(file, 'utf8');
  const named = (list: string) => [...list.matchAll(/'([A-Za-z]+)'/g)].map((n) => n[1]!);
  const withTexts = [...text.matchAll(/withTexts\(\s*\[([^\]]*)\]\s*,\s*\(\)\s*=>\s*import\('(\.[^']+)'\)/g)];
  const declared = new Map(withTexts.map((w) => [w[2]!, named(w[1]!)]));
  m = {
    imports: [
      ...text.matchAll(/^import\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?'(\.[^']+)'/gm),
      ...text.matchAll(/^export\s+(?!type\b)[^'"]*?\sfrom\s+'(\.[^']+)'/gm),
    ]
      .map((i) => resolve(file, i[1]!))
      .filter((f): f is string => f !== null),
    lazy: [...text.matchAll(/import\('(\.[^']+)'\)/g)]
      .map((i) => ({ file: resolve(file, i[1]!), ns: declared.get(i[1]!) ?? [] }))
      .filter((l): l is { file: string; ns: string[] } => l.file !== null),
    shows: [
      ...new Set(
        [...text.matchAll(/['"`]([A-Za-z]+):[A-Za-z$]/g)]
          .map((k) => k[1]!)
          .filter((n) => pageNamespaces.has(n)),
      ),
    ],
  };
  modules.set(file, m);
  return m;
}

/** Each module with the namespaces it shows that no loader on the way to it waited for. */
function unloaded(): string[] {
  const missing = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string, loaded: Set<string>) => {
    const key = `${file}|${[...loaded].sort().join(',')}`;
    if (seen.has(key)) return;
    seen.add(key);
    const m = read(file);
    for (const ns of m.shows) if (!loaded.has(ns)) missing.add(`${path.relative(src, file)} shows ${ns}`);
    for (const next of m.imports) walk(next, loaded);
    for (const next of m.lazy) walk(next.file, new Set([...loaded, ...next.ns]));
  };
  walk(path.join(src, 'main.tsx'), new Set());
  return [...missing].sort();
}

describe('the texts of each view', () => {
  it('names every namespace of the web outside the core as a page namespace', () => {
    const files = fs
      .readdirSync(path.join(import.meta.dirname, 'locales/en-GB'))
      .map((f) => f.replace('.json', ''));
    const core = new Set<string>(CORE_NAMESPACES);
    expect([...PAGE_NAMESPACES].sort()).toEqual(files.filter((ns) => !core.has(ns)).sort());
  });

  it('loads every namespace a view shows before it shows', () => {
    expect(unloaded()).toEqual([]);
  });
});
