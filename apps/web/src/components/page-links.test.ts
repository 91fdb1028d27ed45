import { describe, expect, it } from 'vitest';
import { alarmLinks, deviceLinks, pagePath, plantLinks } from './page-links.ts';

describe('page links', () => {
  it('builds a page route from the menu table with its query', () => {
    expect(plantLinks.detail(5, 'alarms')).toBe('/station/monitor/detail?id=5&tab=alarms');
    expect(plantLinks.detail(5)).toBe('/station/monitor/detail?id=5');
    expect(plantLinks.info(7)).toBe('/station/monitor/info?id=7');
    expect(plantLinks.edit(7)).toBe('/station/monitor/add?id=7');
    expect(plantLinks.list()).toBe('/station/monitor');
  });

  it('links the alert center and every device type to its list with the detail open', () => {
    expect(alarmLinks.center()).toBe('/fault/alarm');
    expect(alarmLinks.center(3)).toBe('/fault/alarm?id=3');
    expect(deviceLinks.detail('INVERTER', 5)).toBe('/device-center/inverter?id=5');
    expect(deviceLinks.detail('DONGLE', 6)).toBe('/device-center/dongle?id=6');
    expect(deviceLinks.detail('BATTERY', 7)).toBe('/device-center/battery?id=7');
    expect(deviceLinks.detail('HEAT_PUMP', 8)).toBe('/device-center/inverter?type=HEAT_PUMP&id=8');
  });

  it('refuses a page the menu table does not have', () => {
    expect(() => pagePath('nowhere/page')).toThrow(/nowhere/);
  });
});
