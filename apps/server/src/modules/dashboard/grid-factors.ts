import {
  GRID_CO2_DEFAULT,
  GRID_CO2_FACTORS,
  type GridFactor,
  type GridShare,
} from '@pvstar/contract/dashboard';
import type { Config } from '../../config.ts';

export interface GridFactors {
  byCountry: ReadonlyMap<string, GridFactor>;
  fallback: GridFactor;
}

/**
 * The deployment's grid factors: the contract's, each replaced or joined by GRID_CO2_FACTORS and the
 * default by GRID_CO2_DEFAULT. A factor the deployment set names no publication (source and year null).
 */
export function gridFactors(config: Pick<Config, 'GRID_CO2_FACTORS' | 'GRID_CO2_DEFAULT'>): GridFactors {
  const byCountry = new Map(Object.entries(GRID_CO2_FACTORS));
  for (const [country, kgPerKwh] of Object.entries(config.GRID_CO2_FACTORS ?? {}))
    byCountry.set(country, { kgPerKwh, source: null, year: null });
  const fallback =
    config.GRID_CO2_DEFAULT === undefined
      ? GRID_CO2_DEFAULT
      : { kgPerKwh: config.GRID_CO2_DEFAULT, source: null, year: null };
  return { byCountry, fallback };
}

/**
 * Lifetime generation per country under its factor: countries with a factor of their own one share each
 * (most generation first), all others (and plants without a country) together under the default, last.
 */
export function gridShares(
  factors: GridFactors,
  rows: { country: string | null; plants: number; generation: number }[],
): GridShare[] {
  const own = new Map<string, GridShare>();
  const rest: GridShare = { countryCode: null, ...factors.fallback, plantCount: 0, generation: 0 };
  for (const r of rows) {
    const factor = r.country ? factors.byCountry.get(r.country) : undefined;
    const share = factor
      ? (own.get(r.country!) ??
        own
          .set(r.country!, { countryCode: r.country, ...factor, plantCount: 0, generation: 0 })
          .get(r.country!)!)
      : rest;
    share.plantCount += r.plants;
    share.generation += r.generation;
  }
  const shares = [...own.values()].sort(
    (a, b) => b.generation - a.generation || a.countryCode!.localeCompare(b.countryCode!),
  );
  return rest.plantCount ? [...shares, rest] : shares;
}
