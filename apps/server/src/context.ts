import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { OutboxWorker } from './lib/mailer.ts';

/** What routes and services may use; built once in app.ts. */
export interface AppContext {
  db: Db;
  database: Database;
  config: Config;
  log: Logger;
  outbox: OutboxWorker;
  /** Whether the MQTT side is connected (for /ready). */
  brokerReady: () => boolean;
}
