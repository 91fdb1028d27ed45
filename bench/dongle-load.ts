import net from 'node:net';
import { topics } from '@pvstar/contract/mqtt';
import mqttPacket, { type IPublishPacket, type Packet } from 'mqtt-packet';

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
  /** Connections the bench pulled (`drop`). */
  dropped: number;
  refused: number;
}

export interface BenchDongle {
  sn: string;
  publish(topic: string, payload: Buffer | string): void;
  readonly up: boolean;
  /** Pulls the plug: the socket closes without DISCONNECT, so the broker publishes the will (if any). */
  drop(): void;
  /** With `onAck`: messages published and not yet acknowledged. */
  readonly pending: number;
  /** Connects again after `drop` (resolves on CONNACK; with `will`, publishes 'online' as a dongle does). */
  reconnect(): Promise<void>;
  /** Messages this dongle published (with `resend`: including those waiting for a connection). */
  readonly published: number;
  /**
   * With `resend`, where it stood when its connection first dropped: how many messages it had published
   * and which of them (0-based, in publishing order) the broker had not acknowledged. Null until then.
   */
  readonly firstDrop: { published: number; unacked: number[] } | null;
}

export interface FleetOptions {
  url: string;
  keepaliveSeconds?: number;
  /**
   * Behave as a real dongle does across an outage: a persistent session (clean: false), reconnect after
   * a lost connection, and send again every QoS 1 message the broker has not acknowledged; what is
   * published while the connection is down waits for it. Without it (the benchmarks) a dropped
   * connection stays down and its messages are not sent.
   */
  resend?: boolean;
  /**
   * Source addresses to spread the connections over (127.0.0.2, …): one address has about 28,000
   * ephemeral ports towards one broker port, so a larger fleet needs several.
   */
  localAddresses?: string[];
  /**
   * As the product's dongles do: a retained 'offline' will on the status topic, and a retained 'online'
   * on connecting.
   */
  will?: boolean;
  /** Hears the time from each publish to its PUBACK, ms, and whether it was telemetry. */
  onAck?: (ms: number, telemetry: boolean) => void;
}

export function dongleFleet(opts: FleetOptions) {
  const target = new URL(opts.url);
  const keepalive = opts.keepaliveSeconds ?? 60;
  const stats: LoadStats = {
    connected: 0,
    published: 0,
    acked: 0,
    disconnects: 0,
    dropped: 0,
    refused: 0,
  };
  const sockets = new Set<net.Socket>();
  const lastWrite = new Map<net.Socket, number>();
  let closing = false;
  let opened = 0;

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
      let socket: net.Socket | null = null;
      let nextId = 0;
      let up = false;
      let everUp = false;
      let published = 0;
      let firstDrop: BenchDongle['firstDrop'] = null;
      let dropping = false;
      let onReconnect: (() => void) | null = null;
      /** With `onAck`: publish time and kind of each message waiting for its PUBACK. */
      const sentAt = new Map<number, { at: number; telemetry: boolean }>();
      /** With `resend`: sent or waiting, not yet acknowledged, by message id, in publishing order. */
      const unacked = new Map<number, { packet: IPublishPacket; index: number }>();
      const write = (packet: Packet) => {
        if (!socket) return;
        socket.write(mqttPacket.generate(packet));
        lastWrite.set(socket, Date.now());
      };
      const dongle: BenchDongle = {
        sn,
        get up() {
          return up;
        },
        get published() {
          return published;
        },
        get firstDrop() {
          return firstDrop;
        },
        get pending() {
          return sentAt.size;
        },
        publish(topic, payload) {
          if (!up && !opts.resend) return;
          nextId = (nextId % 65_535) + 1;
          const packet: IPublishPacket = {
            cmd: 'publish',
            topic,
            payload,
            qos: 1,
            messageId: nextId,
            retain: false,
            dup: false,
          };
          if (opts.resend) unacked.set(nextId, { packet, index: published });
          if (opts.onAck && up)
            sentAt.set(nextId, { at: performance.now(), telemetry: topic.endsWith('/telemetry') });
          published++;
          stats.published++;
          if (up) {
            write(packet);
            packet.dup = true;
          }
        },
        drop() {
          if (!socket || !up) return;
          dropping = true;
          socket.destroy();
        },
        reconnect() {
          return new Promise<void>((done) => {
            onReconnect = done;
            open();
          });
        },
      };

      const open = () => {
        if (closing) return;
        const localAddress = opts.localAddresses?.[opened++ % opts.localAddresses.length];
        const sock = net.connect({
          host: target.hostname,
          port: Number(target.port || 1883),
          ...(localAddress ? { localAddress } : {}),
        });
        const parser = mqttPacket.parser({ protocolVersion: 4 });
        socket = sock;
        sock.setNoDelay(true);
        sock.on('connect', () =>
          write({
            cmd: 'connect',
            protocolId: 'MQTT',
            protocolVersion: 4,
            clientId: sn,
            clean: !opts.resend,
            keepalive,
            username: sn,
            password: Buffer.from(password),
            ...(opts.will
              ? {
                  will: {
                    topic: topics.status(sn),
                    payload: Buffer.from('offline'),
                    qos: 1 as const,
                    retain: true,
                  },
                }
              : {}),
          }),
        );
        sock.on('data', (chunk) => parser.parse(chunk));
        parser.on('packet', (packet: Packet) => {
          if (packet.cmd === 'connack') {
            if (packet.returnCode !== 0) {
              stats.refused++;
              sock.destroy();
              if (!everUp) reject(new Error(`${sn}: connection refused (${packet.returnCode})`));
              return;
            }
            if (closing) {
              sock.destroy();
              return;
            }
            up = true;
            stats.connected++;
            sockets.add(sock);
            if (opts.will) dongle.publish(topics.status(sn), 'online');
            if (onReconnect) {
              onReconnect();
              onReconnect = null;
            }
            if (!everUp) {
              everUp = true;
              resolve(dongle);
              return;
            }
            // Back after an outage: what the broker never acknowledged goes again, in order (MQTT 4.4).
            for (const { packet: waiting } of unacked.values()) {
              write(waiting);
              waiting.dup = true;
            }
          } else if (packet.cmd === 'puback') {
            if (opts.resend && !unacked.delete(packet.messageId!)) return;
            stats.acked++;
            const sent = sentAt.get(packet.messageId!);
            if (sent) {
              sentAt.delete(packet.messageId!);
              opts.onAck?.(performance.now() - sent.at, sent.telemetry);
            }
          }
        });
        sock.on('error', (err) => {
          if (!everUp) reject(err);
        });
        sock.on('close', () => {
          sockets.delete(sock);
          lastWrite.delete(sock);
          if (up) {
            up = false;
            stats.connected--;
            sentAt.clear();
            if (dropping) {
              dropping = false;
              stats.dropped++;
            } else if (!closing) {
              stats.disconnects++;
              firstDrop ??= { published, unacked: [...unacked.values()].map((u) => u.index) };
            }
          }
          // Jittered, so that a fleet does not come back in lock-step.
          if (opts.resend && everUp && !closing) setTimeout(open, 200 + Math.random() * 300).unref();
        });
      };
      open();
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
