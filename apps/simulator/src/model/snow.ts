import { addDays } from '@pvstar/contract/calendar';
import { continentality, dayClearness, dayMeanTemperature, spatialUniform } from './weather.ts';

/**
 * Snow on the modules. The irradiation of climate.ts (PVGIS-SARAH2) and PVGIS's yields know nothing of it,
 * yet monitored yields do: snow costs up to 2–3 % of a year in mild climates and ~5–6 % in moderate ones,
 * nearly all of it in December to February, when a covered roof gives next to nothing for days (van Noord
 * et al., Energies 14 (2021) 1574, and the studies cited there). Here it costs the inland and Alpine sites
 * ~2–3 % of their year and the mild coast and the Netherlands well under 1 %.
 *
 * A day's cover follows the day before: precipitation on a grey day with a mean at or below freezing
 * covers the roof; a thaw clears it; otherwise it slides off in the sun and in mild air, faster the
 * steeper the roof. Upright railings hold no snow. Everything is a function
 * of the place's weather (weather.ts), so neighbouring plants share their snowy days.
 */
const SNOWS_AT_OR_BELOW = 0;
const THAWS_AT_OR_ABOVE = 1.5;
/** Roofs this steep and steeper (balcony railings, façades) hold no snow. */
const HOLDS_NO_SNOW_TILT = 60;
const SNOW_MONTHS = new Set(['11', '12', '01', '02', '03', '04']);

/**
 * Whether snow falls on the place that day: at or below freezing, most grey days bring precipitation and
 * some broken ones, inland; on the mild coast a frosty day is mostly one of dry eastern air, so there
 * the chance falls with the climate's continentality (weather.ts).
 */
function snowfall(latitude: number, longitude: number, dateISO: string, clearness: number): boolean {
  if (dayMeanTemperature(latitude, longitude, dateISO) > SNOWS_AT_OR_BELOW) return false;
  const inland = Math.min(1, Math.max(0.25, 3 * (continentality(latitude, longitude) - 0.75)));
  const chance = (clearness < 0.3 ? 0.7 : clearness < 0.6 ? 0.3 : 0) * inland;
  return spatialUniform(latitude, longitude, dateISO, 'precipitation') < chance;
}

/** How much of a cover a day without snowfall removes: sun on the glass and mild air, scaled by the slope. */
function clearing(latitude: number, longitude: number, tilt: number, dateISO: string, clearness: number) {
  const mean = dayMeanTemperature(latitude, longitude, dateISO);
  if (mean >= THAWS_AT_OR_ABOVE) return 1;
  const slope = Math.sin((tilt * Math.PI) / 180);
  // Sun warms the glass from below the snow; in hard frost the cover freezes on and hardly moves.
  const sun = 1.6 * Math.max(0, clearness - 0.25) * Math.min(1, Math.max(0, (mean + 6) / 6));
  return slope * (sun + 0.4 * Math.max(0, mean + 3));
}

/** Cover at the start and end of a day, given the cover at its start. */
function dayCover(latitude: number, longitude: number, tilt: number, dateISO: string, start: number) {
  const clearness = dayClearness(latitude, longitude, dateISO);
  if (snowfall(latitude, longitude, dateISO, clearness)) return 1;
  return Math.max(0, start - clearing(latitude, longitude, tilt, dateISO, clearness));
}

const endCache = new Map<string, number>();
let lastDay = { key: '', loss: 0 };

/** The share of the modules still covered at the end of a local day, 0 … 1. */
function coverAtEnd(latitude: number, longitude: number, tilt: number, dateISO: string): number {
  const key = (date: string) => `${latitude}:${longitude}:${tilt}|${date}`;
  // Back to a day whose end is known (cached, out of season, a thaw), then forwards. Only those anchors,
  // never a cut-off, so the cover does not depend on what was asked before (live and backfill agree).
  const pending: string[] = [];
  let start = 0;
  for (let date = dateISO; ; date = addDays(date, -1)) {
    const hit = endCache.get(key(date));
    if (hit !== undefined) {
      start = hit;
      break;
    }
    if (!SNOW_MONTHS.has(date.slice(5, 7))) break;
    pending.push(date);
    if (dayMeanTemperature(latitude, longitude, date) >= THAWS_AT_OR_ABOVE) break;
  }
  if (endCache.size > 8192) endCache.clear();
  for (let i = pending.length - 1; i >= 0; i--) {
    start = dayCover(latitude, longitude, tilt, pending[i]!, start);
    endCache.set(key(pending[i]!), start);
  }
  return start;
}

/**
 * The share of a roof's output that snow takes on a local day, 0 … 1. Snow slides off from the top and
 * lies longest along the lower edge, where it shades the bottom cells of every module and the bypass
 * diodes drop whole substrings: a roof half covered (the mean of its morning and evening) loses ~75 %.
 */
export function snowCover(latitude: number, longitude: number, tilt: number, dateISO: string): number {
  if (tilt >= HOLDS_NO_SNOW_TILT || !SNOW_MONTHS.has(dateISO.slice(5, 7))) return 0;
  // Asked at every five-minute step of a plant's day: remember the last answer.
  const key = `${latitude}:${longitude}:${tilt}|${dateISO}`;
  if (key === lastDay.key) return lastDay.loss;
  const start = coverAtEnd(latitude, longitude, tilt, addDays(dateISO, -1));
  const end = coverAtEnd(latitude, longitude, tilt, dateISO);
  const cover = (start + end) / 2;
  lastDay = { key, loss: 1 - (1 - cover) ** 2 };
  return lastDay.loss;
}
