import net from 'node:net';
import mqttPacket, { type IPublishPacket, type Packet } from 'mqtt-packet';

/**
 * A subscriber that acknowledges each QoS 1 message only once its handler's promise settles, in the
 * order the messages arrived (MQTT requires it), while further messages keep flowing in. MQTT.js reads
 * one packet at a time until the previous handler finishes, which would mean one database commit per
 * message; see docs/decisions/002-ingest-acknowledgement.md.
 */
export interface AckSubscriberOptions {
  url: string;
  clientId: string;
  username?: string;
  password?: string;
  /** Topic filter, subscribed with QoS 1. */
  filter: string;
  keepaliveSeconds?: number;
  /** Keep the session (and the unacknowledged messages) across reconnects; false only for throw-away subscribers. */
  persistent?: boolean;
  /**
   * Speak MQTT 5 and let the broker end the persistent session once this many seconds pass without a
   * reconnect, so a retired subscriber's queue does not grow for ever (docs/operations.md). Absent: MQTT
   * 3.1.1 (the embedded broker speaks nothing else), the session kept for as long as the broker keeps it.
   */
  sessionExpirySeconds?: number;
  /** Called for every message; resolve when it is safely stored, reject to leave it unacknowledged. */
  onMessage(topic: string, payload: Buffer, dup: boolean): Promise<void>;
  onStateChange?(connected: boolean, reason?: string): void;
}

export interface AckSubscriber {
  readonly connected: boolean;
  /** Messages handed over and not yet acknowledged. */
  readonly inFlight: number;
  close(): Promise<void>;
}

/** Messages the broker may have in flight to us under MQTT 5, as docs/mosquitto.conf's max_inflight_messages for 3.1.1. */
const RECEIVE_MAXIMUM = 5000;

interface Pending {
  messageId: number;
  settled: boolean;
  ok: boolean;
}

/** CONNECT: a persistent session (MQTT 5: with its expiry and our receive maximum) unless asked otherwise. */
function connectPacket(opts: AckSubscriberOptions, protocolVersion: 4 | 5, keepalive: number): Packet {
  return {
    cmd: 'connect',
    protocolId: 'MQTT',
    protocolVersion,
    clientId: opts.clientId,
    clean: opts.persistent === false,
    keepalive,
    ...(protocolVersion === 5
      ? {
          properties: {
            sessionExpiryInterval: opts.persistent === false ? 0 : opts.sessionExpirySeconds,
            receiveMaximum: RECEIVE_MAXIMUM,
          },
        }
      : {}),
    ...(opts.username ? { username: opts.username } : {}),
    ...(opts.password ? { password: Buffer.from(opts.password) } : {}),
  };
}

/**
 * The messages received at QoS 1 in arrival order, each acknowledged once handled and all before it were:
 * a message that could not be stored ends the connection instead (`fail`), so the broker sends it again.
 */
function createAckLine(
  onMessage: AckSubscriberOptions['onMessage'],
  send: (packet: Packet) => void,
  fail: (err: Error) => void,
) {
  let pending: Pending[] = [];

  /** Sends the acknowledgements that are due, in arrival order; a failed message stops the line (redelivered later). */
  function drainAcks() {
    while (pending.length && pending[0]!.settled) {
      const head = pending.shift()!;
      if (!head.ok) {
        // Without its PUBACK the broker keeps the message for our persistent session and sends it again on
        // reconnect; reconnecting now also resends everything after it, which is idempotent downstream.
        fail(new Error('a message could not be stored'));
        return;
      }
      send({ cmd: 'puback', messageId: head.messageId });
    }
  }

  function onPublish(packet: IPublishPacket) {
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    if (packet.qos === 0) {
      onMessage(packet.topic, payload, false).catch(() => {});
      return;
    }
    const entry: Pending = { messageId: packet.messageId!, settled: false, ok: false };
    pending.push(entry);
    const generation = pending;
    onMessage(packet.topic, payload, packet.dup).then(
      () => {
        entry.settled = true;
        entry.ok = true;
        if (generation === pending) drainAcks();
      },
      () => {
        entry.settled = true;
        if (generation === pending) drainAcks();
      },
    );
  }

  return {
    onPublish,
    /** A new connection: what the old one had not acknowledged comes again. */
    reset: () => {
      pending = [];
    },
    inFlight: () => pending.length,
  };
}

export function startAckSubscriber(opts: AckSubscriberOptions): AckSubscriber {
  const target = new URL(opts.url);
  const keepalive = opts.keepaliveSeconds ?? 30;
  const protocolVersion = opts.sessionExpirySeconds === undefined ? 4 : 5;
  let socket: net.Socket | null = null;
  let connected = false;
  let closing = false;
  let retryMs = 500;
  let pingTimer: NodeJS.Timeout | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const send = (packet: Packet) => {
    if (socket && !socket.destroyed) socket.write(mqttPacket.generate(packet, { protocolVersion }));
  };
  const acks = createAckLine(opts.onMessage, send, (err) => socket?.destroy(err));

  function connect() {
    if (closing) return;
    const parser = mqttPacket.parser({ protocolVersion });
    const sock = net.connect({ host: target.hostname, port: Number(target.port || 1883) });
    socket = sock;
    acks.reset();
    sock.setNoDelay(true);
    sock.on('connect', () => {
      send(connectPacket(opts, protocolVersion, keepalive));
    });
    sock.on('data', (chunk) => parser.parse(chunk));
    parser.on('packet', (packet: Packet) => {
      switch (packet.cmd) {
        case 'connack':
          if ((packet.returnCode ?? packet.reasonCode ?? 0) !== 0) {
            sock.destroy(new Error(`connection refused (${packet.returnCode ?? packet.reasonCode})`));
            return;
          }
          send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: opts.filter, qos: 1 }] });
          break;
        case 'suback':
          if (packet.granted.some((g) => (typeof g === 'number' ? g : (g as { qos: number }).qos) >= 0x80)) {
            sock.destroy(new Error(`subscription to ${opts.filter} refused`));
            return;
          }
          connected = true;
          retryMs = 500;
          opts.onStateChange?.(true);
          pingTimer = setInterval(() => send({ cmd: 'pingreq' }), (keepalive * 1000) / 2);
          break;
        case 'publish':
          acks.onPublish(packet);
          break;
        default:
          break;
      }
    });
    parser.on('error', (err) => sock.destroy(err));
    sock.on('error', () => {});
    sock.on('close', () => {
      const was = connected;
      connected = false;
      clearInterval(pingTimer);
      acks.reset();
      if (was) opts.onStateChange?.(false, 'connection closed');
      if (!closing) {
        reconnectTimer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, 10_000);
      }
    });
  }

  connect();
  return {
    get connected() {
      return connected;
    },
    get inFlight() {
      return acks.inFlight();
    },
    async close() {
      closing = true;
      clearTimeout(reconnectTimer);
      clearInterval(pingTimer);
      if (!socket || socket.destroyed) return;
      const sock = socket;
      await new Promise<void>((resolve) => {
        sock.once('close', () => resolve());
        send({ cmd: 'disconnect' });
        sock.end();
        setTimeout(() => sock.destroy(), 1000).unref();
      });
    },
  };
}
