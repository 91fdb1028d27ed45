/**
 * How figures are rounded for answers, in one place so that the same kWh reads the same wherever it is
 * shown. Sums are float8: rounding keeps answers free of binary noise (0.1 + 0.2).
 */

/** `n` to `digits` decimals. */
export function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** Energy (kWh), power (kW) and money in the plant list and a plant's detail: to the watt-hour. */
export const KWH_DIGITS = 3;
/** Reports and the dashboard show 2 decimals (docs/reports.md, docs/dashboard.md); totals round the exact sums once. */
export const SHOWN_DIGITS = 2;
/** Shares (self-sufficiency, performance ratio, clearness) and modelled energies: 4 decimals. */
export const SHARE_DIGITS = 4;

export const roundKwh = (n: number) => round(n, KWH_DIGITS);
export const roundShown = (n: number) => round(n, SHOWN_DIGITS);
export const roundShare = (n: number) => round(n, SHARE_DIGITS);
