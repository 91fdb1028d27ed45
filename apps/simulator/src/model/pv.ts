import SunCalc from 'suncalc';

/**
 * PV generation from the sun's position.
 *
 * Azimuth convention: degrees clockwise from SOUTH seen from above — 0 = south, 90 = west, 180 = north,
 * 270 = east (so -90 and 270 both mean east). Requirements §R5.5 enter angles as positive values with 0 =
 * south; this is also suncalc 1.9's sun azimuth (radians from south towards west), so no conversion is
 * needed. Tilt is degrees from horizontal (0 = flat, 90 = a vertical balcony railing).
 */
export interface PvArray {
  latitude: number;
  longitude: number;
  tilt: number;
  azimuth: number;
  capacityKwp: number;
}

export interface Irradiance {
  /** Sun altitude in degrees (negative below the horizon). */
  altitude: number;
  /** Clear-sky irradiance on the module plane, split by where it comes from, W/m². */
  beam: number;
  diffuse: number;
  ground: number;
}

const SOLAR_CONSTANT = 1361;
const ALBEDO = 0.2;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The sun and the clear-sky beam (normal) and diffuse (horizontal) irradiance, W/m². */
export function clearSky(t: number, latitude: number, longitude: number) {
  const sun = SunCalc.getPosition(new Date(t), latitude, longitude);
  const altitude = (sun.altitude * 180) / Math.PI;
  if (altitude <= 0) return { sun, altitude, dni: 0, dhi: 0 };
  const airMass = 1 / (Math.sin(sun.altitude) + 0.50572 * (altitude + 6.07995) ** -1.6364);
  const dni = SOLAR_CONSTANT * 0.7 ** (airMass ** 0.678);
  return { sun, altitude, dni, dhi: 0.1 * dni };
}

/**
 * Clear-sky plane-of-array irradiance: Kasten–Young air mass, Meinel's beam attenuation
 * (DNI = 1361·0.7^(AM^0.678)), diffuse sky at a tenth of the beam (isotropic on the tilted plane),
 * ground reflection with albedo 0.2, the ASHRAE incidence-angle loss of the glass, and a low horizon.
 */
export function clearSkyIrradiance(t: number, array: PvArray): Irradiance {
  const { sun, altitude, dni, dhi } = clearSky(t, array.latitude, array.longitude);
  if (altitude <= 0) return { altitude, beam: 0, diffuse: 0, ground: 0 };
  const ghi = dni * Math.sin(sun.altitude) + dhi;
  const tilt = rad(array.tilt);
  const cosIncidence =
    Math.sin(sun.altitude) * Math.cos(tilt) +
    Math.cos(sun.altitude) * Math.sin(tilt) * Math.cos(sun.azimuth - rad(array.azimuth));
  const iam = cosIncidence > 0.05 ? Math.max(0, 1 - 0.05 * (1 / cosIncidence - 1)) : 0;
  // Neighbouring roofs and trees: the beam fades in between 3° and 13° of sun altitude, which matters
  // in a northern winter, when the noon sun stands barely above 12°.
  const horizon = Math.min(1, Math.max(0, (altitude - 3) / 10));
  return {
    altitude,
    beam: dni * Math.max(0, cosIncidence) * iam * horizon,
    diffuse: (dhi * (1 + Math.cos(tilt))) / 2,
    ground: (ghi * ALBEDO * (1 - Math.cos(tilt))) / 2,
  };
}

/**
 * What clouds let through of the clear-sky beam and diffuse irradiance at a cloud factor (0.05 … 1.05).
 * Clouds take the beam first (squared); broken clouds scatter it into the sky, so the diffuse part
 * rises above the clear-sky one there and falls to about half under a closed deck. The diffuse share
 * of the day then follows the clearness as station records show (Erbs et al. 1982: ~70 % at a
 * clearness index of 0.5, ~90 % under overcast), which keeps tilted roofs from gaining too much in
 * winter.
 */
export const beamTransmission = (cloud: number) => cloud * cloud;
export const diffuseTransmission = (cloud: number) => 0.5 + 0.5 * cloud + 2 * cloud * Math.max(0, 1 - cloud);

/** Irradiance on the plane under a cloud factor: orientation matters less the greyer the sky. */
export function planeIrradiance(clear: Irradiance, cloud: number): number {
  return clear.beam * beamTransmission(cloud) + (clear.diffuse + clear.ground) * diffuseTransmission(cloud);
}

/** DC losses before the inverter (soiling, mismatch, wiring, light-induced degradation). */
const DC_PERFORMANCE = 0.84;
const TEMP_COEFFICIENT = -0.0037;
export const INVERTER_EFFICIENCY = 0.97;

/** Cell temperature (°C) from air temperature and irradiance; roof mounts run ~30 K above air at 1000 W/m². */
export const cellTemperature = (ambient: number, poa: number) => ambient + 0.03 * poa;

/** Array DC power in W at the maximum power point. */
export function pvDcPower(poa: number, ambient: number, capacityKwp: number): number {
  if (poa <= 0) return 0;
  const thermal = 1 + TEMP_COEFFICIENT * (cellTemperature(ambient, poa) - 25);
  // Efficiency drops at low light (≈ -4 % at 200 W/m²), which flattens dawn and dusk.
  const lowLight = 1 + 0.025 * Math.log(Math.min(poa, 1000) / 1000);
  return Math.max(0, capacityKwp * poa * DC_PERFORMANCE * thermal * lowLight);
}

/** AC power the inverter delivers: conversion loss, clipping at its rating, and a start threshold. */
export function pvAcPower(dcW: number, ratedW: number): number {
  const ac = Math.min(dcW * INVERTER_EFFICIENCY, ratedW);
  return ac < Math.max(5, ratedW * 0.004) ? 0 : ac;
}
