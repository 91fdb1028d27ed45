import { describe, expect, it } from 'vitest';
import { dailyEnergyRange } from './energy.ts';
import type { PlantDef } from './plant.ts';
import { clearSkyIrradiance, type PvArray, planeIrradiance, pvAcPower, pvDcPower } from './pv.ts';
import { dayClearness } from './weather.ts';

const munich: PvArray = { latitude: 48.14, longitude: 11.58, tilt: 30, azimuth: 0, capacityKwp: 10 };
/** Solar noon in Munich is ~12:15 UTC+1, i.e. 11:15 UTC in winter and 13:15 CEST in summer. */
const utc = (iso: string) => Date.parse(iso);

function acPower(t: number, array: PvArray, ambient = 22, cloud = 1): number {
  const poa = planeIrradiance(clearSkyIrradiance(t, array), cloud);
  return pvAcPower(pvDcPower(poa, ambient, array.capacityKwp), array.capacityKwp * 1000);
}

/** Clear-sky energy of a UTC day in kWh, at one-minute steps. */
function clearDay(dateISO: string, array: PvArray, ambient: number): { kwh: number; peakW: number } {
  let kwh = 0;
  let peakW = 0;
  const start = utc(`${dateISO}T00:00:00Z`);
  for (let t = start; t < start + 86_400_000; t += 60_000) {
    const w = acPower(t, array, ambient);
    kwh += w / 60_000;
    peakW = Math.max(peakW, w);
  }
  return { kwh, peakW };
}

describe('PV model', () => {
  it('is zero at night and positive at noon in summer at 48°N', () => {
    expect(acPower(utc('2025-06-21T23:00:00Z'), munich)).toBe(0);
    expect(acPower(utc('2025-06-21T01:30:00Z'), munich)).toBe(0);
    expect(acPower(utc('2025-12-21T17:00:00Z'), munich)).toBe(0);
    expect(acPower(utc('2025-06-21T11:15:00Z'), munich)).toBeGreaterThan(6000);
    expect(clearSkyIrradiance(utc('2025-06-21T23:00:00Z'), munich).altitude).toBeLessThan(0);
  });

  it('gives a south-facing tilted array more at noon than a north-facing one', () => {
    const noon = utc('2025-06-21T11:15:00Z');
    const south = acPower(noon, munich);
    const north = acPower(noon, { ...munich, azimuth: 180 });
    expect(south).toBeGreaterThan(north * 1.3);
    // In winter the sun is low in the south: a north roof gets little more than diffuse light.
    const winterNoon = utc('2025-12-21T11:15:00Z');
    expect(acPower(winterNoon, munich, 2)).toBeGreaterThan(
      5 * acPower(winterNoon, { ...munich, azimuth: 180 }, 2),
    );
  });

  it('turns with the azimuth convention: 90 = west gets the afternoon, 270 = east the morning', () => {
    const morning = utc('2025-06-21T06:00:00Z');
    const afternoon = utc('2025-06-21T16:00:00Z');
    const east = { ...munich, azimuth: 270 };
    const west = { ...munich, azimuth: 90 };
    expect(acPower(morning, east)).toBeGreaterThan(acPower(morning, west) * 2);
    expect(acPower(afternoon, west)).toBeGreaterThan(acPower(afternoon, east) * 2);
  });

  it('matches what an installer expects from a 10 kWp south roof in Munich on clear days', () => {
    const june = clearDay('2025-06-21', munich, 24);
    expect(june.peakW).toBeGreaterThan(7000);
    expect(june.peakW).toBeLessThan(8200);
    expect(june.kwh).toBeGreaterThan(52);
    expect(june.kwh).toBeLessThan(64);
    const december = clearDay('2025-12-15', munich, 2);
    expect(december.kwh).toBeGreaterThan(15);
    expect(december.kwh).toBeLessThan(26);
  });

  it('yields ~50–60 kWh on a clear June day and 7–13 kWh a day in a Munich December with the weather', () => {
    const plant: PlantDef = { ...munich, storageKwh: 0, type: 'PHOTOVOLTAIC', timezone: 'Europe/Berlin' };
    const devices = [{ sn: 'INV0000001', kind: 'INVERTER' as const }];
    const june = dailyEnergyRange(plant, devices, '2025-06-01', '2025-06-30', 7);
    const clear = june.filter((d) => dayClearness(plant.latitude, plant.longitude, d.date) > 0.95);
    expect(clear.length).toBeGreaterThan(0);
    for (const d of clear) {
      expect(d.energy.generation).toBeGreaterThan(50);
      expect(d.energy.generation).toBeLessThan(62);
    }
    const december = dailyEnergyRange(plant, devices, '2025-12-01', '2025-12-31', 7);
    const mean = december.reduce((sum, d) => sum + d.energy.generation, 0) / december.length;
    // Munich's December irradiation (climate.ts) gives ~30–40 kWh/kWp on a 30° south roof, as PVGIS does.
    expect(mean).toBeGreaterThan(7);
    expect(mean).toBeLessThan(13);
  });
});
