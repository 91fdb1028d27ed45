import { afterAll, describe, expect, it } from 'vitest';
import { embeddedRestart, endLeftovers, expectAllStoredOnce } from '../fault-harness.ts';

/**
 * Faults under load on the embedded default (PGlite + embedded broker; the plain run): the server stops or
 * is killed mid-run and starts again. What is checked and how: faults.test.ts.
 */
afterAll(endLeftovers);

describe.skipIf(process.env.TEST_DB === 'postgres')(
  'faults under load, embedded default (PGlite + embedded broker; plain run only)',
  () => {
    it('the server stops (SIGTERM) mid-run and starts again: every message is stored once', async () => {
      const { run, checks } = await embeddedRestart('SIGTERM');
      expect(run.during.every((r) => r.status === null)).toBe(true);
      // The broker went with the server: every dongle lost its connection and came back.
      expect(run.load.dongles.every((d) => d.firstDrop !== null)).toBe(true);
      expectAllStoredOnce(checks, run);
    }, 150_000);

    it('the server is killed (SIGKILL) mid-run and started again: every message is stored once', async () => {
      const { run, checks } = await embeddedRestart('SIGKILL');
      expect(run.during.every((r) => r.status === null)).toBe(true);
      expect(run.load.dongles.every((d) => d.firstDrop !== null)).toBe(true);
      // The embedded broker acknowledges a message only once ingest has stored it: what the kill caught
      // unstored was not acknowledged, and the dongles send it again.
      expectAllStoredOnce(checks, run);
    }, 150_000);
  },
);
