import { addDays, DAY_MS, type LocalTime } from '@pvstar/contract/calendar';
import { type ClimatePoint, nearestClimate } from './climate.ts';
import { beamTransmission, clearSky, diffuseTransmission } from './pv.ts';
import { clamp, hash, rand01, valueNoise } from './rng.ts';

/**
 * Weather of a day and place. A day's sky is drawn at the nodes of a half-degree grid (about 50 km) and
 * blended between them without seams (`spatialUniform`), not per plant, so neighbouring plants share their
 * sunny and grey days the way a real fleet does; the plant seed only moves the short-term cloud noise.
 */
const WEATHER_SEED = 0x5eed_2024;

const cellOf = (latitude: number, longitude: number) =>
  `${Math.round(latitude * 2)}:${Math.round(longitude * 2)}`;

/** Draws of a day's sky: share of clear, overcast and broken days, and their clearness ranges. */
const skyShares = (m: number) => {
  const clear = clamp(m * 1.4 - 0.5, 0.02, 0.75);
  const overcast = clamp((1 - m) * 1.2 - 0.05, 0.04, 0.75);
  return { clear, overcast };
};

function clearnessOf(m: number, u: number, v: number): number {
  const { clear, overcast } = skyShares(m);
  if (u < clear) return 0.9 + 0.1 * v;
  if (u < clear + overcast) return 0.08 + 0.2 * v;
  return 0.3 + 0.55 * v;
}

/**
 * The share of the clear-sky horizontal irradiation a month of days drawn with mean parameter `m`
 * delivers, with the clouds' transmission of beam and diffuse of pv.ts (planeIrradiance).
 */
function irradiationShare(m: number, beamShare: number): number {
  const { clear, overcast } = skyShares(m);
  const broken = 1 - clear - overcast;
  const N = 16;
  let beam = 0;
  let diffuse = 0;
  const add = (weight: number, lo: number, span: number) => {
    for (let i = 0; i < N; i++) {
      const k = lo + (span * (i + 0.5)) / N;
      beam += (weight / N) * beamTransmission(k);
      diffuse += (weight / N) * diffuseTransmission(k);
    }
  };
  // Clear days keep a slight haze (cloudFactor), about 2 % on average.
  add(clear, 0.88, 0.1);
  add(overcast, 0.08, 0.2);
  add(broken, 0.3, 0.55);
  return beamShare * beam + (1 - beamShare) * diffuse;
}

/** Clear-sky horizontal irradiation of the 15th of a month at a place, kWh/m², split beam / diffuse. */
function clearSkyDay(latitude: number, longitude: number, month: number) {
  const start = Date.UTC(2025, month - 1, 15);
  let beam = 0;
  let diffuse = 0;
  for (let t = start; t < start + DAY_MS; t += 600_000) {
    const c = clearSky(t, latitude, longitude);
    if (c.altitude <= 0) continue;
    beam += (c.dni * Math.sin(c.sun.altitude)) / 6000;
    diffuse += c.dhi / 6000;
  }
  return { beam, diffuse };
}

const DAYS_IN_MONTH = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const meanCache = new Map<string, number>();

/**
 * The sky parameter of a place and month: chosen so that the month's days give the horizontal
 * irradiation measured at the nearest climate point (climate.ts), i.e. the simulated yield follows the
 * site's climate. Found by bisection; cached per half-degree cell and month.
 */
export function monthlyClearness(latitude: number, longitude: number, month: number): number {
  const key = `${cellOf(latitude, longitude)}:${month}`;
  const hit = meanCache.get(key);
  if (hit !== undefined) return hit;
  const target = nearestClimate(latitude, longitude).ghi[month - 1]! / DAYS_IN_MONTH[month - 1]!;
  const { beam, diffuse } = clearSkyDay(latitude, longitude, month);
  const want = target / (beam + diffuse);
  const beamShare = beam / (beam + diffuse);
  let lo = 0.05;
  let hi = 0.98;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (irradiationShare(mid, beamShare) < want) lo = mid;
    else hi = mid;
  }
  const m = (lo + hi) / 2;
  meanCache.set(key, m);
  return m;
}

