import { MIN_NEIGHBOURS, NEIGHBOUR_KM } from '@pvstar/contract/performance';
import { describe, expect, it } from 'vitest';
import { haversineKm } from '../modules/performance/performance-compute.ts';
import { generatePlants } from './plant-generator.ts';
import { HOME_AREA_PLANTS } from './towns.ts';

describe('demo plant placement', () => {
  it('gives every plant of the default demo enough neighbours for a performance ratio', () => {
    const plants = generatePlants({ prefix: 'DEMO', count: 20 });
    for (const p of plants) {
      const near = plants.filter(
        (q) => q !== p && haversineKm(p.latitude, p.longitude, q.latitude, q.longitude) <= NEIGHBOUR_KM,
      );
      expect(near.length, p.name).toBeGreaterThanOrEqual(MIN_NEIGHBOURS);
    }
    // North and south of Germany both among them, so the climate's difference shows.
    const germanLatitudes = plants.filter((p) => p.countryCode === 'DE').map((p) => p.latitude);
    expect(Math.max(...germanLatitudes) - Math.min(...germanLatitudes)).toBeGreaterThan(5);
  });

  it('spreads the plants after the home areas over the whole country', () => {
    const later = generatePlants({ prefix: 'DEMO', count: 60, from: HOME_AREA_PLANTS + 1 });
    const towns = new Set(later.map((p) => p.name.split(', ').at(-1)));
    expect(towns.size).toBeGreaterThan(15);
  });
});
