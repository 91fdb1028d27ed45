import i18n from '../../../i18n/index.ts';

/**
 * A price per kWh in the plant's currency. Tariffs have up to four decimals (0.0823 €/kWh), which two
 * would round away, so prices keep theirs (at least two); '—' when missing.
 */
export function formatPrice(
  value: number | null | undefined,
  currency: string,
  lang = i18n.language || 'de-DE',
) {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const money = new Intl.NumberFormat(lang, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(value);
  return `${money}/kWh`;
}
