import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { OutboxWorker } from './lib/mailer.ts';
import type { CommandPublisher } from './mqtt/command-bus.ts';

/** What routes and services may use; built once in app.ts. */
export interface AppContext {
  db: Db;
  database: Database;
  config: Config;
  log: Logger;
  outbox: OutboxWorker;
  /** Sends commands to dongles (QoS 1, through the cloud's MQTT connection). */
  publishCommand: CommandPublisher;
  /** Whether the MQTT side is connected (for /ready). */
  brokerReady: () => boolean;
  /** The embedded broker's actual port (MQTT_PORT may be 0 = any free one); absent with an external broker. */
  mqttPort?: number | null;
  /**
   * Ends the MQTT connections of dongles that were removed or got a new secret (embedded broker; an
   * external broker checks credentials only at connect, see docs/operations.md).
   */
  disconnectDongles?: (sns: readonly string[]) => void;
}
