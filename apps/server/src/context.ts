import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { CommandPublisher } from './domain/commands.ts';
import type { OutboxWorker } from './lib/mailer.ts';

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
  /** Demo mode: whether the simulated plants' history is filled in (told by /ready; absent otherwise). */
  demoHistoryReady?: () => boolean;
  /** The embedded broker's actual port (MQTT_PORT may be 0 = any free one); absent with an external broker. */
  mqttPort?: number | null;
  /** Keeps the broker's dongle accounts in step with the registry (embedded broker, or Mosquitto's dynsec). */
  brokerCredentials: BrokerCredentials;
}

/**
 * The broker's side of the dongles' credentials, told only where the plain secret exists (registration and
 * reissue): the registry keeps only its hash. `issued` and `removed` run inside the registry's transaction,
 * before it commits, so a broker that cannot be told rolls the change back instead of leaving the two apart;
 * `committed` runs after the commit (a broker that reads the registry at each sign-in sends sessions away
 * only then, or the dongle could sign in again on its old secret before the commit).
 */
export interface BrokerCredentials {
  /** Dongles registered or given a new secret: only this secret signs them in now, an older session ends. */
  issued(dongles: readonly { sn: string; secret: string }[]): Promise<void>;
  /** Dongles removed: they can no longer sign in, and a connected one is sent away. */
  removed(sns: readonly string[]): Promise<void>;
  /** The registry's change of these dongles is committed. */
  committed(sns: readonly string[]): Promise<void>;
}

/** No broker of ours to tell (a test app without one; an operator's broker asking POST /mqtt/auth). */
export const NO_BROKER_CREDENTIALS: BrokerCredentials = {
  issued: async () => {},
  removed: async () => {},
  committed: async () => {},
};
