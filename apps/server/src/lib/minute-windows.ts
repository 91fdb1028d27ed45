/** One minute: the window of the per-dongle limits (ingest/flood-guard.ts, mqtt/connect-throttle.ts). */
export const WINDOW_MS = 60_000;

/**
 * Counters per key (a dongle's serial number, a client id) in fixed one-minute windows: a key's window
 * opens with its first use and lasts a minute, and the next use after that opens a fresh one. Windows
 * that are over are forgotten at most once a minute, so the map holds only the keys of the last minute.
 * In memory, so the counts are this process's own.
 */
export function minuteWindows<T extends object>(fresh: () => T, now: () => number = Date.now) {
  const windows = new Map<string, T & { start: number }>();
  let prunedAt = now();
  return {
    /** The key's counters of the current window (a fresh window when its last one is over). */
    of(key: string): T & { start: number } {
      const at = now();
      if (at - prunedAt >= WINDOW_MS) {
        prunedAt = at;
        for (const [k, w] of windows) if (at - w.start >= WINDOW_MS) windows.delete(k);
      }
      const current = windows.get(key);
      if (current && at - current.start < WINDOW_MS) return current;
      const opened = Object.assign(fresh(), { start: at });
      windows.set(key, opened);
      return opened;
    },
    get size() {
      return windows.size;
    },
  };
}
