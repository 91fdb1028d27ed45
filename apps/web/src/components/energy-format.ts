import {
  numberFormat as fmt,
  peakPowerUnit,
  SHOWN_DECIMALS,
  SHOWN_PERCENT_DECIMALS,
  specificYieldUnit,
  UNIT_SPACE,
} from '@pvstar/contract/figures';
import i18n from '../i18n/index.ts';

/**
 * Figures as the user's language writes them, with 1–2 decimals (requirements §R15.5) and a unit that keeps
 * the number short (kWh → MWh → GWh, W → kW → MW). '—' for a missing value. The server answers figures
 * exact; these round each once, by the contract's rule (figures.ts, docs/energy.md "Rounding"). A figure and
 * its unit are joined by a no-break space (UNIT_SPACE): a line never parts them.
 */
const current = () => i18n.language || 'de-DE';

const missing = (v: number | null | undefined): v is null | undefined =>
  v === null || v === undefined || !Number.isFinite(v);

export function formatNumber(
  value: number | null | undefined,
  decimals = SHOWN_DECIMALS,
  lang = current(),
): string {
  return missing(value) ? '—' : fmt(lang, decimals).format(value);
}

/** kWp as the reader's language writes it (kWc in French): column heads, inputs. */
export const peakUnit = (lang = current()): string => peakPowerUnit(lang);

/** kWh/kWp as the reader's language writes it (kWh/kWc in French). */
export const yieldUnit = (lang = current()): string => specificYieldUnit(lang);

/** A figure already written and its unit, joined so that a line never parts them; '—' stays alone. */
export const withUnitSpace = (figure: string, unit: string): string =>
  figure === '—' ? figure : `${figure}${UNIT_SPACE}${unit}`;

/**
 * Specific yield (kWh/kWp) with two decimals always, so that a column or a row of them lines up and
 * "0,00" reads as a figure like "26,36" beside it; "—" for a plant without capacity.
 */
export function formatSpecificYield(value: number | null | undefined, lang = current()): string {
  return missing(value) ? '—' : fmt(lang, SHOWN_DECIMALS, SHOWN_DECIMALS).format(value);
}

/** The same with its unit, as the language writes it: "0,00 kWh/kWp", "0,00 kWh/kWc" in French; '—' alone. */
export const formatSpecificYieldWithUnit = (value: number | null | undefined, lang = current()): string =>
  withUnitSpace(formatSpecificYield(value, lang), yieldUnit(lang));

function scaled(value: number, units: [number, string][], lang: string): string {
  const abs = Math.abs(value);
  const [factor, unit] = units.find(([f]) => abs >= f) ?? units[units.length - 1]!;
  return withUnitSpace(fmt(lang).format(value / factor), unit);
}

export function formatEnergy(kWh: number | null | undefined, lang = current()): string {
  if (missing(kWh)) return '—';
  return scaled(
    kWh,
    [
      [1e6, 'GWh'],
      [1e3, 'MWh'],
      [1, 'kWh'],
    ],
    lang,
  );
}

export function formatPower(watts: number | null | undefined, lang = current()): string {
  if (missing(watts)) return '—';
  if (Math.abs(watts) < 1000) return withUnitSpace(fmt(lang, 0).format(watts), 'W');
  return scaled(
    watts,
    [
      [1e6, 'MW'],
      [1e3, 'kW'],
    ],
    lang,
  );
}

/** kWp of installed PV (kWc in French) or kWh of storage: no scaling, installers think in kWp. */
export const formatCapacity = (
  kW: number | null | undefined,
  unit: 'kWp' | 'kWh' = 'kWp',
  lang = current(),
) => (missing(kW) ? '—' : withUnitSpace(fmt(lang).format(kW), unit === 'kWp' ? peakUnit(lang) : unit));

export function formatMoney(value: number | null | undefined, currency = 'EUR', lang = current()): string {
  if (missing(value)) return '—';
  return new Intl.NumberFormat(lang, {
    style: 'currency',
    currency,
    maximumFractionDigits: SHOWN_DECIMALS,
  }).format(value);
}

/** A ratio 0..1 as a percentage with one decimal. */
export function formatPercent(ratio: number | null | undefined, lang = current()): string {
  if (missing(ratio)) return '—';
  return new Intl.NumberFormat(lang, {
    style: 'percent',
    maximumFractionDigits: SHOWN_PERCENT_DECIMALS,
  }).format(ratio);
}
