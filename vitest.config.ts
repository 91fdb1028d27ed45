import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests of every package and the benchmarks' short checks, and the web's component tests
 * (`apps/web/src/**\/*.test.tsx`, in jsdom with Testing Library); browser tests live in e2e/ (Playwright).
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
