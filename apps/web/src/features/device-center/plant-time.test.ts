import { describe, expect, it } from 'vitest';
import { deviceHref, plantToday, wallClock } from './device-links.ts';

describe('device links and plant time', () => {
  it('links every device type to its list with the detail open', () => {
    expect(deviceHref('INVERTER', 5)).toBe('/device-center/inverter?id=5');
    expect(deviceHref('DONGLE', 6)).toBe('/device-center/dongle?id=6');
    expect(deviceHref('BATTERY', 7)).toBe('/device-center/battery?id=7');
    expect(deviceHref('HEAT_PUMP', 8)).toBe('/device-center/inverter?type=HEAT_PUMP&id=8');
  });

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
