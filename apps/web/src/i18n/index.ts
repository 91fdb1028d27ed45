import { LANGS, type Lang } from '@pvstar/contract/lang';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Locales by language, then namespace: `locales/<lang>/<ns>.json` here, plus the shared `common`
 * namespace from the contract (server messages and validation). Only the chosen language is loaded, in two
 * files: the core (`catalogues/<lang>.ts`: the namespaces of the shell, the sign-in pages and the
 * dashboard, CORE_NAMESPACES) before the first render, and the pages (`catalogues/<lang>-pages.ts`: every
 * other namespace) with the first page that needs them — every lazily loaded page but the dashboard awaits
 * `loadPageTexts()` with its code (`withPageTexts`) — or earlier, in the background once the app is up.
 */
export const CORE_NAMESPACES = ['alarm', 'app', 'common', 'dashboard', 'menu', 'monitor', 'system'] as const;

type Catalogue = () => Promise<{ default: Record<string, Record<string, unknown>> }>;
const catalogues = import.meta.glob<{ default: Record<string, Record<string, unknown>> }>(
  './catalogues/*.ts',
);
const core = (lang: Lang): Catalogue => catalogues[`./catalogues/${lang}.ts`]!;
const pages = (lang: Lang): Catalogue => catalogues[`./catalogues/${lang}-pages.ts`]!;

async function add(lang: Lang, catalogue: Catalogue) {
  const files = (await catalogue()).default;
  for (const [file, resources] of Object.entries(files))
    i18n.addResourceBundle(lang, file.split('/').pop()!.replace('.json', ''), resources, true, true);
}

/** The pages catalogue, by language, once asked for (a failed load is asked for again next time). */
const pageTexts = new Map<Lang, Promise<void>>();

/** Loads the namespaces outside the core for `lang` (the current language by default), once. */
export function loadPageTexts(lang: Lang = i18n.language as Lang): Promise<void> {
  let loading = pageTexts.get(lang);
  if (!loading) {
    loading = add(lang, pages(lang)).catch((error: unknown) => {
      pageTexts.delete(lang);
      throw error;
    });
    pageTexts.set(lang, loading);
  }
  return loading;
}

/** A lazily loaded page's loader that also waits for the pages catalogue: `lazyRetrying(withPageTexts(() => import(…)))`. */
export const withPageTexts =
  <M>(load: () => Promise<M>) =>
  (): Promise<M> =>
    Promise.all([load(), loadPageTexts()]).then(([module]) => module);

/**
 * Loads a language's core catalogue; where the pages catalogue of another language was loaded before, the
 * new language's comes along, so that a page already shown does not turn into keys.
 */
export async function loadLanguage(lang: Lang) {
  const withPages = pageTexts.size > 0 && !pageTexts.has(lang);
  await Promise.all([add(lang, core(lang)), withPages ? loadPageTexts(lang) : undefined]);
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
