/**
 * Page weight, read from the production build's manifest (apps/web/dist/.vite/manifest.json): the
 * gzip size of the JS and CSS each route loads before it shows — the entry, the interface language's
 * files (the heaviest of the 8 languages: the core catalogue, and the pages catalogue for the pages that
 * wait for it, and antd's and dayjs' texts for the pages drawn with antd), antd's providers (all pages but
 * the sign-in form), the signed-in shell for pages inside it, and the route's page chunk, each with its
 * static imports — and whether the chart library is in any of them.
 * Deterministic: the browser test suite checks the budget with it after every build.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { LANGS } from '@pvstar/contract/lang';

const WEB = path.resolve(import.meta.dirname, '../apps/web');
/** The build: apps/web/dist, or the one WEB_DIST names (as the server serves it). */
export const DIST = process.env.WEB_DIST || path.join(WEB, 'dist');
/**
 * JS of any route's first load: issue 7's target. The core catalogue carries only the server-message groups
 * the core screens show (apps/web/src/i18n/core-common.ts), so a feature's new messages cost the first page
 * nothing.
 */
export const LIMIT_KB = 350;
/**
 * The sign-in page's budget (issue 36), in the manifest's gzip and on the wire (brotli, until the form is
 * usable): the first load of everyone.
 */
export const LOGIN_LIMIT_KB = 200;
/** The signed-in shell (sidebar, header, tags view), loaded lazily by every page inside it. */
const SHELL = 'src/app/layout/layout.tsx';
/** The chart library, imported lazily by the chart component. */
const CHARTS = 'src/components/echart-core.ts';
/** Pages open without a token, outside the shell (the WHITELIST of routes.tsx, and the public plant page). */
const PUBLIC = /^src\/features\/(auth|kiosk)\//;
/**
 * antd's providers and the loader of its texts (app/providers.tsx, app/locales.ts): loaded lazily with every
 * page (components/antd-scope.tsx) but those drawn without antd.
 */
const ANTD = ['src/app/providers.tsx', 'src/app/locales.ts'];
/** The pages drawn without antd (decision 007): they load neither its providers nor its texts. */
const PLAIN = ['src/features/auth/login-page.tsx'];
/** The routes named in docs/benchmarks.md; every other page is measured too. */
export const NAMED: Record<string, string> = {
  login: 'src/features/auth/login-page.tsx',
  dashboard: 'src/features/dashboard/dashboard-page.tsx',
  'plant detail': 'src/features/plant/detail/plant-detail-page.tsx',
  reports: 'src/features/report/report-page.tsx',
  'public plant page': 'src/features/kiosk/kiosk-page.tsx',
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

/**
 * The lazily loaded pages of the route table, of PAGES and of the entry (the public plant page), as manifest
 * keys, each with the namespaces its loader waits for (`withTexts(['plant'], () => import(…))`; null: none,
 * the page needs only the core catalogue).
 */
function pageLoaders(web = WEB): Map<string, string[] | null> {
  const pages = new Map<string, string[] | null>();
  for (const file of ['src/app/routes.tsx', 'src/app/pages.ts', 'src/main.tsx'])
    for (const m of readFileSync(path.join(web, file), 'utf8').matchAll(
      /(withTexts\(\s*\[([^\]]*)\],\s*)?\(\) => import\('\.\.?\/(features\/[^']+)'\)/g,
    ))
      pages.set(`src/${m[3]}`, m[1] ? [...m[2]!.matchAll(/'(\w+)'/g)].map((n) => n[1]!) : null);
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
 * The files of one interface language that a page waits for: its core message catalogue
 * (i18n/catalogues/<lang>.ts), the namespaces its loader names (`ns`: a file each, with the rest of the
 * contract's common namespace; null: none) and, with `antd`, antd's and dayjs' locale.
 */
function languageKeys(manifest: Manifest, lang: string, ns: string[] | null, antd: boolean): string[] {
  const [primary] = lang.toLowerCase().split('-');
  const dayjs = manifest[`../../node_modules/dayjs/locale/${lang.toLowerCase()}.js`]
    ? lang.toLowerCase()
    : primary;
  const files = new Set((ns ?? []).map((n) => `src/i18n/locales/${lang}/${n}.json`));
  return Object.keys(manifest).filter(
    (k) =>
      k === `src/i18n/catalogues/${lang}.ts` ||
      files.has(k) ||
      (ns !== null && k.endsWith(`/contract/src/locales/${lang}/common.json.rest.js`)) ||
      (antd && k.endsWith(`/antd/es/locale/${lang.replace('-', '_')}.js`)) ||
      (antd && k.endsWith(`/dayjs/locale/${dayjs}.js`)),
  );
}

/** The files of the chart library (assets/…): the chunks only the charts need. */
export function chartFiles(dist = DIST): string[] {
  const manifest = readManifest(dist);
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const base = closure(manifest, [entry]);
  return [...closure(manifest, [CHARTS])].filter((k) => !base.has(k)).map((k) => manifest[k]!.file);
}

/** Every page's first load; `lang` measures that language's texts instead of the heaviest one's. */
export function measure(dist = DIST, lang?: string) {
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
  const heaviest = (ns: string[] | null, antd: boolean) =>
    (lang ? [lang] : LANGS)
      .map((l) => closure(manifest, languageKeys(manifest, l, ns, antd)))
      .reduce((a, b) => (js(a) >= js(b) ? a : b));
  // (A build with antd's providers in the entry has no chunk of their own.)
  const antd = ANTD.filter((k) => manifest[k]);
  const loaders = pageLoaders();

  const named = new Map(Object.entries(NAMED).map(([name, key]) => [key, name]));
  const pages = [...new Set([...Object.values(NAMED), ...loaders.keys()])];
  return pages.map((page) => {
    // (A build where the shell is part of the entry has no chunk for it.)
    const shell = PUBLIC.test(page) || !manifest[SHELL] ? [] : [SHELL];
    const plain = PLAIN.includes(page);
    const code = closure(manifest, [entry, ...shell, ...(plain ? [] : antd), page]);
    const keys = closure(manifest, [...code, ...heaviest(loaders.get(page) ?? null, !plain)]);
    const css = new Set([...keys].flatMap((k) => manifest[k]!.css ?? []));
    return {
      name: named.get(page) ?? page.replace(/^src\/features\//, '').replace(/\.tsx?$/, ''),
      page,
      js: js(keys),
      language: js([...keys].filter((k) => !code.has(k))),
      css: [...css].reduce((s, f) => s + gz(f), 0),
      files: keys.size + css.size,
      /** The JS files of the first load (assets/…), for the browser check of what loads before the page. */
      jsFiles: [...keys].map((k) => manifest[k]!.file),
      chartsInFirstLoad: charts.filter((k) => keys.has(k)).map((k) => manifest[k]!.file),
    };
  });
}
