import { expect, test } from '@playwright/test';
import { LIMIT_KB, measure } from '../../bench/web-weight.ts';

/**
 * The short check of `npm run bench:web` (issue 7) on the build this suite runs against (apps/web/dist; no
 * browser, Lighthouse runs in the benchmark only): every page's first load resolves in the manifest, the
 * chart library is in none of them, and the sign-in page and the dashboard stay within the budget. The
 * other pages are over it (docs/benchmarks.md says why); their weight is noted on the test.
 */
const WITHIN_BUDGET = ['login', 'dashboard'];

test('page weight: every page resolves, charts load later, sign-in and dashboard within budget', () => {
  const rows = measure();
  expect(rows.map((r) => r.name)).toEqual(
    expect.arrayContaining([...WITHIN_BUDGET, 'plant detail', 'reports']),
  );
  for (const row of rows) {
    expect(row.chartsInFirstLoad, `${row.name}: chart chunks in the first load`).toEqual([]);
    test.info().annotations.push({ type: row.name, description: `${(row.js / 1024).toFixed(1)} KB JS gzip` });
  }
  for (const name of WITHIN_BUDGET) {
    const kb = rows.find((r) => r.name === name)!.js / 1024;
    expect(kb, `${name}: first-load JS, KB gzip`).toBeLessThanOrEqual(LIMIT_KB);
  }
});
