import {
  Dongle,
  type DongleDef,
  type DongleOptions,
  type DongleSnapshot,
  type FleetStats,
  newStats,
  type SimLog,
} from './dongle.ts';

export interface FleetOptions
  extends Omit<DongleOptions, 'stats' | 'log' | 'resume' | 'brokerUrl' | 'interval'> {
  brokerUrl: string;
  dongles: readonly DongleDef[];
  /** Seconds between telemetry messages of each dongle. */
  interval: number;
  log?: SimLog;
  /** New connections per second while starting, so 500 dongles do not hit the broker at once. */
  connectRate?: number;
  /** Lifetime counters to resume from, by dongle serial number. */
  resume?: Record<string, DongleSnapshot>;
}

export interface FleetSnapshot extends FleetStats {
  dongles: number;
  connected: number;
  offline: number;
}

export interface Fleet {
  stop(): Promise<void>;
  stats(): FleetSnapshot;
  snapshot(): Record<string, DongleSnapshot>;
  /** The dongles started so far. */
  dongles: readonly Dongle[];
  /** A started dongle by serial number. */
  dongle(sn: string): Dongle | undefined;
  /** Adds a dongle to the running fleet (one whose history was not ready when the fleet started). */
  add(def: DongleDef, resume?: DongleSnapshot): void;
}

/**
 * Runs many dongles on one timer. Starts are spread over the interval so the broker sees an even
 * stream rather than a burst every minute; connections are opened at `connectRate` per second.
 */
export function startFleet(opts: FleetOptions): Fleet {
  const { dongles: given, resume: givenResume, connectRate, log: givenLog, ...common } = opts;
  const defs = [...given];
  const resume = { ...givenResume };
  const stats = newStats();
  const log = givenLog ?? { info: () => {}, warn: () => {} };
  const start = Date.now();
  const intervalMs = opts.interval * 1000;
  const connectGapMs = 1000 / (connectRate ?? 50);
  const count = Math.max(1, defs.length);
  // Dongles are built when their turn to connect comes: each runs up to two days of model first.
  const dongles: Dongle[] = [];
  let next = 0;
  const timer = setInterval(
    () => {
      const now = Date.now();
      while (next < defs.length && start + next * connectGapMs <= now) {
        const i = next++;
        const def = defs[i]!;
        const dongleOpts: DongleOptions = { ...common, stats, log };
        const snapshot = resume[def.sn];
        if (snapshot) dongleOpts.resume = snapshot;
        try {
          const dongle = new Dongle(def, dongleOpts, now);
          dongles.push(dongle);
          // Added later: its first message somewhere in the next interval, spread by the golden ratio.
          const due =
            i < given.length ? start + (i * intervalMs) / count : now + ((i * 0.618) % 1) * intervalMs;
          dongle.start(Math.max(now, due + 1000));
        } catch (err) {
          // A broken definition must not take the fleet down; skip it and say so.
          stats.errors++;
          log.warn(`${def.sn}: not started: ${(err as Error).message}`);
        }
      }
      for (const dongle of dongles) {
        try {
          dongle.tick(now);
        } catch (err) {
          stats.errors++;
          log.warn(`${dongle.sn}: ${(err as Error).message}`);
        }
      }
    },
    Math.max(50, Math.min(1000, intervalMs / 4)),
  );

  return {
    dongles,
    dongle: (sn) => dongles.find((d) => d.sn === sn),
    add(def, snapshot) {
      if (snapshot) resume[def.sn] = snapshot;
      defs.push(def);
    },
    async stop() {
      clearInterval(timer);
      await Promise.all(dongles.map((d) => d.stop()));
    },
    stats: () => ({
      ...stats,
      dongles: defs.length,
      connected: dongles.filter((d) => d.connected).length,
      offline: dongles.filter((d) => d.offline).length,
    }),
    snapshot: () => Object.fromEntries(dongles.map((d) => [d.sn, d.snapshot()])),
  };
}
