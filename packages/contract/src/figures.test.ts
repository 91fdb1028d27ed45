import { describe, expect, it } from 'vitest';
import { exactFigure, shownFigure } from './figures.ts';

describe('figures: exact where answered, rounded once where shown', () => {
  it('answers a float sum without its binary noise, and nothing a page shows rounded', () => {
    expect(exactFigure(6.359999999999999)).toBe(6.36);
    expect(exactFigure(0.1 + 0.2)).toBe(0.3);
    expect(exactFigure(5.0549)).toBe(5.0549);
    expect(exactFigure(11 / 12)).toBe(0.916666667);
    // A difference of equal sums is 0, not −1e-17 (which would show as "-0").
    expect(Object.is(exactFigure(0.3 - (0.1 + 0.2)), 0)).toBe(true);
  });

  it('rounds half away from zero on the decimal as written, as a spreadsheet shows it', () => {
    expect(shownFigure(5.0549, 'en-GB')).toBe('5.05');
    expect(shownFigure(5.055, 'en-GB')).toBe('5.06');
    expect(shownFigure(1.005, 'de-DE')).toBe('1,01');
    expect(shownFigure(-2.675, 'en-GB')).toBe('-2.68');
    expect(shownFigure(8407.4449, 'de-DE')).toBe('8.407,44');
  });
});
