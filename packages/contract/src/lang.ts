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

/** Accepts exact tags and bare or differently cased ones ("en", "EN-us"); anything else is German. */
export function resolveLang(value: string | null | undefined): Lang {
  if (!value) return DEFAULT_LANG;
  const wanted = value.trim().toLowerCase();
  const exact = LANGS.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const prefix = wanted.split(/[-_]/)[0];
  return LANGS.find((l) => l.toLowerCase().startsWith(`${prefix}-`)) ?? DEFAULT_LANG;
}
