import { describe, expect, it } from 'vitest';
import {
  formatCapacity,
  formatEnergy,
  formatMoney,
  formatPercent,
  formatPower,
  formatSpecificYield,
} from './energy-format.ts';

// Intl puts a narrow no-break space in some languages; compare on plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('energy formatting', () => {
  it('scales energy and power to a short unit with at most two decimals', () => {
    expect(formatEnergy(12.345, 'en-GB')).toBe('12.35 kWh');
    expect(formatEnergy(1234.5, 'en-GB')).toBe('1.23 MWh');
    expect(formatEnergy(2_500_000, 'en-GB')).toBe('2.5 GWh');
    expect(formatPower(850.4, 'en-GB')).toBe('850 W');
    expect(formatPower(3456, 'en-GB')).toBe('3.46 kW');
    expect(formatPower(-3456, 'en-GB')).toBe('-3.46 kW');
    expect(formatCapacity(9.9, 'kWp', 'en-GB')).toBe('9.9 kWp');
  });

  it('writes numbers the way the language does', () => {
    expect(formatEnergy(1234.5, 'de-DE')).toBe('1,23 MWh');
    expect(plain(formatMoney(1234.5, 'EUR', 'de-DE'))).toBe('1.234,50 €');
    expect(plain(formatPercent(0.456, 'fr-FR'))).toBe('45,6 %');
  });

  it('writes specific yields with two decimals always, a dash without capacity', () => {
    expect(formatSpecificYield(0, 'de-DE')).toBe('0,00');
    expect(formatSpecificYield(25, 'de-DE')).toBe('25,00');
    expect(formatSpecificYield(916.7, 'en-GB')).toBe('916.70');
    expect(formatSpecificYield(1234.567, 'en-GB')).toBe('1,234.57');
    expect(formatSpecificYield(null, 'en-GB')).toBe('—');
  });

  it('shows a dash for a missing value', () => {
    expect(formatEnergy(null, 'en-GB')).toBe('—');
    expect(formatPower(Number.NaN, 'en-GB')).toBe('—');
  });
});
