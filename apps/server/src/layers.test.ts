import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers, bottom up (docs/decisions/015-server-layers.md): `lib/` and `db/` (no domain of
 * ours), `domain/` (the rules several modules share), `http/` (the request pipeline), `modules/` (one
 * folder per domain), then `ingest/`, `mqtt/`, `demo/` and `scripts/`; `app.ts` and `main.ts` put them
 * together. Imports point down only, so a rule has one home and a module reads without the pipelines.
 */
const root = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(e.name) ? [full] : [];
  });
}

/** Tests sit beside the code they test and may cross layers; their support lives in apps/server/test/. */
const isTestCode = (file: string) => file.endsWith('.test.ts');

interface Import {
  from: string;
  /** A path relative to src/ for a relative import, else the package specifier. */
  to: string;
  relative: boolean;
  typeOnly: boolean;
}

/** Every import (static, re-export and dynamic) of the production code, relative to src/. */
const imports: Import[] = sourceFiles(root)
  .map((file) => path.relative(root, file))
  .filter((file) => !isTestCode(file))
  .flatMap((file) => {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    return [
      ...text.matchAll(
        /(?:^|\n)\s*(import|export)(\s+type)?\b[^;'"]*?from\s*'([^']+)'|import\(\s*'([^']+)'/g,
      ),
    ].map((m) => {
      const spec = (m[3] ?? m[4])!;
      const to = spec.startsWith('.')
        ? path.relative(root, path.resolve(root, path.dirname(file), spec))
        : spec;
      return { from: file, to, relative: spec.startsWith('.'), typeOnly: Boolean(m[2]) };
    });
  });

const under = (dirs: string[]) => (file: string) => dirs.some((d) => file.startsWith(`${d}/`));
const crossing = (from: (f: string) => boolean, to: (f: string) => boolean) =>
  imports.filter((i) => from(i.from) && to(i.to)).map((i) => `${i.from} → ${i.to}`);

/** The loops of a graph (at least one through every node that lies on one), each as its trail of nodes. */
function loopsOf(next: Map<string, Iterable<string>>): string[][] {
  const loops: string[][] = [];
  const done = new Set<string>();
  const visit = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at >= 0) return void loops.push([...trail.slice(at), node]);
    if (done.has(node)) return;
    for (const to of next.get(node) ?? []) visit(to, [...trail, node]);
    done.add(node);
  };
  for (const node of next.keys()) visit(node, []);
  return loops;
}

const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];

/** "Module folder A imports module folder B", with the imports that say so, type-only ones included. */
const moduleImports = new Map<string, Map<string, string[]>>();
for (const i of imports) {
  const [from, to] = [moduleOf(i.from), i.relative ? moduleOf(i.to) : undefined];
  if (!from || !to || from === to) continue;
  const targets = moduleImports.get(from) ?? new Map<string, string[]>();
  targets.set(to, [...(targets.get(to) ?? []), `${i.from} → ${i.to}${i.typeOnly ? ' (type)' : ''}`]);
  moduleImports.set(from, targets);
}

describe('server layers', () => {
  it('holds no test support: nothing but a test imports a test library or a file outside src/', () => {
    // The server runs from src/: anything here ships, so harnesses and fixtures live in apps/server/test/.
    const testOnly = (i: Import) =>
      /^(vitest|@vitest\/|fast-check|@playwright\/)/.test(i.to) || (i.relative && i.to.startsWith('../'));
    expect(imports.filter(testOnly).map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });

  it('sees the imports it checks', () => {
    // A broken pattern would make every rule below pass.
    expect(imports.filter((i) => i.from === 'app.ts' && i.to.startsWith('modules/')).length).toBeGreaterThan(
      10,
    );
    expect(imports.some((i) => i.from === 'main.ts' && i.to === 'context.ts' && !i.typeOnly)).toBe(true);
  });

  it('modules import neither ingest nor the MQTT side (nor the demo or the tools)', () => {
    expect(crossing(under(['modules']), under(['ingest', 'mqtt', 'demo', 'scripts']))).toEqual([]);
  });

  it('lib and db import nothing above them', () => {
    expect(
      crossing(
        under(['lib', 'db']),
        under(['domain', 'modules', 'ingest', 'mqtt', 'http', 'demo', 'scripts']),
      ),
    ).toEqual([]);
  });

  it('domain imports only lib, db and the contract', () => {
    const outside = imports.filter(
      (i) =>
        i.from.startsWith('domain/') &&
        (i.relative
          ? !/^(domain|lib|db)\//.test(i.to)
          : i.to.startsWith('@pvstar/') && !i.to.startsWith('@pvstar/contract/')),
    );
    expect(outside.map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });

  it('the HTTP pipeline imports no module (the caller is resolved by a function app.ts hands it)', () => {
    expect(crossing(under(['http']), under(['modules', 'ingest', 'mqtt', 'demo', 'scripts']))).toEqual([]);
  });

  it('only the demo runs simulator code', () => {
    // scripts/fleet-registration.ts registers a fleet file the simulator wrote: it reads its type only.
    const allowed = (i: Import) =>
      i.from.startsWith('demo/') || (i.from === 'scripts/fleet-registration.ts' && i.typeOnly);
    expect(
      imports
        .filter((i) => i.to.startsWith('@pvstar/simulator') && !allowed(i))
        .map((i) => `${i.from} → ${i.to}`),
    ).toEqual([]);
  });

  it('the app context names no module and no MQTT code (no import loop through it)', () => {
    const low = /^(lib|db|domain)\/|^config\.ts$/;
    expect(
      imports
        .filter((i) => i.from === 'context.ts' && i.relative && !low.test(i.to))
        .map((i) => `${i.from} → ${i.to}`),
    ).toEqual([]);
  });

  it('no import loop runs through production code (type-only imports aside)', () => {
    const next = new Map<string, string[]>();
    for (const i of imports)
      if (i.relative && !i.typeOnly) next.set(i.from, [...(next.get(i.from) ?? []), i.to]);
    expect(loopsOf(next).map((loop) => loop.join(' → '))).toEqual([]);
  });

  it('module folders depend one way: no loop between modules/*/, type-only imports included', () => {
    // A type shared both ways is knowledge shared both ways. What both sides need goes to the lower module,
    // to domain/ (a rule several modules share) or to a module's data-access file (docs/decisions/015).
    expect(moduleImports.get('plant')?.has('auth')).toBe(true);
    const loops = loopsOf(new Map([...moduleImports].map(([from, to]) => [from, to.keys()])));
    expect(
      loops.map((loop) =>
        [loop.join(' → '), ...loop.slice(1).flatMap((to, k) => moduleImports.get(loop[k]!)!.get(to)!)].join(
          '\n  ',
        ),
      ),
    ).toEqual([]);
  });

  it('the HTTP pipeline writes no SQL: list filters, orders and pages live in db/lists.ts', () => {
    // So a module never takes its queries from the pipeline; a query several modules share has one home
    // below them (db/, domain/ or the owning module's data-access file).
    expect(crossing(under(['http']), (to) => /^drizzle-orm(\/|$)/.test(to) || to.startsWith('db/'))).toEqual(
      [],
    );
  });

  it('the command bus knows no module: main.ts registers who takes which results', () => {
    expect(crossing((f) => f === 'mqtt/command-bus.ts', under(['modules']))).toEqual([]);
  });
});
