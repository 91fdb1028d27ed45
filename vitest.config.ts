import { defineConfig } from 'vitest/config';

/** Unit and API tests of every package and the benchmarks' short checks; browser tests live in e2e/ (Playwright). */
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
