import { afterEach, describe, expect, it, vi } from 'vitest';
import { retrying } from './lazy-retrying.ts';

describe('retrying', () => {
  afterEach(() => vi.useRealTimers());

  it('asks again after a failed load and resolves with the first that arrives', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('page');
    const loading = retrying(load, [500, 1_500])();
    await vi.advanceTimersByTimeAsync(500);
    await expect(loading).resolves.toBe('page');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after the last wait with the last error', async () => {
    vi.useFakeTimers();
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new TypeError('offline'));
    const loading = retrying(load, [500, 1_500])();
    const settled = expect(loading).rejects.toThrow('offline');
    await vi.advanceTimersByTimeAsync(2_000);
    await settled;
    expect(load).toHaveBeenCalledTimes(3);
  });
});
