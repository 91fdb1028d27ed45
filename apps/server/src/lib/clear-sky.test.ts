import { describe, expect, it } from 'vitest';
import { clearSkyDay, erbsDiffuseFraction, haurwitz, sunPosition } from './clear-sky.ts';

const RAD = Math.PI / 180;

describe('clear-sky model', () => {
  it("places the sun as NREL's SPA does in its paper's example (Reda & Andreas 2004, table A5.1)", () => {
    // 2003-10-17 12:30:30 at UTC−7 = 19:30:30 UTC; Golden, Colorado. SPA: zenith 50.11162°, azimuth
    // 194.34024°. SPA's refraction uses 820 mbar and 11 °C, ours the standard atmosphere (≈ 0.004° more at
    // 40° elevation), and NOAA's series is good to ≈ 0.01°: 0.02° covers both, and is 1/200 of what
    // changes a day's clear-sky energy by 1 %.
    const sun = sunPosition(Date.UTC(2003, 9, 17, 19, 30, 30), 39.742476, -105.1786);
    expect(Math.abs(sun.zenith - 50.11162)).toBeLessThan(0.02);
    expect(Math.abs(sun.azimuth - 194.34024)).toBeLessThan(0.02);
  });

  it('gives Haurwitz’s GHI = 1098·cos z·exp(−0.057/cos z), and nothing below the horizon', () => {
    expect(haurwitz(0)).toBeCloseTo(1098 * Math.exp(-0.057), 6); // 1037.2 W/m²
    expect(haurwitz(60)).toBeCloseTo(549 * Math.exp(-0.114), 6); // 489.9 W/m²
    expect(haurwitz(90.5)).toBe(0);
  });

  it('splits beam and diffuse by the Erbs correlation at its published break points', () => {
    expect(erbsDiffuseFraction(0.1)).toBeCloseTo(0.991, 3);
    expect(erbsDiffuseFraction(0.9)).toBe(0.165);
    // Continuous at kt = 0.8 within the fit's rounding.
    expect(Math.abs(erbsDiffuseFraction(0.8) - 0.165)).toBeLessThan(0.01);
  });

  it('integrates the extraterrestrial day as Duffie & Beckman’s formula 1.10.3 does', () => {
    // Madison, 43° N, 15 April: D&B example 1.10.1 gives H0 = 33.8 MJ/m² = 9.39 kWh/m² with Cooper's
    // declination (9.4°); the ephemeris declination that day is ≈ 9.8°, worth ≈ +1.3 %: 2 % allowed.
    const day = clearSkyDay({ latitude: 43, longitude: -89.4, tilt: 0 }, '2026-04-15');
    expect(Math.abs(day.extra / 9.39 - 1)).toBeLessThan(0.02);
    // Against the closed form with our own declination and orbit factor, the 5-minute sum must agree
    // to 0.5 % (what steps and refraction at sunrise and sunset can add).
    const noon = Date.UTC(2026, 3, 15, 12) + (89.4 / 15) * 3_600_000;
    const sun = sunPosition(noon, 43, -89.4);
    const phi = 43 * RAD;
    const d = (43 - sun.zenith) * RAD; // at solar noon the zenith angle is φ − δ
    const ws = Math.acos(-Math.tan(phi) * Math.tan(d));
    const gon = 1367 * (1 + 0.033 * Math.cos((2 * Math.PI * 105) / 365));
    const closed =
      ((24 / Math.PI) *
        gon *
        (Math.cos(phi) * Math.cos(d) * Math.sin(ws) + ws * Math.sin(phi) * Math.sin(d))) /
      1000;
    expect(Math.abs(day.extra / closed - 1)).toBeLessThan(0.005);
  });

  it('gives plausible clear-sky days on a 35° south roof at 48° N', () => {
    const site = { latitude: 48, longitude: 11, tilt: 35, azimuth: 0 };
    const june = clearSkyDay(site, '2026-06-21');
    const march = clearSkyDay(site, '2026-03-20');
    const september = clearSkyDay(site, '2026-09-22');
    const december = clearSkyDay(site, '2026-12-21');
    // Clear-sky daily irradiation at 48° N (PVGIS clear-sky profiles, ESRA): horizontal ≈ 8.5 kWh/m² at the
    // June solstice, ≈ 1.5 in December; a 35° south plane ≈ 8 in June, ≈ 7 at the equinoxes, 3–3.5 in
    // December. ±10 % covers the models' known spread against measured clear days.
    expect(june.ghi).toBeGreaterThan(7.7);
    expect(june.ghi).toBeLessThan(9.4);
    expect(june.poa).toBeGreaterThan(7.5);
    expect(june.poa).toBeLessThan(9);
    expect(march.poa).toBeGreaterThan(6.3);
    expect(march.poa).toBeLessThan(7.7);
    expect(december.poa).toBeGreaterThan(2.8);
    expect(december.poa).toBeLessThan(3.9);
    // Shapes that hold whatever the model: in summer the high sun favours the horizontal, in winter the
    // tilted plane gains more than double; the equinoxes mirror each other; the atmosphere passes 70–80 %
    // of a clear day's extraterrestrial energy at these sun heights.
    expect(june.poa).toBeLessThan(june.ghi);
    expect(december.poa).toBeGreaterThan(2 * december.ghi);
    expect(Math.abs(march.poa / september.poa - 1)).toBeLessThan(0.02);
    expect(june.ghi / june.extra).toBeGreaterThan(0.7);
    expect(june.ghi / june.extra).toBeLessThan(0.8);
  });

  it('turns modules by their azimuth clockwise from south, and defaults to a 30° south roof', () => {
    const at = (azimuth: number, tilt = 90) =>
      clearSkyDay({ latitude: 48, longitude: 11, tilt, azimuth }, '2026-12-21').poa;
    // In December a south wall gets far more than east or west walls, which get the same, more than north.
    expect(at(0)).toBeGreaterThan(2 * at(90));
    expect(Math.abs(at(90) / at(-90) - 1)).toBeLessThan(0.03);
    expect(at(270)).toBeCloseTo(at(-90), 9);
    expect(at(180)).toBeLessThan(at(90));
    const defaults = clearSkyDay({ latitude: 48, longitude: 11 }, '2026-12-21').poa;
    expect(defaults).toBeCloseTo(at(0, 30), 9);
  });
});
