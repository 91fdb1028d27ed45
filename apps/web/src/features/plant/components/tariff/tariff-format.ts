import i18n from '../../../../i18n/index.ts';

/** A number in the language's format with up to `digits` decimals. */
export const formatNumber = (value: number, digits = 4, lang = i18n.language || 'de-DE') =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value);
