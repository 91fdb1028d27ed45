import { LANGS, type Lang } from '@pvstar/contract/lang';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Locales by language, then namespace: `locales/<lang>/<ns>.json` here, plus the shared `common`
 * namespace from the contract (server messages and validation). Only the chosen language is loaded.
 */
const webFiles = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');
const commonFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../../../packages/contract/src/locales/*/common.json',
);

export async function loadLanguage(lang: Lang) {
  const entries = Object.entries(webFiles).filter(([p]) => p.startsWith(`./locales/${lang}/`));
  const common = Object.entries(commonFiles).find(([p]) => p.includes(`/locales/${lang}/`));
  const loaded = await Promise.all([
    ...entries.map(
      async ([p, load]) => [p.split('/').pop()!.replace('.json', ''), (await load()).default] as const,
    ),
    ...(common ? [(async () => ['common', (await common[1]()).default] as const)()] : []),
  ]);
  for (const [ns, resources] of loaded) i18n.addResourceBundle(lang, ns, resources, true, true);
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
