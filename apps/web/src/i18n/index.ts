import { LANGS, type Lang } from '@pvstar/contract/lang';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Locales by language, then namespace: `locales/<lang>/<ns>.json` here, plus the shared `common`
 * namespace from the contract (server messages and validation). Only the chosen language is loaded, all
 * its namespaces in one file (`catalogues/<lang>.ts`).
 */
const catalogues = import.meta.glob<{ default: Record<string, Record<string, unknown>> }>(
  './catalogues/*.ts',
);

export async function loadLanguage(lang: Lang) {
  const files = (await catalogues[`./catalogues/${lang}.ts`]!()).default;
  for (const [file, resources] of Object.entries(files))
    i18n.addResourceBundle(lang, file.split('/').pop()!.replace('.json', ''), resources, true, true);
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
