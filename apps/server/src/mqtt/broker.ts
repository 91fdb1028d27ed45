import net from 'node:net';
import { DONGLE_CONNECTS_PER_MINUTE, MAX_PACKET_BYTES, SERIAL } from '@pvstar/contract/mqtt';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Logger } from 'pino';
import type { BrokerCredentials } from '../context.ts';
import { safeEqual } from '../lib/crypto.ts';
import { type MqttIdentity, mayPublish, maySubscribe } from '../lib/mqtt-acl.ts';
import { createConnectThrottle } from './connect-throttle.ts';
import { guardPacketSize } from './packet-size-guard.ts';

/**
 * Connected dongles beyond which the embedded broker should give way to Mosquitto (docs/operations.md,
 * "Embedded broker or Mosquitto"): about 20 KB each in this process, on top of the embedded database.
 */
export const EMBEDDED_BROKER_DONGLE_LIMIT = 10_000;

export interface EmbeddedBroker {
  port: number;
  /** Ends the connections of these dongles: a removed dongle or an old secret must not stay connected. */
  disconnect(sns: readonly string[]): void;
  /** Ends every dongle's connection (the server is stopping). */
  disconnectAll(): void;
  close(): Promise<void>;
}

function refuse(code: number): AuthenticateError {
  return Object.assign(new Error('not authorised'), { returnCode: code }) as AuthenticateError;
}

