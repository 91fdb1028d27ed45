import { clamp, hash, rand01, valueNoise } from './rng.ts';
import { addDays, DAY_MS, type LocalTime } from './time.ts';

/**
 * Weather of a day and place. Days are drawn per half-degree cell (about 50 km), not per plant, so
 * neighbouring plants share their sunny and grey days the way a real fleet does; the plant seed only
 * moves the short-term cloud noise.
 */
const WEATHER_SEED = 0x5eed_2024;

/**
 * Mean daily clearness (share of clear-sky irradiation) by month for central Europe, fitted so that a
 * south roof near Munich makes ~1000 kWh/kWp a year with about a tenth of it in Nov–Jan together.
 */
const MEAN_CLEARNESS = [0.36, 0.43, 0.52, 0.6, 0.63, 0.66, 0.67, 0.65, 0.6, 0.47, 0.36, 0.32] as const;

const cellOf = (latitude: number, longitude: number) =>
  `${Math.round(latitude * 2)}:${Math.round(longitude * 2)}`;

/**
 * Clearness of a local day: the share of clear-sky irradiation that reaches the ground, 0.08 … 1.
 * A mix of clear, overcast and broken days whose share follows the month, as in station records.
 */
export function dayClearness(latitude: number, longitude: number, dateISO: string): number {
  const cell = cellOf(latitude, longitude);
  const m = MEAN_CLEARNESS[Number(dateISO.slice(5, 7)) - 1] ?? 0.5;
  const u = rand01(WEATHER_SEED, cell, dateISO, 'sky');
  const v = rand01(WEATHER_SEED, cell, dateISO, 'level');
  const pClear = clamp(m * 1.05 - 0.22, 0.06, 0.6);
  const pOvercast = clamp((1 - m) * 0.8, 0.12, 0.6);
  if (u < pClear) return 0.9 + 0.1 * v;
  if (u < pClear + pOvercast) return 0.08 + 0.2 * v;
  return 0.3 + 0.55 * v;
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

/** Outdoor air temperature in °C: season, latitude, multi-day weather and the daily cycle. */
export function ambientTemperature(latitude: number, longitude: number, t: number, local: LocalTime): number {
  const season = 9 - 9.5 * Math.cos((2 * Math.PI * (local.dayOfYear - 20)) / 365.25);
  const cell = hash(WEATHER_SEED, cellOf(latitude, longitude));
  const spells = 4.5 * valueNoise(cell, t, 2 * DAY_MS) + 1.5 * valueNoise(cell ^ 0x77, t, 6 * 3_600_000);
  // Blend the swing with the neighbouring day's around midnight so the curve has no step there.
  let amp = diurnalAmplitude(latitude, longitude, local.date, local.dayOfYear);
  if (local.hour < 3 || local.hour > 21) {
    const other = addDays(local.date, local.hour < 3 ? -1 : 1);
    const w = 0.5 - (local.hour < 3 ? local.hour : 24 - local.hour) / 6;
    amp = (1 - w) * amp + w * diurnalAmplitude(latitude, longitude, other, local.dayOfYear);
  }
  return season - 0.5 * (latitude - 50) + spells + amp * Math.cos((2 * Math.PI * (local.hour - 15)) / 24);
}
