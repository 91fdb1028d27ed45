/**
 * Clear-sky irradiation on a plant's modules, from first principles and nothing else (no imports):
 *
 * - sun position: NOAA's solar calculator (Meeus, "Astronomical Algorithms", low-precision series with
 *   the equation of time), within about 0.01° of NREL's SPA between 1950 and 2050; refraction by NOAA's
 *   formula at standard pressure;
 * - clear-sky global horizontal irradiance: Haurwitz (1945), GHI = 1098·cos z·exp(−0.057 / cos z) W/m²,
 *   which needs no turbidity and ranks among the best simple models against measurements (Reno, Hansen &
 *   Stein, Sandia SAND2012-2389);
 * - beam and diffuse parts: the Erbs et al. (1982) diffuse fraction of the clearness index;
 * - plane of array: Hay–Davies transposition (circumsolar share by the anisotropy index) plus ground
 *   reflection with albedo 0.2;
 * - one day: the plant's local mean solar day (midnight to midnight at its longitude), 5-minute steps.
 *
 * Azimuths of modules follow the plants table: degrees clockwise from south (0 south, 90 west, −90 or
 * 270 east). Sun azimuth is reported the usual way, clockwise from north.
 */

const RAD = Math.PI / 180;
const DEG = 180 / Math.PI;
/** Solar constant of Duffie & Beckman (and of the Erbs fit), W/m². */
export const SOLAR_CONSTANT = 1367;
export const ALBEDO = 0.2;
/** Assumed when a plant has no tilt or azimuth on record: a typical pitched roof facing south. */
export const DEFAULT_TILT = 30;
export const DEFAULT_AZIMUTH = 0;
export const STEP_MINUTES = 5;

export interface SunPosition {
  /** Degrees from the vertical, refraction included. */
  zenith: number;
  /** Degrees clockwise from north. */
  azimuth: number;
}

const mod = (a: number, m: number) => ((a % m) + m) % m;

/** Where the sun stands at `ms` (epoch milliseconds) seen from latitude/longitude (degrees, east positive). */
export function sunPosition(ms: number, latitude: number, longitude: number): SunPosition {
  const jd = ms / 86_400_000 + 2_440_587.5;
  const t = (jd - 2_451_545) / 36_525;
  const l0 = mod(280.46646 + t * (36_000.76983 + t * 0.0003032), 360);
  const m = 357.52911 + t * (35_999.05029 - 0.0001537 * t);
  const e = 0.016708634 - t * (0.000042037 + 0.0000001267 * t);
  const c =
    Math.sin(m * RAD) * (1.914602 - t * (0.004817 + 0.000014 * t)) +
    Math.sin(2 * m * RAD) * (0.019993 - 0.000101 * t) +
    Math.sin(3 * m * RAD) * 0.000289;
  const omega = 125.04 - 1934.136 * t;
  const lambda = l0 + c - 0.00569 - 0.00478 * Math.sin(omega * RAD);
  const eps0 = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60;
  const eps = eps0 + 0.00256 * Math.cos(omega * RAD);
  const decl = Math.asin(Math.sin(eps * RAD) * Math.sin(lambda * RAD));
  const y = Math.tan((eps / 2) * RAD) ** 2;
  const eqTime =
    4 *
    DEG *
    (y * Math.sin(2 * l0 * RAD) -
      2 * e * Math.sin(m * RAD) +
      4 * e * y * Math.sin(m * RAD) * Math.cos(2 * l0 * RAD) -
      0.5 * y * y * Math.sin(4 * l0 * RAD) -
      1.25 * e * e * Math.sin(2 * m * RAD));
  const minutesUtc = mod(ms / 60_000, 1440);
  const trueSolar = mod(minutesUtc + eqTime + 4 * longitude, 1440);
  const hourAngle = (trueSolar / 4 - 180) * RAD;
  const lat = latitude * RAD;
  const cosZ = Math.max(
    -1,
    Math.min(1, Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(hourAngle)),
  );
  const elevation = 90 - Math.acos(cosZ) * DEG;
  const azimuth = mod(
    Math.atan2(Math.sin(hourAngle), Math.cos(hourAngle) * Math.sin(lat) - Math.tan(decl) * Math.cos(lat)) *
      DEG +
      180,
    360,
  );
  return { zenith: 90 - elevation - refraction(elevation), azimuth };
}

/** Atmospheric refraction in degrees at an elevation (degrees), standard atmosphere (NOAA). */
function refraction(elevation: number): number {
  if (elevation > 85) return 0;
  const te = Math.tan(elevation * RAD);
  let arcsec: number;
  if (elevation > 5) arcsec = 58.1 / te - 0.07 / te ** 3 + 0.000086 / te ** 5;
  else if (elevation > -0.575)
    arcsec = 1735 + elevation * (-518.2 + elevation * (103.4 + elevation * (-12.79 + elevation * 0.711)));
  else arcsec = -20.774 / te;
  return arcsec / 3600;
}

