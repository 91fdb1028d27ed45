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
    const loops: string[] = [];
    const done = new Set<string>();
    const visit = (file: string, trail: string[]) => {
      const at = trail.indexOf(file);
      if (at >= 0) return void loops.push([...trail.slice(at), file].join(' → '));
      if (done.has(file)) return;
      for (const to of next.get(file) ?? []) visit(to, [...trail, file]);
      done.add(file);
    };
    for (const file of next.keys()) visit(file, []);
    expect(loops).toEqual([]);
  });

  it('the command bus knows no module: main.ts registers who takes which results', () => {
    expect(crossing((f) => f === 'mqtt/command-bus.ts', under(['modules']))).toEqual([]);
  });
});
