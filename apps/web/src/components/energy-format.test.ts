import { exactFigure, shownFigure } from '@pvstar/contract/figures';
import { LANGS } from '@pvstar/contract/lang';
import { describe, expect, it } from 'vitest';
import {
  formatCapacity,
  formatEnergy,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPower,
  formatSpecificYield,
  formatSpecificYieldWithUnit,
} from './energy-format.ts';

// Intl puts a narrow no-break space in some languages; compare on plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('energy formatting', () => {
  it('scales energy and power to a short unit with at most two decimals', () => {
    expect(plain(formatEnergy(12.345, 'en-GB'))).toBe('12.35 kWh');
    expect(plain(formatEnergy(1234.5, 'en-GB'))).toBe('1.23 MWh');
    expect(plain(formatEnergy(2_500_000, 'en-GB'))).toBe('2.5 GWh');
    expect(plain(formatPower(850.4, 'en-GB'))).toBe('850 W');
    expect(plain(formatPower(3456, 'en-GB'))).toBe('3.46 kW');
    expect(plain(formatPower(-3456, 'en-GB'))).toBe('-3.46 kW');
    expect(plain(formatCapacity(9.9, 'kWp', 'en-GB'))).toBe('9.9 kWp');
  });

  it('writes numbers the way the language does', () => {
    expect(plain(formatEnergy(1234.5, 'de-DE'))).toBe('1,23 MWh');
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

  it('rounds the exact figure once, by the contract’s rule, in every language', () => {
    // Rounded before (to the watt-hour, or to 2 decimals of kWh), these would read 12.35 kWh, 5.06 € and
    // 8,405.00 kWh → 8.41 MWh.
    for (const lang of LANGS) {
      expect(plain(formatEnergy(12.3449, lang)), lang).toBe(`${shownFigure(12.3449, lang)} kWh`);
      expect(plain(formatEnergy(8404.9999, lang)), lang).toBe(`${shownFigure(8.4049999, lang)} MWh`);
      expect(plain(formatMoney(5.0549, 'EUR', lang)), lang).toContain(plain(shownFigure(5.05, lang)));
      expect(formatSpecificYield(0.875, lang), lang).toBe(shownFigure(0.88, lang));
    }
    expect(plain(formatEnergy(12.3449, 'en-GB'))).toBe('12.34 kWh');
    expect(plain(formatMoney(5.0549, 'EUR', 'de-DE'))).toBe('5,05 €');
    expect(plain(formatEnergy(8404.9999, 'en-GB'))).toBe('8.4 MWh');
    // A tie as written rounds up, as a spreadsheet shows it (Math.round(1.005 * 100) / 100 gives 1).
    expect(formatNumber(1.005, 2, 'en-GB')).toBe('1.01');
    // The server's exact figures carry no noise below zero, which would show as "-0".
    expect(formatNumber(exactFigure(0.1 + 0.2 - 0.3 - 1e-12), 2, 'en-GB')).toBe('0');
  });

  it('keeps a figure and its unit on one line: a no-break space between them, never none', () => {
    expect(formatEnergy(12.345, 'de-DE')).toBe('12,35\u00a0kWh');
    expect(formatPower(850.4, 'de-DE')).toBe('850\u00a0W');
    expect(formatPower(3456, 'de-DE')).toBe('3,46\u00a0kW');
    expect(formatCapacity(9.6, 'kWh', 'de-DE')).toBe('9,6\u00a0kWh');
    expect(formatSpecificYieldWithUnit(0, 'de-DE')).toBe('0,00\u00a0kWh/kWp');
    expect(formatSpecificYieldWithUnit(null, 'de-DE')).toBe('—');
  });

  it('writes the peak kilowatt as each language does: kWc in French, kWp elsewhere', () => {
    expect(formatCapacity(9.6, 'kWp', 'fr-FR')).toBe('9,6\u00a0kWc');
    expect(formatSpecificYieldWithUnit(3.456, 'fr-FR')).toBe('3,46\u00a0kWh/kWc');
    for (const lang of LANGS.filter((l) => l !== 'fr-FR')) {
      expect(formatCapacity(9.6, 'kWp', lang), lang).toMatch(/\u00a0kWp$/);
      expect(formatSpecificYieldWithUnit(1, lang), lang).toMatch(/\u00a0kWh\/kWp$/);
    }
  });

  it('shows a dash for a missing value', () => {
    expect(formatEnergy(null, 'en-GB')).toBe('—');
    expect(formatPower(Number.NaN, 'en-GB')).toBe('—');
  });
});
