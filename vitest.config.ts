import { defineConfig } from 'vitest/config';
import { pickCoreCommon } from './apps/web/vite.config.ts';

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
          // One module graph per worker, not per file: importing the server's graph took ~4 s of CPU a
          // file. Each file still opens its own database and app; nothing a file changes is global.
          isolate: false,
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
      {
        extends: true,
        // The core catalogues import part of the contract's common namespace, as the build does.
        plugins: [pickCoreCommon()],
        test: {
          name: 'components',
          // As above: antd and the app's graph are imported once per worker, not once per file.
          isolate: false,
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
