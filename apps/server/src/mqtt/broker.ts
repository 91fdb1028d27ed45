import net from 'node:net';
import { SERIAL } from '@pvstar/contract/mqtt';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Logger } from 'pino';
import { safeEqual } from '../lib/crypto.ts';
import { type MqttIdentity, mayPublish, maySubscribe } from './acl.ts';

export interface EmbeddedBroker {
  port: number;
  /** Ends the connections of these dongles: a removed dongle or an old secret must not stay connected. */
  disconnect(sns: readonly string[]): void;
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
 * The in-process MQTT broker of the embedded default. The cloud's clients sign in with the service
 * account; each dongle with its serial number and its own secret, and the topic ACL keeps it to its own
 * topics.
 */
export async function startEmbeddedBroker(opts: {
  port: number;
  host?: string;
  serviceUser: string;
  servicePassword: string;
  /** Checks a dongle's credentials (the device registry); absent: no dongle may connect. */
  verifyDongle?: (sn: string, secret: string) => Promise<boolean>;
  log: Logger;
}): Promise<EmbeddedBroker> {
  const identities = new WeakMap<Client, MqttIdentity>();
  /** Connected dongles by serial number, so that one can be sent away. */
  const dongleClients = new Map<string, Client>();
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
      opts
        .verifyDongle(username, secret)
        .then((ok) => {
          if (!ok) return done(refuse(4), false);
          identities.set(client, { kind: 'dongle', sn: username });
          dongleClients.set(username, client);
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
      callback(null);
    },
    authorizeSubscribe: (client, sub, callback) => {
      const who = identities.get(client);
      // A refused filter gets a failure code in the SUBACK (128); the connection stays up.
      callback(null, who && maySubscribe(who, sub.topic) ? sub : null);
    },
  });
  broker.on('clientDisconnect', (client) => {
    if (dongleClients.get(client.id) === client) dongleClients.delete(client.id);
  });
  const server = net.createServer(broker.handle);
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => broker.close(() => resolve()));
        // Connected clients keep the server open; aedes closes them.
        broker.close();
      }),
  };
}
