import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { detectUnderPerformance } from '../alarm/alarm-performance.ts';
import { computePerformance } from './performance-compute.ts';

/**
 * The jobs role's performance run: brings the daily performance rows up to date (days that are over,
 * late data, the demo's history) and then judges the under-performing alarm on them. Hourly, because
 * the fleet's time zones finish their days at different hours; `run` also starts one at once (after the
 * demo's back-fill, say). Runs never overlap.
 */
export function startPerformanceJob(db: Db, log: Logger, opts: { share: number; everyMs?: number }) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= (async () => {
      try {
        const started = Date.now();
        const done = await computePerformance(db);
        const alarms = await detectUnderPerformance(db, opts.share);
        log[done.rows || alarms.opened.length ? 'info' : 'debug'](
          { days: done.days.length, rows: done.rows, ms: Date.now() - started, ...alarms },
          'plant performance computed',
        );
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'plant performance failed');
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void run(), opts.everyMs ?? 3_600_000);
  void run();
  return { run, stop: () => clearInterval(timer) };
}
