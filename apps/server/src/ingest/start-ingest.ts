import { topics } from '@pvstar/contract/mqtt';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { type AlarmEvents, createAlarmEvents } from '../modules/alarm/alarm-events.ts';
import { type AckSubscriber, startAckSubscriber } from '../mqtt/ack-subscriber.ts';
import { type CommandPublisher, routeCommandResult } from '../mqtt/command-bus.ts';
import { createIngest, type Ingest } from './ingest.ts';

/** Ingest lanes by database: PostgreSQL commits several batches side by side; PGlite runs one statement at a time. */
export const ingestLanes = (kind: 'pglite' | 'postgres') => (kind === 'postgres' ? 4 : 1);

/**
 * Connects ingest to the broker. Against an external broker several ingest processes share the load
 * through a shared subscription; the embedded broker has none, and one subscriber carries it all.
 */
export function startIngest(opts: {
  db: Db;
  log: Logger;
  url: string;
  username?: string;
  password?: string;
  /** Shared-subscription group on brokers that have them (Mosquitto, EMQX); null on the embedded broker. */
  shareGroup: string | null;
  clientId: string;
  persistent?: boolean;
  /** For follow-up commands a result starts (the read-back that confirms a parameter write). */
  publish: CommandPublisher;
  /** Batches committed side by side (ingestLanes). */
  lanes?: number;
}): { ingest: Ingest; events: AlarmEvents; subscriber: AckSubscriber } {
  const events = createAlarmEvents({ db: opts.db, log: opts.log });
  const ingest = createIngest({
    db: opts.db,
    log: opts.log,
    lanes: opts.lanes,
    onOtherMessage: async (sn, kind, payload) => {
      if (kind === 'event') await events.handle(sn, payload);
      else if (kind === 'cmd-result')
        await routeCommandResult({ db: opts.db, log: opts.log, publish: opts.publish }, sn, payload);
    },
  });
  const subscriber = startAckSubscriber({
    url: opts.url,
    clientId: opts.clientId,
    username: opts.username,
    password: opts.password,
    filter: opts.shareGroup ? `$share/${opts.shareGroup}/${topics.allUp}` : topics.allUp,
    persistent: opts.persistent ?? true,
    onMessage: (topic, payload) => ingest.handle(topic, payload),
    onStateChange: (up, reason) =>
      up
        ? opts.log.info('ingest subscribed')
        : opts.log.warn({ reason }, 'ingest disconnected, reconnecting'),
  });
  return { ingest, events, subscriber };
}
