import { LANGS, type Lang } from './lang.ts';
import deDEAudit from './locales/de-DE/audit.json' with { type: 'json' };
import deDE from './locales/de-DE/common.json' with { type: 'json' };
import deDEMail from './locales/de-DE/mail.json' with { type: 'json' };
import enGBAudit from './locales/en-GB/audit.json' with { type: 'json' };
import enGB from './locales/en-GB/common.json' with { type: 'json' };
import enGBMail from './locales/en-GB/mail.json' with { type: 'json' };
import esESAudit from './locales/es-ES/audit.json' with { type: 'json' };
import esES from './locales/es-ES/common.json' with { type: 'json' };
import esESMail from './locales/es-ES/mail.json' with { type: 'json' };
import frFRAudit from './locales/fr-FR/audit.json' with { type: 'json' };
import frFR from './locales/fr-FR/common.json' with { type: 'json' };
import frFRMail from './locales/fr-FR/mail.json' with { type: 'json' };
import itITAudit from './locales/it-IT/audit.json' with { type: 'json' };
import itIT from './locales/it-IT/common.json' with { type: 'json' };
import itITMail from './locales/it-IT/mail.json' with { type: 'json' };
import nlNLAudit from './locales/nl-NL/audit.json' with { type: 'json' };
import nlNL from './locales/nl-NL/common.json' with { type: 'json' };
import nlNLMail from './locales/nl-NL/mail.json' with { type: 'json' };
import plPLAudit from './locales/pl-PL/audit.json' with { type: 'json' };
import plPL from './locales/pl-PL/common.json' with { type: 'json' };
import plPLMail from './locales/pl-PL/mail.json' with { type: 'json' };
import zhCNAudit from './locales/zh-CN/audit.json' with { type: 'json' };
import zhCN from './locales/zh-CN/common.json' with { type: 'json' };
import zhCNMail from './locales/zh-CN/mail.json' with { type: 'json' };

/**
 * The shared message catalogue (the `common` namespace): server answers, validation messages, the audit
 * log's labels and mail texts. English is the source; every key exists in every language (a test checks,
 * across all three files). The audit log's labels (`audit.*`, `locales/<lang>/audit.json`) and the mail
 * subjects and bodies (`mail.*`, `locales/<lang>/mail.json`, with the commissioning protocol's texts under
 * `mail.protocol.*`) live in their own files: only the server uses them, and the web's first load carries
 * `common.json`.
 */
const withServerTexts = <C, A, M>(common: C, audit: A, mail: M) => ({ ...common, audit, mail });
const enGBMessages = withServerTexts(enGB, enGBAudit, enGBMail);
export type CommonMessages = typeof enGBMessages;

/** A count message has one key per plural category (`alarm.closed_one`, `alarm.closed_other`, …). */
type PluralBase<K extends string> =
  K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${PluralBase<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<CommonMessages>;

/** A language's catalogue: the tree of en-GB, but with the plural keys of its own language. */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

export const COMMON_MESSAGES: Record<Lang, Catalogue> = {
  'de-DE': withServerTexts(deDE, deDEAudit, deDEMail),
  'en-GB': enGBMessages,
  'zh-CN': withServerTexts(zhCN, zhCNAudit, zhCNMail),
  'it-IT': withServerTexts(itIT, itITAudit, itITMail),
  'nl-NL': withServerTexts(nlNL, nlNLAudit, nlNLMail),
  'fr-FR': withServerTexts(frFR, frFRAudit, frFRMail),
  'es-ES': withServerTexts(esES, esESAudit, esESMail),
  'pl-PL': withServerTexts(plPL, plPLAudit, plPLMail),
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
  return lookup(enGBMessages, key) !== undefined || lookup(enGBMessages, `${key}_other`) !== undefined;
}

const pluralRules = new Map<Lang, Intl.PluralRules>();
/** The text of `key` in a catalogue; with a numeric `count`, the form of its plural category (as i18next picks it). */
function textOf(lang: Lang, messages: Catalogue, key: string, count: unknown): string | undefined {
  if (typeof count === 'number') {
    let rules = pluralRules.get(lang);
    if (!rules) {
      rules = new Intl.PluralRules(lang);
      pluralRules.set(lang, rules);
    }
    const plural = lookup(messages, `${key}_${rules.select(count)}`) ?? lookup(messages, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookup(messages, key);
}

/**
 * Translates a catalogue key with `{{name}}` parameters, a numeric `count` choosing the plural form; a missing
 * key falls back to English, then to the key.
 */
export function translate(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const text =
    textOf(lang, COMMON_MESSAGES[lang], key, params.count) ??
    textOf('en-GB', enGBMessages, key, params.count) ??
    key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export { LANGS };
