/**
 * A background worker that runs one pass at a time: on a timer (the next pass `intervalMs` after the last
 * one ended), or at once with `flush` (tests call it instead of waiting for the timer). The mail outbox
 * and the webhook deliveries run on it.
 */
export function pollingWorker(opts: {
  /** One pass; answers how many items it handled. */
  pass: () => Promise<number>;
  /** Run after each timed pass, inside the same error handling (upkeep that need not run on a flush). */
  afterTick?: () => Promise<void>;
  /** A timed pass failed (it is tried again on the next tick). */
  onTickError: (err: unknown) => void;
  firstDelayMs: number;
  intervalMs: number;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  return {
    /** Runs a pass now, after the one under way if any. */
    async flush() {
      if (running) await running;
      running = opts.pass();
      try {
        return await running;
      } finally {
        running = null;
      }
    },
    start() {
      const tick = async () => {
        try {
          if (!running) {
            running = opts.pass();
            await running;
          }
          await opts.afterTick?.();
        } catch (err) {
          opts.onTickError(err);
        } finally {
          running = null;
          timer = setTimeout(tick, opts.intervalMs);
        }
      };
      timer = setTimeout(tick, opts.firstDelayMs);
    },
    /** Stops the timer and waits for the pass under way. */
    async stop() {
      if (timer) clearTimeout(timer);
      if (running) await running.catch(() => {});
    },
  };
}
