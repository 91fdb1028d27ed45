import i18n from '../../../../i18n/index.ts';

/** The language's decimal separator (',' in German, '.' in English), for price inputs. */
export function decimalSeparator(lang = i18n.language || 'de-DE') {
  return new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/** A number in the language's format with up to `digits` decimals. */
export const formatNumber = (value: number, digits = 4, lang = i18n.language || 'de-DE') =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value);
