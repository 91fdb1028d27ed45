import { DONGLE_LIMITS_PER_MINUTE } from '@pvstar/contract/mqtt';
import type { Logger } from 'pino';
import { minuteWindows } from '../lib/minute-windows.ts';

/** What one dongle may send a minute (DONGLE_LIMITS_PER_MINUTE, INGEST_DONGLE_*_PER_MINUTE). */
export type DongleLimits = Record<'messages' | 'samples' | 'events', number>;
export type DongleLimit = keyof DongleLimits;

/**
 * Per-dongle limits on what ingest takes in a minute (docs/protocol.md "Limits"): messages of any topic,
 * samples (the devices of its telemetry messages) and fault events. A dongle's window opens with its
 * first message and lasts a minute; a message that would take a count over its limit is dropped, so each
 * window stores at most the limits. The first drop of a window is logged and reported (`onFlooding`, the
 * DGL-FLOOD alarm): once per dongle and minute, never per message.
 *
 * The counts are this process's: ingest processes sharing a subscription (`$share/…`) each allow the
 * limits, so a dongle spread over n of them may send n times as much before it is cut. That is still a
 * bound, and sharing counts would cost a database or broker round trip per message.
 */
export function createFloodGuard(opts: {
  limits?: Partial<DongleLimits>;
  log: Logger;
  now?: () => number;
  /** A dongle went over a limit: the first drop of its window (raises or extends its DGL-FLOOD alarm). */
  onFlooding?: (dongleSn: string, at: Date) => Promise<unknown>;
}) {
  const now = opts.now ?? Date.now;
  const limits: DongleLimits = { ...DONGLE_LIMITS_PER_MINUTE, ...opts.limits };
  const windows = minuteWindows(() => ({ messages: 0, samples: 0, events: 0, dropped: 0 }), now);

  function flooding(sn: string, limit: DongleLimit, w: ReturnType<typeof windows.of>) {
    if (w.dropped++ > 0) return;
    opts.log.warn(
      { dongleSn: sn, limit, perMinute: limits[limit], since: new Date(w.start).toISOString() },
      'dongle over its limit: its messages are dropped until the minute is over',
    );
    opts
      .onFlooding?.(sn, new Date(now()))
      .catch((err) => opts.log.warn({ err: (err as Error).message, dongleSn: sn }, 'flooding alarm failed'));
  }

  return {
    limits,
    /**
     * Counts one message of dongle `sn` (its topic's kind and parsed body, before validation: a flood of
     * invalid messages is a flood too). Returns the limit it would go over (drop it), or null.
     */
    overLimit(sn: string, kind: string, body: unknown): DongleLimit | null {
      const w = windows.of(sn);
      const samples = kind === 'telemetry' ? samplesOf(body) : 0;
      const over: DongleLimit | null =
        ++w.messages > limits.messages
          ? 'messages'
          : kind === 'event' && ++w.events > limits.events
            ? 'events'
            : w.samples + samples > limits.samples
              ? 'samples'
              : null;
      if (over) flooding(sn, over, w);
      else w.samples += samples;
      return over;
    },
  };
}
export type FloodGuard = ReturnType<typeof createFloodGuard>;

/** The samples a telemetry body carries, one reading or a batch (mqtt.ts), before it is validated. */
function samplesOf(body: unknown): number {
  const count = (reading: unknown) => {
    const devices = (reading as { devices?: unknown } | null)?.devices;
    return Array.isArray(devices) ? devices.length : 0;
  };
  const readings = (body as { readings?: unknown } | null)?.readings;
  return Array.isArray(readings) ? readings.reduce<number>((n, r) => n + count(r), 0) : count(body);
}
