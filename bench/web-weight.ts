/**
 * Page weight, read from the production build's manifest (apps/web/dist/.vite/manifest.json): the
 * gzip size of the JS and CSS each route loads before it shows — the entry, the interface language's
 * files (the heaviest of the 8 languages: the core catalogue, and the pages catalogue for the pages that
 * wait for it), the signed-in shell for pages inside it, and the route's page chunk, each with its static
 * imports — and whether the chart library is in any of them.
 * Deterministic: the browser test suite checks the budget with it after every build.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { LANGS } from '@pvstar/contract/lang';

const WEB = path.resolve(import.meta.dirname, '../apps/web');
export const DIST = path.join(WEB, 'dist');
/**
 * JS of any route's first load: issue 7's target. The core catalogue carries only the server-message groups
 * the core screens show (apps/web/src/i18n/core-common.ts), so a feature's new messages cost the first page
 * nothing.
 */
export const LIMIT_KB = 350;
/** The signed-in shell (sidebar, header, tags view), loaded lazily by every page inside it. */
const SHELL = 'src/app/layout/layout.tsx';
/** The chart library, imported lazily by the chart component. */
const CHARTS = 'src/components/echart-core.ts';
/** Pages open without a token, outside the shell (the WHITELIST of routes.tsx). */
const PUBLIC = /^src\/features\/auth\//;
/** The routes named in docs/benchmarks.md; every other page is measured too. */
export const NAMED: Record<string, string> = {
  login: 'src/features/auth/login-page.tsx',
  dashboard: 'src/features/dashboard/dashboard-page.tsx',
  'plant detail': 'src/features/plant/detail/plant-detail-page.tsx',
  reports: 'src/features/report/report-page.tsx',
};

export interface Chunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, Chunk>;

export function readManifest(dist = DIST): Manifest {
  const file = path.join(dist, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} missing: run npm run build first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The lazily loaded pages of the route table and of PAGES (manifest keys), each with whether its loader
 * also waits for the pages catalogue (`withPageTexts(() => import(…))`). */
function pageLoaders(web = WEB): Map<string, boolean> {
  const pages = new Map<string, boolean>();
  for (const file of ['src/app/routes.tsx', 'src/app/pages.ts'])
    for (const m of readFileSync(path.join(web, file), 'utf8').matchAll(
      /(withPageTexts\(\s*)?\(\) => import\('\.\.\/(features\/[^']+)'\)/g,
    ))
      pages.set(`src/${m[2]}`, (pages.get(`src/${m[2]}`) ?? false) || m[1] !== undefined);
  return pages;
}

/** The manifest keys of every page: the lazily loaded pages of the route table and of PAGES. */
export function pageKeys(web = WEB): string[] {
  return [...pageLoaders(web).keys()];
}

/** The chunks (manifest keys) that load with `roots`: the roots and, transitively, their static imports. */
export function closure(manifest: Manifest, roots: string[]): Set<string> {
  const keys = new Set<string>();
  const walk = (key: string) => {
    if (keys.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not a chunk of the build`);
    keys.add(key);
    for (const next of manifest[key].imports ?? []) walk(next);
  };
  for (const root of roots) walk(root);
  return keys;
}

/**
 * The files of one interface language that a page waits for: its core message catalogue (one module,
 * i18n/catalogues/<lang>.ts; in older builds one chunk per namespace), with `pages` also the catalogue of
 * the other namespaces (i18n/catalogues/<lang>-pages.ts, which the pages but the dashboard and the public
 * ones await with their code), and antd's and dayjs' locale.
 */
function languageKeys(manifest: Manifest, lang: string, pages: boolean): string[] {
  const [primary] = lang.toLowerCase().split('-');
  const dayjs = manifest[`../../node_modules/dayjs/locale/${lang.toLowerCase()}.js`]
    ? lang.toLowerCase()
    : primary;
  return Object.keys(manifest).filter(
    (k) =>
      k === `src/i18n/catalogues/${lang}.ts` ||
      (pages && k === `src/i18n/catalogues/${lang}-pages.ts`) ||
      k.includes(`/locales/${lang}/`) ||
      k.endsWith(`/antd/es/locale/${lang.replace('-', '_')}.js`) ||
      k.endsWith(`/dayjs/locale/${dayjs}.js`),
  );
}

export function measure(dist = DIST) {
  const manifest = readManifest(dist);
  const sizes = new Map<string, number>();
  const gz = (file: string) => {
    let n = sizes.get(file);
    if (n === undefined) {
      n = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
      sizes.set(file, n);
    }
    return n;
  };
  const js = (keys: Iterable<string>) => [...keys].reduce((s, k) => s + gz(manifest[k]!.file), 0);

  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry in the manifest');
  if (!manifest[CHARTS]) throw new Error(`${CHARTS} is not a chunk of its own`);
  const base = closure(manifest, [entry]);
  // The chart library's chunks: those that only the charts need.
  const charts = [...closure(manifest, [CHARTS])].filter((k) => !base.has(k));
  // The heaviest language stands for all of them; a page that waits for the pages catalogue counts it.
  const heaviest = (pages: boolean) =>
    LANGS.map((lang) => closure(manifest, languageKeys(manifest, lang, pages))).reduce((a, b) =>
      js(a) >= js(b) ? a : b,
    );
  const language = { core: heaviest(false), pages: heaviest(true) };
  const loaders = pageLoaders(path.dirname(dist));

  const named = new Map(Object.entries(NAMED).map(([name, key]) => [key, name]));
  const pages = [...new Set([...Object.values(NAMED), ...loaders.keys()])];
  return pages.map((page) => {
    // (A build where the shell is part of the entry has no chunk for it.)
    const shell = PUBLIC.test(page) || !manifest[SHELL] ? [] : [SHELL];
    const code = closure(manifest, [entry, ...shell, page]);
    const keys = closure(manifest, [...code, ...(loaders.get(page) ? language.pages : language.core)]);
    const css = new Set([...keys].flatMap((k) => manifest[k]!.css ?? []));
    return {
      name: named.get(page) ?? page.replace(/^src\/features\//, '').replace(/\.tsx?$/, ''),
      page,
      js: js(keys),
      language: js([...keys].filter((k) => !code.has(k))),
      css: [...css].reduce((s, f) => s + gz(f), 0),
      files: keys.size + css.size,
      chartsInFirstLoad: charts.filter((k) => keys.has(k)).map((k) => manifest[k]!.file),
    };
  });
}
