import net from 'node:net';
import { Aedes, type AuthenticateError } from 'aedes';
import type { Logger } from 'pino';
import { safeEqual } from '../lib/crypto.ts';

export interface EmbeddedBroker {
  port: number;
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
 * The in-process MQTT broker of the embedded default. Only the cloud's service account may connect
 * until dongles are registered (their credentials and topic ACL come with the device registry).
 */
export async function startEmbeddedBroker(opts: {
  port: number;
  host?: string;
  serviceUser: string;
  servicePassword: string;
  log: Logger;
}): Promise<EmbeddedBroker> {
  const broker = await Aedes.createBroker({
    authenticate: (_client, username, password, done) => {
      const ok =
        username === opts.serviceUser && !!password && safeEqual(password.toString(), opts.servicePassword);
      if (ok) done(null, true);
      else done(refuse(4), false);
    },
    // Nothing the broker relays may be retained as a command: a later dongle must never act on a stale one.
    authorizePublish: (_client, packet, callback) => {
      if (packet.retain && packet.topic.includes('/down/'))
        return callback(new Error('retained commands are refused'));
      callback(null);
    },
  });
  const server = net.createServer(broker.handle);
  const port = await listen(server, opts.port, opts.host ?? '0.0.0.0');
  if (opts.port !== 0 && port !== opts.port)
    opts.log.warn(
      `\n${'!'.repeat(72)}\n!! MQTT port ${opts.port} is taken: the embedded broker listens on ${port} instead.\n!! Point dongles and the simulator at port ${port}, or set MQTT_PORT / MQTT_URL.\n${'!'.repeat(72)}`,
    );
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => broker.close(() => resolve()));
        // Connected clients keep the server open; aedes closes them.
        broker.close();
      }),
  };
}
