import type { Lang } from '@pvstar/contract/lang';
import { DEFAULT_TIMEZONE } from '@pvstar/contract/station';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { langAreas, regions } from '../../db/schema/index.ts';
import { invalidField } from '../../http/errors.ts';

/** Whether the runtime knows an IANA zone (Intl throws a RangeError for an unknown one). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A zone for a country: our table first (the capital's zone), else the first zone ICU names for it. */
export function defaultTimeZone(countryCode: string): string {
  const known = DEFAULT_TIMEZONE[countryCode];
  if (known && isTimeZone(known)) return known;
  try {
    const locale = new Intl.Locale(`und-${countryCode}`) as Intl.Locale & {
      getTimeZones?: () => string[];
      timeZones?: string[];
    };
    const zones = locale.getTimeZones?.() ?? locale.timeZones;
    if (zones?.[0]) return zones[0];
  } catch {
    // An unknown region: fall through to UTC.
  }
  return 'UTC';
}

/**
 * Checks the location against the region tree (countries under "0", their regions under the country)
 * and settles the time zone: the one given if the runtime knows it, else the country's default.
 */
export async function checkLocation(
  db: Db,
  loc: { countryCode: string; regionCode?: string | null; timezone?: string | null },
): Promise<{ countryCode: string; regionCode: string | null; timezone: string }> {
  const regionCode = loc.regionCode ? loc.regionCode.toUpperCase() : null;
  const codes = regionCode ? [loc.countryCode, regionCode] : [loc.countryCode];
  const found = await db
    .select({ code: regions.code, superiorCode: regions.superiorCode })
    .from(regions)
    .where(inArray(regions.code, codes));
  const country = found.find((r) => r.code === loc.countryCode && r.superiorCode === '0');
  if (!country) throw invalidField('countryCode', 'station.country', 422);
  if (regionCode && !found.some((r) => r.code === regionCode && r.superiorCode === loc.countryCode))
    throw invalidField('regionCode', 'station.region', 422);
  if (loc.timezone && !isTimeZone(loc.timezone)) throw invalidField('timezone', 'station.timezone', 422);
  return {
    countryCode: loc.countryCode,
    regionCode,
    timezone: loc.timezone || defaultTimeZone(loc.countryCode),
  };
}

/**
 * Names of a plant's country and region in the caller's language: the country through ICU's region
 * names (every language we offer), the region by its local name when the caller speaks the country's
 * language (per the language/area table) and by its English name otherwise.
 */
export async function areaNames(
  db: Db,
  lang: Lang,
  countryCode: string | null,
  regionCode: string | null,
): Promise<{ countryName: string | null; regionNames: string[] }> {
  if (!countryCode) return { countryName: null, regionNames: [] };
  const [area] = await db
    .select({ lang: langAreas.lang })
    .from(langAreas)
    .where(eq(langAreas.countryCode, countryCode));
  const [country] = await db
    .select({ nameEn: regions.nameEn, nameLocal: regions.nameLocal })
    .from(regions)
    .where(and(eq(regions.code, countryCode), eq(regions.superiorCode, '0')));
  const local = area?.lang === lang;
  let countryName: string | null = null;
  try {
    countryName = new Intl.DisplayNames([lang], { type: 'region' }).of(countryCode) ?? null;
  } catch {
    countryName = null;
  }
  countryName ??= country ? (local ? country.nameLocal : country.nameEn) : countryCode;
  const regionNames = [countryName];
  if (regionCode) {
    const [region] = await db
      .select({ nameEn: regions.nameEn, nameLocal: regions.nameLocal })
      .from(regions)
      .where(and(eq(regions.code, regionCode), eq(regions.superiorCode, countryCode)));
    if (region) regionNames.push(local ? region.nameLocal : region.nameEn);
  }
  return { countryName, regionNames };
}
