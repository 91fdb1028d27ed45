import { LANGS, type Lang } from './lang.ts';
import deDE from './locales/de-DE/common.json' with { type: 'json' };
import enGB from './locales/en-GB/common.json' with { type: 'json' };
import esES from './locales/es-ES/common.json' with { type: 'json' };
import frFR from './locales/fr-FR/common.json' with { type: 'json' };
import itIT from './locales/it-IT/common.json' with { type: 'json' };
import nlNL from './locales/nl-NL/common.json' with { type: 'json' };
import plPL from './locales/pl-PL/common.json' with { type: 'json' };
import zhCN from './locales/zh-CN/common.json' with { type: 'json' };

/**
 * The shared message catalogue (the `common` namespace): server answers, validation messages and
 * mail texts. English is the source; every key exists in every language (a test checks).
 */
export type CommonMessages = typeof enGB;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<CommonMessages>;

export const COMMON_MESSAGES: Record<Lang, CommonMessages> = {
  'de-DE': deDE,
  'en-GB': enGB,
  'zh-CN': zhCN,
  'it-IT': itIT,
  'nl-NL': nlNL,
  'fr-FR': frFR,
  'es-ES': esES,
  'pl-PL': plPL,
};

function lookup(tree: unknown, key: string): string | undefined {
  let node = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function isMessageKey(key: string): key is MessageKey {
  return lookup(enGB, key) !== undefined;
}

/** Translates a catalogue key with `{{name}}` parameters; a missing key falls back to English, then to the key. */
export function translate(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const text = lookup(COMMON_MESSAGES[lang], key) ?? lookup(enGB, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export { LANGS };