/** Standard normal draw of a grid node and day (Box–Muller on two hashed uniforms). */
function nodeNormal(i: number, j: number, dateISO: string, what: string): number {
  const u = Math.max(rand01(WEATHER_SEED, i, j, dateISO, what, 1), 1e-12);
  const v = rand01(WEATHER_SEED, i, j, dateISO, what, 2);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Standard normal distribution function (Abramowitz & Stegun 7.1.26, error below 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/**
 * A uniform draw of a day that varies smoothly in space: the four surrounding half-degree nodes' normal
 * draws, weighted bilinearly and rescaled to unit variance, then mapped back to uniform. Every place keeps
 * the same distribution of sky types (so its month's irradiation), and plants a few kilometres apart, even
 * across a cell's edge, see nearly the same sky.
 */
export function spatialUniform(latitude: number, longitude: number, dateISO: string, what: string): number {
  const x = latitude * 2;
  const y = longitude * 2;
  const i = Math.floor(x);
  const j = Math.floor(y);
  const fx = x - i;
  const fy = y - j;
  const nodes: [number, number, number][] = [
    [i, j, (1 - fx) * (1 - fy)],
    [i + 1, j, fx * (1 - fy)],
    [i, j + 1, (1 - fx) * fy],
    [i + 1, j + 1, fx * fy],
  ];
  let sum = 0;
  let squares = 0;
  for (const [a, b, w] of nodes) {
    if (w === 0) continue;
    sum += w * nodeNormal(a, b, dateISO, what);
    squares += w * w;
  }
  return Math.min(normalCdf(sum / Math.sqrt(squares)), 1 - 1e-12);
}

const dayCache = new Map<string, number>();

/**
 * Clearness of a local day: the share of clear-sky irradiation that reaches the ground, 0.08 … 1.
 * A mix of clear, overcast and broken days whose share follows the place's month, as in station records.
 */
export function dayClearness(latitude: number, longitude: number, dateISO: string): number {
  const key = `${latitude}:${longitude}|${dateISO}`;
  const hit = dayCache.get(key);
  if (hit !== undefined) return hit;
  const m = monthlyClearness(latitude, longitude, Number(dateISO.slice(5, 7)));
  const k = clearnessOf(
    m,
    spatialUniform(latitude, longitude, dateISO, 'sky'),
    spatialUniform(latitude, longitude, dateISO, 'level'),
  );
  // Memoised per place (plants of one town differ): the model asks several times per five-minute step.
  if (dayCache.size > 4096) dayCache.clear();
  dayCache.set(key, k);
  return k;
}

/**
 * Cloud factor at an instant: the day's clearness plus passing clouds. Broken days swing most, clear
 * and overcast days little; noise on 30-minute and 5-minute knots gives cloud banks and single clouds.
 */
export function cloudFactor(
  seed: number,
  latitude: number,
  longitude: number,
  t: number,
  local: LocalTime,
): number {
  const k = dayClearness(latitude, longitude, local.date);
  const swing = 1.6 * k * (1 - k);
  const n =
    0.65 * valueNoise(seed ^ 0x0c10d, t, 30 * 60_000) + 0.35 * valueNoise(seed ^ 0x0c1d, t, 5 * 60_000);
  // Clear days keep a slight haze; cloud edges briefly lift a broken sky just above clear-sky.
  const haze = k > 0.88 ? -0.03 * Math.abs(n) : 0;
  return clamp(k + swing * n + haze, 0.05, 1.05);
}

/** Day-to-night temperature swing: large under a clear sky, small under cloud, smaller in winter. */
function diurnalAmplitude(latitude: number, longitude: number, dateISO: string, dayOfYear: number): number {
  const summerness = 0.5 - 0.5 * Math.cos((2 * Math.PI * (dayOfYear - 20)) / 365.25);
  return (1.5 + 5 * dayClearness(latitude, longitude, dateISO)) * (0.55 + 0.45 * summerness);
}

/** A smooth year through twelve monthly means: the mean and the cos/sin parts of two harmonics. */
type Harmonics = readonly [mean: number, cos1: number, sin1: number, cos2: number, sin2: number];
const harmonicsCache = new Map<string, Harmonics>();

/**
 * The harmonics of a place's twelve monthly mean temperatures, each divided by what averaging over a
 * month takes off it, so that every month keeps its mean (to about half a kelvin) and the year has no
 * corners.
 */
function temperatureHarmonics(point: ClimatePoint): Harmonics {
  const hit = harmonicsCache.get(point.name);
  if (hit) return hit;
  const part = (k: number, wave: (x: number) => number) => {
    const monthMean = Math.sin((Math.PI * k) / 12) / ((Math.PI * k) / 12);
    const sum = point.temperature.reduce((s, v, m) => s + v * wave((2 * Math.PI * k * (m + 0.5)) / 12), 0);
    return sum / 6 / monthMean;
  };
  const harmonics: Harmonics = [
    point.temperature.reduce((s, v) => s + v, 0) / 12,
    part(1, Math.cos),
    part(1, Math.sin),
    part(2, Math.cos),
    part(2, Math.sin),
  ];
  harmonicsCache.set(point.name, harmonics);
  return harmonics;
}

/** The climate's mean air temperature on a day of the year (1 … 366, fractions for the time of day), °C. */
export function seasonalTemperature(latitude: number, longitude: number, dayOfYear: number): number {
  const [mean, cos1, sin1, cos2, sin2] = temperatureHarmonics(nearestClimate(latitude, longitude));
  const phase = (2 * Math.PI * (dayOfYear - 1)) / 365.25;
  return (
    mean +
    cos1 * Math.cos(phase) +
    sin1 * Math.sin(phase) +
    cos2 * Math.cos(2 * phase) +
    sin2 * Math.sin(2 * phase)
  );
}

/**
 * How continental a place's climate is: its July-to-January range of mean temperatures over 18 K, from
 * ~0.85 on the North Sea coast to ~1.2 in the Alpine basins. Inland winters swing further, and there a
 * frost is the winter's normal weather and brings its snow; on the coast it is a spell of dry eastern air.
 */
export function continentality(latitude: number, longitude: number): number {
  const { temperature } = nearestClimate(latitude, longitude);
  return (temperature[6] - temperature[0]) / 18;
}

/**
 * Multi-day warm and cold spells, shared by a half-degree cell, K: wider in winter, when a week of
 * frost or a mild westerly spell moves a day's mean by five kelvin and more (~4–5 K standard deviation
 * in January against ~2.5 K in July).
 */
function spells(latitude: number, longitude: number, t: number, dayOfYear: number): number {
  const cell = hash(WEATHER_SEED, cellOf(latitude, longitude));
  const winter = 0.5 + 0.5 * Math.cos((2 * Math.PI * (dayOfYear - 20)) / 365.25);
  return (
    (1 + 0.9 * winter * continentality(latitude, longitude)) *
    (4.5 * valueNoise(cell, t, 2 * DAY_MS) + 1.5 * valueNoise(cell ^ 0x77, t, 6 * 3_600_000))
  );
}

/** Outdoor air temperature in °C: the place's climate by season, multi-day weather and the daily cycle. */
export function ambientTemperature(latitude: number, longitude: number, t: number, local: LocalTime): number {
  const season = seasonalTemperature(latitude, longitude, local.dayOfYear + local.hour / 24);
  // Blend the swing with the neighbouring day's around midnight so the curve has no step there.
  let amp = diurnalAmplitude(latitude, longitude, local.date, local.dayOfYear);
  if (local.hour < 3 || local.hour > 21) {
    const other = addDays(local.date, local.hour < 3 ? -1 : 1);
    const w = 0.5 - (local.hour < 3 ? local.hour : 24 - local.hour) / 6;
    amp = (1 - w) * amp + w * diurnalAmplitude(latitude, longitude, other, local.dayOfYear);
  }
  return (
    season +
    spells(latitude, longitude, t, local.dayOfYear + local.hour / 24) +
    amp * Math.cos((2 * Math.PI * (local.hour - 15)) / 24)
  );
}

const meanTemperatureCache = new Map<string, number>();

/** A day's mean air temperature (the daily cycle averages out), °C: what decides snow or rain, thaw or frost. */
export function dayMeanTemperature(latitude: number, longitude: number, dateISO: string): number {
  const key = `${latitude}:${longitude}|${dateISO}`;
  const hit = meanTemperatureCache.get(key);
  if (hit !== undefined) return hit;
  // The solar day of the place, which needs no time zone: its spells sampled every three hours.
  const midnight = Date.parse(`${dateISO}T00:00:00Z`) - (longitude / 15) * 3_600_000;
  const dayOfYear = (midnight - Date.UTC(Number(dateISO.slice(0, 4)), 0, 1)) / DAY_MS + 1.5;
  let sum = 0;
  for (let h = 0; h < 24; h += 3)
    sum += spells(latitude, longitude, midnight + (h + 1.5) * 3_600_000, dayOfYear) / 8;
  const mean = seasonalTemperature(latitude, longitude, dayOfYear) + sum;
  if (meanTemperatureCache.size > 4096) meanTemperatureCache.clear();
  meanTemperatureCache.set(key, mean);
  return mean;
}
