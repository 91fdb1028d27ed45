import { describe, expect, it } from 'vitest';
import { pagePath, plantLinks } from './page-links.ts';

describe('page links', () => {
  it('builds a page route from the menu table with its query', () => {
    expect(plantLinks.detail(5, 'alarms')).toBe('/station/monitor/detail?id=5&tab=alarms');
    expect(plantLinks.detail(5)).toBe('/station/monitor/detail?id=5');
    expect(plantLinks.info(7)).toBe('/station/monitor/info?id=7');
    expect(plantLinks.edit(7)).toBe('/station/monitor/add?id=7');
    expect(plantLinks.list()).toBe('/station/monitor');
  });

  it('refuses a page the menu table does not have', () => {
    expect(() => pagePath('nowhere/page')).toThrow(/nowhere/);
  });
});
