import { LANGS, type Lang } from '@pvstar/contract/lang';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Locales by language, then namespace: `locales/<lang>/<ns>.json` here, plus the shared `common`
 * namespace from the contract (server messages and validation). Only the chosen language is loaded: its
 * core catalogue (`catalogues/<lang>.ts`: the namespaces of the shell, the sign-in pages and the dashboard,
 * CORE_NAMESPACES, with the groups of `common` they show) before the first render; every other namespace
 * (PAGE_NAMESPACES, a file each) with the first view that shows it, which awaits it with its code
 * (`withTexts`), together with the rest of `common`.
 */
export const CORE_NAMESPACES = ['alarm', 'app', 'common', 'dashboard', 'menu', 'monitor', 'system'] as const;

/** The namespaces outside the core catalogue (locales.test.ts holds this to the files). */
export const PAGE_NAMESPACES = [
  'apiToken',
  'basic',
  'commissioning',
  'device',
  'faultCode',
  'metric',
  'org',
  'owner',
  'plant',
  'remote',
  'report',
  'reportSubscription',
  'share',
  'tariff',
  'twoFactor',
  'upgrade',
  'webhook',
] as const;
export type PageNamespace = (typeof PAGE_NAMESPACES)[number];

type Catalogue = () => Promise<{ default: Record<string, Record<string, unknown>> }>;
const catalogues = import.meta.glob<{ default: Record<string, Record<string, unknown>> }>(
  './catalogues/*.ts',
);
const core = (lang: Lang): Catalogue => catalogues[`./catalogues/${lang}.ts`]!;

type Texts = () => Promise<Record<string, unknown>>;
const namespaceTexts = import.meta.glob<Record<string, unknown>>(
  ['./locales/*/*.json', '!./locales/*/{alarm,app,dashboard,menu,monitor,system}.json'],
  { import: 'default' },
);
// Of the contract's common namespace, the groups the core catalogue has not (`?rest`, vite.config.ts).
const commonRest = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/contract/src/locales/*/common.json',
  { import: 'default', query: '?rest' },
);

async function add(lang: Lang, catalogue: Catalogue) {
  const files = (await catalogue()).default;
  for (const [file, resources] of Object.entries(files))
    i18n.addResourceBundle(lang, file.split('/').pop()!.replace('.json', ''), resources, true, true);
}

/** The namespaces loaded outside the core, by `<lang>/<ns>` (a failed load is asked for again next time). */
const loaded = new Map<string, Promise<void>>();

function addOnce(lang: Lang, ns: string, texts: Texts | undefined): Promise<void> {
  const key = `${lang}/${ns}`;
  let loading = loaded.get(key);
  if (!loading) {
    if (!texts) return Promise.reject(new Error(`no texts for ${key}`));
    loading = texts().then(
      (resources) => {
        i18n.addResourceBundle(lang, ns, resources, true, true);
      },
      (error: unknown) => {
        loaded.delete(key);
        throw error;
      },
    );
    loaded.set(key, loading);
  }
  return loading;
}

/** Loads the namespaces `ns` and the rest of `common` for `lang` (the current language by default), once. */
export function loadTexts(ns: readonly PageNamespace[], lang: Lang = i18n.language as Lang): Promise<void> {
  return Promise.all([
    addOnce(lang, 'common', commonRest[`../../../../packages/contract/src/locales/${lang}/common.json`]),
    ...ns.map((n) => addOnce(lang, n, namespaceTexts[`./locales/${lang}/${n}.json`])),
  ]).then(() => undefined);
}

/** Every namespace of `lang`: for what may show any view (the unit tests' render). */
export const loadPageTexts = (lang?: Lang) => loadTexts(PAGE_NAMESPACES, lang);

/**
 * A lazily loaded view's loader that also waits for the texts it shows outside the core catalogue:
 * `lazyRetrying(withTexts(['plant'], () => import(…)))` (texts.test.ts holds each view to its namespaces).
 */
export const withTexts =
  <M>(ns: readonly PageNamespace[], load: () => Promise<M>) =>
  (): Promise<M> =>
    Promise.all([load(), loadTexts(ns)]).then(([module]) => module);

/**
 * Loads a language's core catalogue; the namespaces loaded for another language before come along, so
 * that a view already shown does not turn into keys.
 */
export async function loadLanguage(lang: Lang) {
  const others = [...loaded.keys()]
    .filter((key) => !key.startsWith(`${lang}/`))
    .map((key) => key.split('/')[1] as PageNamespace | 'common');
  const ns = [...new Set(others)].filter((n): n is PageNamespace => n !== 'common');
  await Promise.all([add(lang, core(lang)), others.length > 0 ? loadTexts(ns, lang) : undefined]);
}

export async function initI18n(lang: Lang) {
  await i18n.use(initReactI18next).init({
    lng: lang,
    supportedLngs: [...LANGS],
    fallbackLng: false,
    defaultNS: 'app',
    ns: ['app', 'common', 'menu'],
    interpolation: { escapeValue: false },
    resources: {},
    returnNull: false,
  });
  await loadLanguage(lang);
  document.documentElement.lang = lang;
}

export default i18n;
