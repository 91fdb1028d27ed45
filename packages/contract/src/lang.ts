/** The interface languages, in the order the language menu shows them. English is the source. */
export const LANGS = ['de-DE', 'en-GB', 'zh-CN', 'it-IT', 'nl-NL', 'fr-FR', 'es-ES', 'pl-PL'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'de-DE';

export const LANG_LABELS: Record<Lang, string> = {
  'de-DE': 'Deutsch',
  'en-GB': 'English',
  'zh-CN': '中文',
  'it-IT': 'Italiano',
  'nl-NL': 'Nederlands',
  'fr-FR': 'Français',
  'es-ES': 'Español',
  'pl-PL': 'Polski',
};

/** The language a tag names, exact or bare or differently cased ("en", "EN-us"); undefined if none of ours. */
function spokenLang(value: string): Lang | undefined {
  const wanted = value.trim().toLowerCase();
  const exact = LANGS.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const prefix = wanted.split(/[-_]/)[0];
  return LANGS.find((l) => l.toLowerCase().startsWith(`${prefix}-`));
}

/** Accepts exact tags and bare or differently cased ones ("en", "EN-us"); anything else is German. */
export function resolveLang(value: string | null | undefined): Lang {
  return (value && spokenLang(value)) || DEFAULT_LANG;
}

/**
 * A browser's language (`navigator.languages`, most preferred first): the first of them we speak, else
 * German (requirements §R3.7).
 */
export function browserLang(preferred: readonly string[]): Lang {
  for (const tag of preferred) {
    const lang = spokenLang(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANG;
}
