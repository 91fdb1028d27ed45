import { describe, expect, it } from 'vitest';
import { createSharedRuns } from './shared-runs.ts';

/** A run whose end the test decides. */
function controlled() {
  const runs: { n: number; finish: (v: string) => void; fail: (e: Error) => void }[] = [];
  const work = () =>
    new Promise<string>((finish, fail) => {
      runs.push({ n: runs.length + 1, finish, fail });
    });
  return { runs, work };
}
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('shared runs', () => {
  it('lets callers who come during a run wait for one next run, started when it ends', async () => {
    const run = createSharedRuns<string>();
    const { runs, work } = controlled();
    const first = run('a', work);
    const second = run('a', work);
    const third = run('a', work);
    await tick();
    expect(runs).toHaveLength(1);
    runs[0]!.finish('one');
    expect(await first).toBe('one');
    await tick();
    expect(runs).toHaveLength(2);
    // Comes while the second run works: waits for a third.
    const fourth = run('a', work);
    runs[1]!.finish('two');
    expect([await second, await third]).toEqual(['two', 'two']);
    await tick();
    runs[2]!.finish('three');
    expect(await fourth).toBe('three');
    expect(runs).toHaveLength(3);
  });

  it('keeps keys apart, and a failed run fails only its own callers', async () => {
    const run = createSharedRuns<string>();
    const { runs, work } = controlled();
    const a = run('a', work);
    const b = run('b', work);
    const aNext = run('a', work);
    await tick();
    expect(runs).toHaveLength(2);
    runs[0]!.fail(new Error('boom'));
    await expect(a).rejects.toThrow('boom');
    runs[1]!.finish('b');
    expect(await b).toBe('b');
    await tick();
    runs[2]!.finish('a again');
    expect(await aNext).toBe('a again');
    // Nothing runs any more: the next caller starts afresh.
    const later = run('a', work);
    await tick();
    expect(runs).toHaveLength(4);
    runs[3]!.finish('fresh');
    expect(await later).toBe('fresh');
  });
});
