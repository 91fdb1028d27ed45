import { describe, expect, it } from 'vitest';
import { plantToday, wallClock } from './plant-time.ts';

describe('plant time', () => {
  it('reads today and the wall clock in the plant’s time zone, not the browser’s', () => {
    const t = Date.parse('2025-06-14T22:30:00Z');
    expect(plantToday('Europe/Berlin', t)).toBe('2025-06-15');
    expect(plantToday('America/New_York', t)).toBe('2025-06-14');
    expect(new Date(wallClock(t, 'Europe/Berlin')).toISOString()).toBe('2025-06-15T00:30:00.000Z');
    // Winter time: one hour ahead of UTC.
    expect(new Date(wallClock(Date.parse('2025-01-10T12:00:05.250Z'), 'Europe/Berlin')).toISOString()).toBe(
      '2025-01-10T13:00:05.250Z',
    );
  });
});
