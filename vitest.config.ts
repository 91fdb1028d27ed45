import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { pickCoreCommon } from './apps/web/vite.config.ts';

/**
 * The files that take longest (seconds of one run on 2 cores, 2026-11-28), longest first. Two workers share
 * one queue; without a record of earlier runs (a clean clone has none) Vitest takes the files in the order
 * it finds them, and the longest started last: one worker ran faults-embedded for its last minute while the
 * other had finished. Started first, they end before the many short files do.
 */
const SLOW_FILES = [
  'apps/server/test/security/hostile-input.test.ts', // 87
  'apps/server/test/security/faults-embedded.test.ts', // 60
  'apps/server/test/security/access-matrix.test.ts', // 34
  'apps/server/src/demo/plant-generator.test.ts', // 31 (2026-12-02: three years of ten demo plants)
  'bench/fleet.test.ts', // 26
  'apps/server/src/ingest/energy-metering.test.ts', // 20 (2026-12-02, with glitches)
  'apps/server/test/security/backlog.test.ts', // 19
  'bench/ingest.test.ts', // 12
  'apps/server/src/mqtt/dynsec.test.ts', // 12
  'apps/server/src/ingest/ingest.test.ts', // 10
  'apps/simulator/src/dongle.test.ts', // 10
];

class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (f: TestSpecification) => {
      const i = SLOW_FILES.indexOf(path.relative(import.meta.dirname, f.moduleId));
      return i < 0 ? SLOW_FILES.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          // One module graph per worker, not per file: importing the server's graph took ~4 s of CPU a
          // file. Each file still opens its own database and app; nothing a file changes is global.
          isolate: false,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'apps/*/test/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
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
