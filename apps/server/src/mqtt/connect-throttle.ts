import type { Logger } from 'pino';
import { minuteWindows } from '../lib/minute-windows.ts';

/**
 * Connect storms of one client id on the embedded broker (a looping firmware, or two dongles with the
 * same credentials taking the session from each other): past `perMinute` accepted connects in a minute,
 * the next are refused before the registry is asked, until the minute is over. Only accepted connects
 * count, so nobody can lock a dongle out by connecting under its serial number with a wrong secret. The
 * first refusal of each minute is logged.
 */
export function createConnectThrottle(opts: { perMinute: number; log: Logger; now?: () => number }) {
  const windows = minuteWindows(() => ({ connects: 0, refused: 0 }), opts.now);
  return {
    /** Whether this connect of `clientId` is one too many this minute. */
    refuses(clientId: string): boolean {
      const w = windows.of(clientId);
      if (w.connects < opts.perMinute) return false;
      if (w.refused++ === 0)
        opts.log.warn(
          { clientId, perMinute: opts.perMinute },
          'connect storm: this client id is refused until the minute is over',
        );
      return true;
    },
    /** Counts an accepted connect. */
    accepted(clientId: string): void {
      windows.of(clientId).connects++;
    },
  };
}