/** Irradiance outside the atmosphere on a plane facing the sun, W/m² (Spencer's orbit correction). */
export function extraterrestrial(ms: number): number {
  const start = Date.UTC(new Date(ms).getUTCFullYear(), 0, 1);
  const b = (2 * Math.PI * Math.floor((ms - start) / 86_400_000)) / 365;
  return (
    SOLAR_CONSTANT *
    (1.00011 +
      0.034221 * Math.cos(b) +
      0.00128 * Math.sin(b) +
      0.000719 * Math.cos(2 * b) +
      0.000077 * Math.sin(2 * b))
  );
}

/** Haurwitz clear-sky global horizontal irradiance, W/m², at a zenith angle in degrees. */
export function haurwitz(zenith: number): number {
  const cz = Math.cos(zenith * RAD);
  return cz > 0 ? 1098 * cz * Math.exp(-0.057 / cz) : 0;
}

/** Erbs et al. (1982): the diffuse share of global horizontal irradiance at clearness index kt. */
export function erbsDiffuseFraction(kt: number): number {
  if (kt <= 0.22) return 1 - 0.09 * kt;
  if (kt <= 0.8) return 0.9511 - 0.1604 * kt + 4.388 * kt ** 2 - 16.638 * kt ** 3 + 12.336 * kt ** 4;
  return 0.165;
}

export interface PlaneOfArray {
  /** Degrees from horizontal. */
  tilt: number;
  /** Degrees clockwise from south. */
  azimuth: number;
}

/**
 * Clear-sky irradiance on a plane, W/m²: Haurwitz GHI split by Erbs, beam projected onto the plane,
 * diffuse by Hay–Davies, ground reflection isotropic. Also returns GHI and the extraterrestrial
 * horizontal irradiance.
 */
export function clearSkyIrradiance(ms: number, latitude: number, longitude: number, plane: PlaneOfArray) {
  const sun = sunPosition(ms, latitude, longitude);
  const cosZ = Math.cos(sun.zenith * RAD);
  if (cosZ <= 0) return { poa: 0, ghi: 0, horizontalExtra: 0 };
  const e0 = extraterrestrial(ms);
  const ghi = haurwitz(sun.zenith);
  const kt = Math.min(ghi / (e0 * cosZ), 1);
  const dhi = ghi * erbsDiffuseFraction(kt);
  const dni = (ghi - dhi) / cosZ;
  const beta = plane.tilt * RAD;
  const planeAzimuth = (plane.azimuth + 180) * RAD; // from north, as the sun's
  const cosIncidence = Math.max(
    0,
    cosZ * Math.cos(beta) +
      Math.sin(sun.zenith * RAD) * Math.sin(beta) * Math.cos(sun.azimuth * RAD - planeAzimuth),
  );
  // Rb's denominator floored at cos 85°: near the horizon the ratio explodes while the beam is ~0.
  const rb = cosIncidence / Math.max(cosZ, 0.0872);
  const anisotropy = dni / e0;
  const diffuse = dhi * (anisotropy * rb + (1 - anisotropy) * ((1 + Math.cos(beta)) / 2));
  const ground = ghi * ALBEDO * ((1 - Math.cos(beta)) / 2);
  return { poa: dni * cosIncidence + diffuse + ground, ghi, horizontalExtra: e0 * cosZ };
}

export interface Site {
  latitude: number;
  longitude: number;
  tilt?: number | null;
  azimuth?: number | null;
}

/**
 * Clear-sky irradiation of one day (kWh/m²): on the plant's modules (`poa`), on the horizontal (`ghi`)
 * and outside the atmosphere on the horizontal (`extra`). `day` is a calendar date (YYYY-MM-DD); the
 * day runs from midnight to midnight of the site's mean solar time, which holds the same daylight as
 * the local civil day everywhere the sun sets.
 */
export function clearSkyDay(site: Site, day: string) {
  const plane = { tilt: site.tilt ?? DEFAULT_TILT, azimuth: site.azimuth ?? DEFAULT_AZIMUTH };
  const start = Date.parse(`${day}T00:00:00Z`) - (site.longitude / 15) * 3_600_000;
  const stepMs = STEP_MINUTES * 60_000;
  let poa = 0;
  let ghi = 0;
  let extra = 0;
  for (let t = start + stepMs / 2; t < start + 86_400_000; t += stepMs) {
    const g = clearSkyIrradiance(t, site.latitude, site.longitude, plane);
    poa += g.poa;
    ghi += g.ghi;
    extra += g.horizontalExtra;
  }
  const toKwh = STEP_MINUTES / 60 / 1000;
  return { poa: poa * toKwh, ghi: ghi * toKwh, extra: extra * toKwh };
}
