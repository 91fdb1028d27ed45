import { describe, expect, it } from 'vitest';
import { benchBacklog } from './backlog.ts';

/** The backlog benchmark on a few readings, so that it never rots: every reading is stored once, either way. */
describe('bench:backlog, short', () => {
  it('stores every reading once, one a message and many a message, on the embedded default', async () => {
    const one = await benchBacklog(undefined, 1, 12);
    expect([one.stored, one.messages]).toEqual([12, 12]);
    const many = await benchBacklog(undefined, 'fit', 60);
    expect(many.stored).toBe(60);
    expect(many.messages).toBeLessThan(10);
    expect(many.readingsPerS).toBeGreaterThan(0);
  }, 120_000);
});
