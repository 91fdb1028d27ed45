import SunCalc from 'suncalc';
import { describe, expect, it } from 'vitest';
import { allDaylightBits, dayGrid, INTERVAL_MS, seenBits, sunWindow } from './daylight.ts';

SunCalc.addTime(10, 'above10', 'below10');

describe('daylight window', () => {
  it('agrees with suncalc on the moments the sun passes 10° (a second at most)', () => {
    const places: [number, number][] = [
      [52.52, 13.4],
      [41.9, 12.5],
      [-33.87, 151.2],
      [60.17, 24.94],
      [19.43, -99.13],
    ];
    for (const [lat, lon] of places)
      for (let d = 0; d < 366; d += 17) {
        const noon = Date.UTC(2026, 0, 1, 12 - Math.round(lon / 15)) + d * 86_400_000;
        const ours = sunWindow(noon, lat, lon);
        const theirs = SunCalc.getTimes(new Date(noon), lat, lon) as unknown as Record<string, Date>;
        if (ours === null) {
          expect(theirs.above10!.getTime()).toBeNaN();
          continue;
        }
        const [start, end] = ours as [number, number];
        expect(Math.abs(start - theirs.above10!.getTime())).toBeLessThan(1000);
        expect(Math.abs(end - theirs.below10!.getTime())).toBeLessThan(1000);
      }
  });

  it('knows polar night and midnight sun', () => {
    expect(sunWindow(Date.UTC(2026, 11, 21, 12), 78.2, 15.6)).toBeNull();
    expect(sunWindow(Date.UTC(2026, 5, 21, 12), 89, 0)).toBe('allDay');
  });

  it('cuts a Berlin midsummer day into daylight intervals on the 5-minute grid', () => {
    const grid = dayGrid({ latitude: 52.52, longitude: 13.4 }, 'Europe/Berlin', '2026-06-21', '2026-06-22');
    expect(grid.start).toBe(Date.UTC(2026, 5, 20, 22));
    expect(grid.end - grid.start).toBe(86_400_000);
    // The sun is above 10° from 06:10 to 20:08 CEST: 168 intervals.
    expect(grid.first * INTERVAL_MS).toBe(Date.UTC(2026, 5, 21, 4, 10));
    expect(grid.after - grid.first).toBe(168);
    expect(allDaylightBits(grid).count).toBe(grid.after - grid.first);
  });

  it('has 25 hours on the day the clocks go back and counts 08:00–16:00 without coordinates', () => {
    const grid = dayGrid({ latitude: null, longitude: null }, 'Europe/Berlin', '2026-10-25', '2026-10-26');
    expect(grid.end - grid.start).toBe(25 * 3_600_000);
    // 08:00 local is after the change (UTC+1): 07:00 UTC.
    expect(grid.first * INTERVAL_MS).toBe(Date.UTC(2026, 9, 25, 7));
    expect(grid.after - grid.first).toBe(96);
  });

  it('marks each daylight interval once however many samples fall in it, and none at night', () => {
    const grid = dayGrid({ latitude: null, longitude: null }, 'UTC', '2026-03-01', '2026-03-02');
    const at = (h: number, m: number) => Date.UTC(2026, 2, 1, h, m);
    const bits = seenBits(grid, [at(8, 0), at(8, 1), at(8, 4), at(8, 5), at(3, 0), at(16, 0), at(15, 59)]);
    expect([...bits].filter((b) => b === '1')).toHaveLength(3);
    expect(bits[(8 * 60) / 5]).toBe('1');
    expect(bits[(8 * 60) / 5 + 1]).toBe('1');
    expect(bits[(15 * 60 + 55) / 5]).toBe('1');
  });
});
