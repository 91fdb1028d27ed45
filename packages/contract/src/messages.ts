import { LANGS, type Lang } from './lang.ts';
import deDEAudit from './locales/de-DE/audit.json' with { type: 'json' };
import deDE from './locales/de-DE/common.json' with { type: 'json' };
import enGBAudit from './locales/en-GB/audit.json' with { type: 'json' };
import enGB from './locales/en-GB/common.json' with { type: 'json' };
import esESAudit from './locales/es-ES/audit.json' with { type: 'json' };
import esES from './locales/es-ES/common.json' with { type: 'json' };
import frFRAudit from './locales/fr-FR/audit.json' with { type: 'json' };
import frFR from './locales/fr-FR/common.json' with { type: 'json' };
import itITAudit from './locales/it-IT/audit.json' with { type: 'json' };
import itIT from './locales/it-IT/common.json' with { type: 'json' };
import nlNLAudit from './locales/nl-NL/audit.json' with { type: 'json' };
import nlNL from './locales/nl-NL/common.json' with { type: 'json' };
import plPLAudit from './locales/pl-PL/audit.json' with { type: 'json' };
import plPL from './locales/pl-PL/common.json' with { type: 'json' };
import zhCNAudit from './locales/zh-CN/audit.json' with { type: 'json' };
import zhCN from './locales/zh-CN/common.json' with { type: 'json' };

/**
 * The shared message catalogue (the `common` namespace): server answers, validation messages and
 * mail texts. English is the source; every key exists in every language (a test checks). The audit log's
 * labels (`audit.*`) live in their own files: only the server uses them, and the web's first load carries
 * `common.json`.
 */
const withAudit = <C, A>(common: C, audit: A) => ({ ...common, audit });
const enGBMessages = withAudit(enGB, enGBAudit);
export type CommonMessages = typeof enGBMessages;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<CommonMessages>;

export const COMMON_MESSAGES: Record<Lang, CommonMessages> = {
  'de-DE': withAudit(deDE, deDEAudit),
  'en-GB': enGBMessages,
  'zh-CN': withAudit(zhCN, zhCNAudit),
  'it-IT': withAudit(itIT, itITAudit),
  'nl-NL': withAudit(nlNL, nlNLAudit),
  'fr-FR': withAudit(frFR, frFRAudit),
  'es-ES': withAudit(esES, esESAudit),
  'pl-PL': withAudit(plPL, plPLAudit),
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
  return lookup(enGBMessages, key) !== undefined;
}

/** Translates a catalogue key with `{{name}}` parameters; a missing key falls back to English, then to the key. */
export function translate(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const text = lookup(COMMON_MESSAGES[lang], key) ?? lookup(enGBMessages, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export { LANGS };
