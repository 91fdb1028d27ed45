import net from 'node:net';
import mqttPacket, { type Packet } from 'mqtt-packet';

/**
 * A fleet of lightweight dongle connections for the load benchmarks: raw MQTT 3.1.1 over TCP (the
 * packet codec MQTT.js itself uses), so that one generator process can hold 10,000 connections or
 * publish thousands of QoS 1 messages a second without its own bookkeeping becoming the bottleneck.
 */
export interface LoadStats {
  connected: number;
  published: number;
  /** PUBACKs from the broker: the broker has the message. */
  acked: number;
  /** Connections that closed without being asked to. */
  disconnects: number;
  refused: number;
}

export interface BenchDongle {
  sn: string;
  publish(topic: string, payload: Buffer | string): void;
  readonly up: boolean;
}

export function dongleFleet(opts: { url: string; keepaliveSeconds?: number }) {
  const target = new URL(opts.url);
  const keepalive = opts.keepaliveSeconds ?? 60;
  const stats: LoadStats = { connected: 0, published: 0, acked: 0, disconnects: 0, refused: 0 };
  const sockets = new Set<net.Socket>();
  const lastWrite = new Map<net.Socket, number>();
  let closing = false;

  // One timer pings every connection that has been quiet for half its keep-alive.
  const pinger = setInterval(
    () => {
      const due = Date.now() - (keepalive * 1000) / 2;
      for (const [socket, at] of lastWrite)
        if (at < due) {
          socket.write(mqttPacket.generate({ cmd: 'pingreq' }));
          lastWrite.set(socket, Date.now());
        }
    },
    Math.max(1000, (keepalive * 1000) / 4),
  );

  function connect(sn: string, password: string): Promise<BenchDongle> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: target.hostname, port: Number(target.port || 1883) });
      const parser = mqttPacket.parser({ protocolVersion: 4 });
      let nextId = 0;
      let up = false;
      const write = (packet: Packet) => {
        socket.write(mqttPacket.generate(packet));
        lastWrite.set(socket, Date.now());
      };
      const dongle: BenchDongle = {
        sn,
        get up() {
          return up;
        },
        publish(topic, payload) {
          if (!up) return;
          nextId = (nextId % 65_535) + 1;
          write({ cmd: 'publish', topic, payload, qos: 1, messageId: nextId, retain: false, dup: false });
          stats.published++;
        },
      };
      socket.setNoDelay(true);
      socket.on('connect', () =>
        write({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clientId: sn,
          clean: true,
          keepalive,
          username: sn,
          password: Buffer.from(password),
        }),
      );
      socket.on('data', (chunk) => parser.parse(chunk));
      parser.on('packet', (packet: Packet) => {
        if (packet.cmd === 'connack') {
          if (packet.returnCode !== 0) {
            stats.refused++;
            socket.destroy();
            return reject(new Error(`${sn}: connection refused (${packet.returnCode})`));
          }
          up = true;
          stats.connected++;
          sockets.add(socket);
          resolve(dongle);
        } else if (packet.cmd === 'puback') stats.acked++;
      });
      socket.on('error', (err) => {
        if (!up) reject(err);
      });
      socket.on('close', () => {
        sockets.delete(socket);
        lastWrite.delete(socket);
        if (up) {
          up = false;
          stats.connected--;
          if (!closing) stats.disconnects++;
        }
      });
    });
  }

  /** Connects every dongle, `parallel` handshakes at a time. */
  async function connectAll(creds: { sn: string; password: string }[], parallel = 200) {
    const out: BenchDongle[] = new Array(creds.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(parallel, creds.length) }, async () => {
        while (next < creds.length) {
          const i = next++;
          out[i] = await connect(creds[i]!.sn, creds[i]!.password);
        }
      }),
    );
    return out;
  }

  return {
    stats,
    connectAll,
    async close() {
      closing = true;
      clearInterval(pinger);
      await Promise.all(
        [...sockets].map(
          (s) =>
            new Promise<void>((resolve) => {
              s.once('close', () => resolve());
              s.end(mqttPacket.generate({ cmd: 'disconnect' }));
              setTimeout(() => s.destroy(), 2000).unref();
            }),
        ),
      );
    },
  };
}
