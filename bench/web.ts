/**
 * Page weight: the gzip size of the JS and CSS each route loads first (the entry with its static
 * imports, then the route's page chunk with its static imports), read from the production build's
 * manifest, and whether the charts stay in chunks of their own that load later.
 *
 *   npm run build && npm run bench:web
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
/** The target of issue 7: JS of any route's first load. */
const LIMIT_KB = 350;
const ROUTES: Record<string, string> = {
  login: 'src/features/auth/login-page.tsx',
  dashboard: 'src/features/dashboard/dashboard-page.tsx',
  'plant detail': 'src/features/station/detail/plant-detail-page.tsx',
  reports: 'src/features/report/report-page.tsx',
};

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export function firstLoad(manifest: Record<string, Chunk>, route: string) {
  const keys = new Set<string>();
  const walk = (key: string) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const next of manifest[key]?.imports ?? []) walk(next);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry in the manifest');
  walk(entry);
  walk(route);
  const js = [...keys].map((k) => manifest[k]!.file);
  const css = [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))];
  return { js, css };
}

const gz = (file: string) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
const kb = (n: number) => (n / 1024).toFixed(1);

export function measure() {
  const manifestPath = path.join(DIST, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} missing: run npm run build first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  // The chart library: the chunk of echart-core.ts (imported lazily by the chart component) with those
  // of its imports that only it needs.
  const charts = manifest['src/components/echart-core.ts'];
  if (!charts) throw new Error('echart-core.ts is not a chunk of its own');
  const entry = Object.values(manifest).find((c) => c.isEntry)!;
  const shared = new Set([entry.file, ...(entry.imports ?? []).map((k) => manifest[k]!.file)]);
  const chartChunks = [charts.file, ...(charts.imports ?? []).map((k) => manifest[k]!.file)].filter(
    (f) => !shared.has(f),
  );
  return Object.entries(ROUTES).map(([name, route]) => {
    if (!manifest[route]) throw new Error(`${route} is not a chunk of the build`);
    const { js, css } = firstLoad(manifest, route);
    return {
      name,
      js: js.reduce((s, f) => s + gz(f), 0),
      css: css.reduce((s, f) => s + gz(f), 0),
      files: js.length + css.length,
      chartsInFirstLoad: js.filter((f) => chartChunks.includes(f)),
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measure();
  console.log(
    '| route | JS gzip KB | CSS gzip KB | files | charts in first load |\n|---|---:|---:|---:|---|',
  );
  for (const r of rows)
    console.log(
      `| ${r.name} | ${kb(r.js)} | ${kb(r.css)} | ${r.files} | ${r.chartsInFirstLoad.join(', ') || 'no'} |`,
    );
  const over = rows.filter((r) => r.js / 1024 > LIMIT_KB);
  console.log(
    over.length ? `over ${LIMIT_KB} KB: ${over.map((r) => r.name).join(', ')}` : `all under ${LIMIT_KB} KB`,
  );
}