/** Listens on `port`, or on a free port when it is taken (0 always asks the system for one). */
function listen(server: net.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (err.code === 'EADDRINUSE' && port !== 0) resolve(listen(server, 0, host));
      else reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as net.AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Connected dongles by serial number, so that one can be sent away; a warning once they are more than the
 * embedded broker is meant for.
 */
function createDongleRoster(limit: number, log: Logger) {
  const clients = new Map<string, Client>();
  let overLimit = false;
  const admitted = (sn: string, client: Client) => {
    clients.set(sn, client);
    if (overLimit || clients.size <= limit) return;
    overLimit = true;
    log.warn(
      { connected: clients.size, limit },
      'the embedded broker holds more dongles than it is meant for: connect them to Mosquitto (MQTT_URL, docs/operations.md)',
    );
  };
  const left = (client: Client) => {
    if (clients.get(client.id) === client) clients.delete(client.id);
    // Warned again only after the fleet has clearly shrunk, not at every reconnect around the limit.
    if (clients.size < limit * 0.9) overLimit = false;
  };
  return { clients, admitted, left };
}

export interface EmbeddedBrokerOptions {
  port: number;
  host?: string;
  serviceUser: string;
  servicePassword: string;
  /** Checks a dongle's credentials (the device registry); absent: no dongle may connect. */
  verifyDongle?: (sn: string, secret: string) => Promise<boolean>;
  /**
   * Hands a dongle's message to ingest and resolves once it is stored. The broker acknowledges the message
   * to the dongle (PUBACK) only then, so what it has acknowledged is in the database: a crash of the
   * process loses nothing the dongle will not send again. A rejection ends the dongle's connection, and it
   * sends the message again when it is back. (Ingest then has no subscription of its own.)
   */
  storeDongleMessage?: (topic: string, payload: Buffer) => Promise<void>;
  /** Whether dongles may come in (false while the server stops: a dongle that connects then waits). */
  admitDongles?: () => boolean;
  /** Connected dongles above which a warning says it is time for Mosquitto (tests lower it). */
  dongleLimit?: number;
  /** Connects one dongle's client id may make a minute (MQTT_DONGLE_CONNECTS_PER_MINUTE). */
  connectsPerMinute?: number;
  log: Logger;
}

/**
 * The in-process MQTT broker of the embedded default. The cloud's clients sign in with the service
 * account; each dongle with its serial number and its own secret, and the topic ACL keeps it to its own
 * topics.
 */
export async function startEmbeddedBroker(opts: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const identities = new WeakMap<Client, MqttIdentity>();
  const throttle = createConnectThrottle({
    perMinute: opts.connectsPerMinute ?? DONGLE_CONNECTS_PER_MINUTE,
    log: opts.log,
  });
  const {
    clients: dongleClients,
    admitted,
    left,
  } = createDongleRoster(opts.dongleLimit ?? EMBEDDED_BROKER_DONGLE_LIMIT, opts.log);
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const secret = password?.toString() ?? '';
      if (username === opts.serviceUser) {
        if (secret && safeEqual(secret, opts.servicePassword)) {
          identities.set(client, { kind: 'service' });
          return done(null, true);
        }
        return done(refuse(4), false);
      }
      // A dongle connects as itself: the client id must be its serial number too.
      if (!username || !SERIAL.test(username) || client.id !== username || !opts.verifyDongle)
        return done(refuse(4), false);
      // Never answered: the CONNACK of a dongle that comes while we stop waits until the process is gone
      // (refusing it would stop an MQTT.js client for good: it does not retry after a refused CONNACK).
      if (opts.admitDongles && !opts.admitDongles()) return;
      // A storm is refused before the registry is asked: 3, server unavailable (try again later).
      if (throttle.refuses(username)) return done(refuse(3), false);
      opts
        .verifyDongle(username, secret)
        .then((ok) => {
          if (!ok) return done(refuse(4), false);
          throttle.accepted(username);
          identities.set(client, { kind: 'dongle', sn: username });
          admitted(username, client);
          done(null, true);
        })
        .catch((err) => {
          opts.log.warn({ err: (err as Error).message }, 'dongle authentication failed');
          done(refuse(3), false);
        });
    },
    authorizePublish: (client, packet, callback) => {
      const who = client ? identities.get(client) : undefined;
      if (!who || !mayPublish(who, packet.topic, packet.retain)) return callback(new Error('not authorised'));
      if (who.kind !== 'dongle' || !opts.storeDongleMessage) return callback(null);
      opts.storeDongleMessage(packet.topic, packet.payload as Buffer).then(
        () => callback(null),
        (err: Error) => callback(err),
      );
    },
    authorizeSubscribe: (client, sub, callback) => {
      const who = identities.get(client);
      // A refused filter gets a failure code in the SUBACK (128); the connection stays up.
      callback(null, who && maySubscribe(who, sub.topic) ? sub : null);
    },
  });
  broker.on('clientDisconnect', left);
  // Every client's packets are held to the protocol's size limit before aedes buffers them.
  const server = net.createServer((socket: net.Socket) =>
    broker.handle(
      guardPacketSize(socket, MAX_PACKET_BYTES, (bytes) =>
        opts.log.warn(
          { bytes, remote: socket.remoteAddress },
          'MQTT packet over the size limit: connection closed',
        ),
      ),
    ),
  );
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const port = await listen(server, opts.port, opts.host ?? '0.0.0.0');
  if (opts.port !== 0 && port !== opts.port)
    opts.log.warn(
      `\n${'!'.repeat(72)}\n!! MQTT port ${opts.port} is taken: the embedded broker listens on ${port} instead.\n!! Point dongles and the simulator at port ${port}, or set MQTT_PORT / MQTT_URL.\n${'!'.repeat(72)}`,
    );
  return {
    port,
    disconnect: (sns) => {
      for (const sn of sns) dongleClients.get(sn)?.close();
    },
    disconnectAll: () => {
      for (const client of [...dongleClients.values()]) client.close();
    },
    close: () =>
      new Promise<void>((resolve) => {
        let pending = 2;
        const done = () => {
          pending -= 1;
          if (pending === 0) resolve();
        };
        // Connections keep the server open. Aedes closes its clients, but leaves one that is still signing
        // in when it closes (a dongle reconnecting just then) open: those go after it.
        server.close(done);
        broker.close(() => {
          for (const socket of sockets) socket.destroy();
          done();
        });
      }),
  };
}

/** The embedded broker reads the registry at every connect: a changed dongle only has to be sent away. */
export const embeddedBrokerCredentials = (broker: EmbeddedBroker): BrokerCredentials => ({
  // Aedes checks the registry at each sign-in: sending sessions away once the change is committed is enough.
  issued: async () => {},
  removed: async () => {},
  committed: async (sns) => broker.disconnect(sns),
});
