import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { sweepStale } from '../../domain/status-sweeper.ts';
import { detectSilence } from './alarm-comm.ts';
import { endFloodAlarms } from './alarm-flood.ts';
import { startAlarmMailer } from './alarm-notify.ts';
import { detectNoProduction } from './alarm-production.ts';
import { watchImplausibleReadings } from './alarm-readings.ts';

/**
 * The alarm engine's periodic part (the jobs role): the offline sweep, communication-loss alarms, the
 * end of flooding episodes and the implausible-readings episodes every `everyMs`, the daylight production
 * check every five ticks, and the alarm mail.
 */
export function startAlarmWatch(db: Db, log: Logger, opts: { title: string; everyMs?: number }) {
  let tick = 0;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await sweepStale(db);
      await detectSilence(db);
      await endFloodAlarms(db);
      await watchImplausibleReadings(db);
      if (tick++ % 5 === 0) await detectNoProduction(db);
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'alarm watch failed');
    } finally {
      running = false;
    }
  }, opts.everyMs ?? 30_000);
  const mailer = startAlarmMailer(db, log, opts.title);
  return {
    stop: () => {
      clearInterval(timer);
      mailer.stop();
    },
  };
}
