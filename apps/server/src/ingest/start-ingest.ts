import { topics } from '@pvstar/contract/mqtt';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { CommandPublisher } from '../domain/commands.ts';
import { type AlarmEvents, createAlarmEvents } from '../modules/alarm/alarm-events.ts';
import { reportFlooding } from '../modules/alarm/alarm-flood.ts';
import { type AckSubscriber, startAckSubscriber } from '../mqtt/ack-subscriber.ts';
import { type CommandResultHandlers, routeCommandResult } from '../mqtt/command-bus.ts';
import { createFloodGuard, type DongleLimits } from './flood-guard.ts';
import { createIngest, type Ingest } from './ingest.ts';

/** Ingest lanes by database: PostgreSQL commits several batches side by side; PGlite runs one statement at a time. */
export const ingestLanes = (kind: 'pglite' | 'postgres') => (kind === 'postgres' ? 4 : 1);

/** Ingest and the alarm events it feeds, ready to be handed messages (by a subscriber or the embedded broker). */
export function createIngestPipeline(opts: {
  db: Db;
  log: Logger;
  /** For follow-up commands a result starts (the read-back that confirms a parameter write). */
  publish: CommandPublisher;
  /** Who takes which command results (registered in main.ts). */
  commandResults: CommandResultHandlers;
  /** Batches committed side by side (ingestLanes). */
  lanes?: number;
  /** How long a batch waits for company (INGEST_FLUSH_MS); createIngest's default when absent. */
  flushMs?: number;
  /** What one dongle may send a minute (INGEST_DONGLE_*_PER_MINUTE); DONGLE_LIMITS_PER_MINUTE when absent. */
  dongleLimits?: Partial<DongleLimits>;
}): { ingest: Ingest; events: AlarmEvents } {
  const events = createAlarmEvents({ db: opts.db, log: opts.log });
  const ingest = createIngest({
    db: opts.db,
    log: opts.log,
    lanes: opts.lanes,
    flushMs: opts.flushMs,
    // Both brokers hand every dongle message to ingest.handle, so the limits hold behind either.
    floodGuard: createFloodGuard({
      limits: opts.dongleLimits,
      log: opts.log,
      onFlooding: (sn, at) => reportFlooding(opts.db, sn, at),
    }),
    onOtherMessage: async (sn, kind, payload) => {
      if (kind === 'event') await events.handle(sn, payload);
      else if (kind === 'cmd-result')
        await routeCommandResult(
          { db: opts.db, log: opts.log, publish: opts.publish },
          opts.commandResults,
          sn,
          payload,
        );
    },
  });
  return { ingest, events };
}

export interface IngestSubscription {
  url: string;
  username?: string;
  password?: string;
  /** Shared-subscription group on brokers that have them (Mosquitto, EMQX); null: this process alone. */
  shareGroup: string | null;
  clientId: string;
  persistent?: boolean;
  /** MQTT 5 session expiry (MQTT_SESSION_EXPIRY_SECONDS); absent: MQTT 3.1.1, the broker's own expiry. */
  sessionExpirySeconds?: number;
}

/**
 * Subscribes ingest to a broker: QoS 1, each message acknowledged once stored. Against an external broker
 * several ingest processes share the load through a shared subscription. (The server's embedded broker
 * hands messages to ingest itself: docs/decisions/008-embedded-broker-acknowledges-after-commit.md.)
 */
export function subscribeIngest(ingest: Ingest, log: Logger, opts: IngestSubscription): AckSubscriber {
  return startAckSubscriber({
    url: opts.url,
    clientId: opts.clientId,
    username: opts.username,
    password: opts.password,
    filter: opts.shareGroup ? `$share/${opts.shareGroup}/${topics.allUp}` : topics.allUp,
    persistent: opts.persistent ?? true,
    sessionExpirySeconds: opts.sessionExpirySeconds,
    onMessage: (topic, payload) => ingest.handle(topic, payload),
    onStateChange: (up, reason) =>
      up ? log.info('ingest subscribed') : log.warn({ reason }, 'ingest disconnected, reconnecting'),
  });
}

/** A pipeline and its subscription (tests, tools). */
export function startIngest(opts: Parameters<typeof createIngestPipeline>[0] & IngestSubscription): {
  ingest: Ingest;
  events: AlarmEvents;
  subscriber: AckSubscriber;
} {
  const { ingest, events } = createIngestPipeline(opts);
  return { ingest, events, subscriber: subscribeIngest(ingest, opts.log, opts) };
}
