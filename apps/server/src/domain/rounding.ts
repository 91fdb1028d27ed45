/**
 * The server rounds no energy, power-now, money, CO₂, capacity, specific-yield or self-sufficiency
 * figure: they leave it exact (`exactFigure` of `@pvstar/contract/figures`: the float8 sums without their
 * binary noise) and are rounded once where they are shown (docs/energy.md "Rounding"; rounding.test.ts
 * compares every surface). A figure rounded here and again for display (5.0549 → 5.055 → 5.06), or a
 * total of rounded rows, would read otherwise than the exact one rounded once. Rounded here are only
 * readings and ratios of another kind: a device's readings and history, the power curve's 5-minute
 * means, the availability ratios and the modelled energies and ratios the performance job stores.
 */

/** `n` to `digits` decimals. */
export function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** A device's readings (kWh, kW, %) and its history: to the watt-hour. */
export const KWH_DIGITS = 3;
/** Availability ratios and the modelled energies and ratios the performance job stores: 4 decimals. */
export const SHARE_DIGITS = 4;

export const roundKwh = (n: number) => round(n, KWH_DIGITS);
export const roundShare = (n: number) => round(n, SHARE_DIGITS);
