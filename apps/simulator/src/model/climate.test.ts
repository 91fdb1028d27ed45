import { describe, expect, it } from 'vitest';
import { nearestClimate } from './climate.ts';
import { dailyEnergyRange } from './energy.ts';
import type { DeviceDef, PlantDef } from './plant.ts';

const roof = (latitude: number, longitude: number, timezone: string): PlantDef => ({
  latitude,
  longitude,
  tilt: 32,
  azimuth: 0,
  capacityKwp: 10,
  storageKwh: 0,
  type: 'PHOTOVOLTAIC',
  timezone,
});
const KIEL = roof(54.32, 10.14, 'Europe/Berlin');
const OLDENBURG = roof(53.14, 8.21, 'Europe/Berlin');
const GRAZ = roof(47.07, 15.44, 'Europe/Vienna');
const inverter: DeviceDef[] = [{ sn: 'INV0000001', kind: 'INVERTER' }];

/** Mean specific yield per calendar month over two model years (kWh/kWp), and the mean year. */
function monthlyYield(plant: PlantDef) {
  const days = dailyEnergyRange(plant, inverter, '2024-01-01', '2025-12-31', 11);
  const months = Array.from({ length: 12 }, () => 0);
  for (const d of days)
    months[Number(d.date.slice(5, 7)) - 1]! += d.energy.generation / plant.capacityKwp / 2;
  return { months, year: months.reduce((a, b) => a + b, 0) };
}

describe('climate by place and month', () => {
  it('takes the nearest climate point', () => {
    expect(nearestClimate(54.3, 10.1).name).toBe('Kiel');
    expect(nearestClimate(47.1, 15.5).name).toBe('Graz');
    expect(nearestClimate(52.1, 5.1).name).toBe('Utrecht');
  });

  it('gives a Kiel roof ~900–1000 kWh/kWp a year and a Graz roof ~1150–1300, Graz ahead in every month', () => {
    const kiel = monthlyYield(KIEL);
    const graz = monthlyYield(GRAZ);
    expect(kiel.year).toBeGreaterThan(900);
    expect(kiel.year).toBeLessThan(1000);
    expect(graz.year).toBeGreaterThan(1150);
    expect(graz.year).toBeLessThan(1300);
    for (let m = 0; m < 12; m++) expect(graz.months[m]).toBeGreaterThan(kiel.months[m]!);
  });

  it('gives northern Germany ~10–17 kWh/kWp in December, well under the ~20 of a central-European mean', () => {
    // Eight Decembers: one month's weather alone swings by a third.
    const december = (plant: PlantDef) => {
      let sum = 0;
      for (let y = 2018; y <= 2025; y++)
        for (const d of dailyEnergyRange(plant, inverter, `${y}-12-01`, `${y}-12-31`, 11))
          sum += d.energy.generation / plant.capacityKwp / 8;
      return sum;
    };
    const kiel = december(KIEL);
    expect(kiel).toBeGreaterThan(8);
    expect(kiel).toBeLessThan(15);
    const oldenburg = december(OLDENBURG);
    expect(oldenburg).toBeGreaterThan(10);
    expect(oldenburg).toBeLessThan(18);
  });

  it('leaves a northern house with a battery ~15–40 % self-sufficient in December, and uses more in winter', () => {
    for (const place of [KIEL, OLDENBURG]) {
      const plant: PlantDef = { ...place, storageKwh: 10, type: 'ENERGY_STORAGE' };
      const devices: DeviceDef[] = [...inverter, { sn: 'BAT0000001', kind: 'BATTERY' }];
      const sum = (days: ReturnType<typeof dailyEnergyRange>, flow: 'consumption' | 'purchase') =>
        days.reduce((s, d) => s + d.energy[flow], 0);
      for (const year of ['2024', '2025']) {
        const december = dailyEnergyRange(plant, devices, `${year}-12-01`, `${year}-12-31`, 11);
        const june = dailyEnergyRange(plant, devices, `${year}-06-01`, `${year}-06-30`, 11);
        const consumption = sum(december, 'consumption');
        const selfSufficiency = (consumption - sum(december, 'purchase')) / consumption;
        expect(selfSufficiency).toBeGreaterThan(0.15);
        expect(selfSufficiency).toBeLessThan(0.4);
        // Per day, a December uses about half more than a June (lighting, being home, the boiler's pump).
        expect(consumption / 31).toBeGreaterThan(1.2 * (sum(june, 'consumption') / 30));
      }
    }
  });
});
