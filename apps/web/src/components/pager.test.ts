import { describe, expect, it } from 'vitest';
import { pagerItems } from './pager.tsx';

const numbers = (items: ReturnType<typeof pagerItems>) => items.filter((i) => typeof i === 'number');

describe('pager items', () => {
  it('shows every page while there are at most seven', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows seven numbers, the first, the last and a run beside the current page, with gaps', () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'forward', 20]);
    expect(pagerItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'forward', 20]);
    expect(pagerItems(5, 20)).toEqual([1, 'back', 3, 4, 5, 6, 7, 'forward', 20]);
    expect(pagerItems(10, 20)).toEqual([1, 'back', 8, 9, 10, 11, 12, 'forward', 20]);
    expect(pagerItems(17, 20)).toEqual([1, 'back', 15, 16, 17, 18, 19, 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'back', 15, 16, 17, 18, 19, 20]);
    expect(pagerItems(4, 8)).toEqual([1, 2, 3, 4, 5, 6, 'forward', 8]);
  });

  it('always shows the current page, among exactly seven numbers, in order', () => {
    for (let pages = 8; pages <= 30; pages++)
      for (let current = 1; current <= pages; current++) {
        const shown = numbers(pagerItems(current, pages));
        expect(shown).toHaveLength(7);
        expect(shown).toContain(current);
        expect([...shown].sort((a, b) => a - b)).toEqual(shown);
        expect(new Set(shown).size).toBe(7);
      }
  });
});
