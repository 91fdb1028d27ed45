/**
 * The one rounding of figures (energy, power, money, CO₂, capacity, specific yield, shares): the server
 * answers and exports them exact (`exactFigure`), and each is rounded once, where it is shown, by the
 * rule here (docs/energy.md "Rounding"). Rounding a rounded figure again (5.0549 → 5.055 → 5.06) or
 * adding rounded rows gives another figure than rounding the exact one once.
 */

/** Decimals below which an answered figure holds only binary noise: a nano-kWh, a nano-euro, a nano-watt. */
export const NOISE_DECIMALS = 9;

/**
 * A figure as the server answers and exports it: exact, without the binary noise of float sums
 * (6.359999999999999 → 6.36, 0.1 + 0.2 → 0.3, a difference of equal sums → 0). Nine decimals are far
 * below any shown one, so this never rounds what a page shows: it is rounded once, from this, there.
 */
export function exactFigure(n: number): number {
  const v = Number(n.toFixed(NOISE_DECIMALS));
  // −0 (noise below zero) reads "-0" where it is shown.
  return v === 0 ? 0 : v;
}

/** Decimals a page, a mail and a workbook show an energy, power, money or capacity figure with, at most. */
export const SHOWN_DECIMALS = 2;

/** A workbook's number format of the same figures: grouped thousands, 1–2 decimals; the cell holds the exact value. */
export const SHOWN_NUM_FMT = '#,##0.0#';
/** Shares (self-sufficiency, availability) are shown as percentages with one decimal: 45.6 %. */
export const SHOWN_PERCENT_DECIMALS = 1;
/** A workbook's number format of a share (the cell holds the exact ratio, 0..1). */
export const SHOWN_PERCENT_NUM_FMT = '0.0%';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * The number format of a language with `max` (and at least `min`) decimals, one kept per language and
 * precision. Intl rounds half away from zero on the shortest decimal that reads back as the number
 * (1.005 → 1.01), as spreadsheet programs do; Math.round(n * 100) / 100 does not (1.005 → 1).
 */
export function numberFormat(lang: string, max = SHOWN_DECIMALS, min = 0): Intl.NumberFormat {
  const key = `${lang}|${max}|${min}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, { maximumFractionDigits: max, minimumFractionDigits: min });
    formats.set(key, f);
  }
  return f;
}

/** A figure as it is shown in `lang`: rounded once to `max` decimals (SHOWN_DECIMALS). */
export const shownFigure = (value: number, lang: string, max = SHOWN_DECIMALS) =>
  numberFormat(lang, max).format(value);

/**
 * Between a figure and its unit: a no-break space, so that a line never parts "10 %" or "9,6 kWp" (as
 * Intl writes "45,6 %" and "5,05 €").
 */
export const UNIT_SPACE = '\u00a0';

/** The unit of installed PV power as the language writes it: kWc (kilowatt-crête) in French, kWp elsewhere. */
export const peakPowerUnit = (lang: string): string => (lang.startsWith('fr') ? 'kWc' : 'kWp');

/** The unit of a specific yield, kWh per installed peak kilowatt: kWh/kWp (kWh/kWc in French). */
export const specificYieldUnit = (lang: string): string => `kWh/${peakPowerUnit(lang)}`;
