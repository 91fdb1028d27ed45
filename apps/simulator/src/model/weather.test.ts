import { addDays } from '@pvstar/contract/calendar';
import { describe, expect, it } from 'vitest';
import { dayClearness, spatialUniform } from './weather.ts';

const days = Array.from({ length: 365 }, (_, k) => addDays('2025-01-01', k));
const meanGap = (a: [number, number], b: [number, number]) =>
  days.reduce((s, d) => s + Math.abs(dayClearness(...a, d) - dayClearness(...b, d)), 0) / days.length;

describe('weather in space', () => {
  it('gives plants a few kilometres apart nearly the same sky, even across a grid cell edge', () => {
    // 54.25° N is a cell edge of the half-degree grid: 2 km apart, on either side of it.
    expect(meanGap([54.24, 10.14], [54.26, 10.14])).toBeLessThan(0.05);
    expect(meanGap([54.3, 10.24], [54.3, 10.26])).toBeLessThan(0.05);
    // Kiel and Graz have their own weather.
    expect(meanGap([54.32, 10.14], [47.07, 15.44])).toBeGreaterThan(0.2);
  });

  it("keeps each place's draws uniform, so its month keeps its share of sky types", () => {
    const places: [number, number][] = [
      [54.25, 10.25],
      [54.1, 10.4],
      [48.14, 11.58],
    ];
    for (const [latitude, longitude] of places) {
      const draws = days.map((d) => spatialUniform(latitude, longitude, d, 'sky'));
      const mean = draws.reduce((s, u) => s + u, 0) / draws.length;
      expect(mean).toBeGreaterThan(0.44);
      expect(mean).toBeLessThan(0.56);
      for (let q = 0; q < 4; q++) {
        const share = draws.filter((u) => u >= q / 4 && u < (q + 1) / 4).length / draws.length;
        expect(share).toBeGreaterThan(0.17);
        expect(share).toBeLessThan(0.33);
      }
    }
  });
});
