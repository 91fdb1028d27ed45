import { z } from 'zod';
import { DeviceKindSchema } from './metrics.ts';

/**
 * The device protocol (docs/protocol.md). Topics are per data collector (dongle) serial number; the cloud
 * subscribes to `up/…` of every dongle and publishes commands on each dongle's `down/cmd`.
 */
export const TOPIC_PREFIX = 'pvstar/v1';
export const topics = {
  telemetry: (sn: string) => `${TOPIC_PREFIX}/${sn}/up/telemetry`,
  event: (sn: string) => `${TOPIC_PREFIX}/${sn}/up/event`,
  status: (sn: string) => `${TOPIC_PREFIX}/${sn}/up/status`,
  cmdResult: (sn: string) => `${TOPIC_PREFIX}/${sn}/up/cmd-result`,
  cmd: (sn: string) => `${TOPIC_PREFIX}/${sn}/down/cmd`,
  /** What ingest subscribes to (`$share/ingest/` is put in front on brokers that share). */
  allUp: `${TOPIC_PREFIX}/+/up/+`,
} as const;

/** `pvstar/v1/{sn}/{up|down}/{kind}` → its parts, or null for anything else. */
export function parseTopic(topic: string): { sn: string; direction: 'up' | 'down'; kind: string } | null {
  const parts = topic.split('/');
  if (parts.length !== 5 || `${parts[0]}/${parts[1]}` !== TOPIC_PREFIX) return null;
  const [, , sn, direction, kind] = parts as [string, string, string, string, string];
  if (!SERIAL.test(sn) || (direction !== 'up' && direction !== 'down')) return null;
  return { sn, direction, kind };
}

/** Serial numbers: letters, digits and dashes, 6–32 characters. */
export const SERIAL = /^[A-Z0-9][A-Z0-9-]{5,31}$/;
export const SerialSchema = z.string().trim().toUpperCase().regex(SERIAL, { message: 'validation.serial' });

/** Largest payload ingest reads; anything bigger is dropped unread. */
export const MAX_PAYLOAD_BYTES = 64 * 1024;
/**
 * Largest MQTT packet a client may send: a full payload with 1 KiB for its topic and header. The embedded
 * broker closes the connection of a client that sends a bigger one (Mosquitto: `max_packet_size`).
 */
export const MAX_PACKET_BYTES = MAX_PAYLOAD_BYTES + 1024;
/** How far in the future a device clock may be before its samples are refused. */
export const MAX_CLOCK_SKEW_MS = 10 * 60_000;
/**
 * How far behind the server's clock a reading may be and still describe the present (docs/protocol.md
 * "Backlogs"): an older one is history (a backlog after an outage) that fills the charts and the energy
 * but moves neither "power now", nor a status, nor the learnt interval. Twice the clock skew a dongle is
 * allowed ahead, so that a clock up to ten minutes behind still reports live.
 */
export const BACKLOG_AGE_MS = 2 * MAX_CLOCK_SKEW_MS;
/** Readings one telemetry message may carry (a backlog's many in one acknowledgement; 64 KiB still bound it). */
export const MAX_READINGS_PER_MESSAGE = 500;

/**
 * What one dongle may send in a minute before ingest drops the rest of that minute's messages and raises
 * DGL-FLOOD (docs/protocol.md "Limits"; the server's INGEST_DONGLE_*_PER_MINUTE settings change them).
 * Live, a dongle at the fastest interval (10 s) sends 6 telemetry messages a minute, of at most 16 devices,
 * and a fault event now and then. The limits leave room for a backlog upload after an outage, paced as
 * the protocol asks: a day of 10-s readings (8,640 messages) comes back in three minutes.
 * - messages: 3,000 (50 a second, 500 times the live pace), every topic counted;
 * - samples: 24,000 (devices × messages: 1,500 messages of a full 16-device dongle, 25 a second);
 * - events: 60 (one a second; a device flapping on a weak grid raises and clears once an interval, 12).
 */
export const DONGLE_LIMITS_PER_MINUTE = { messages: 3_000, samples: 24_000, events: 60 } as const;
/**
 * Connects of one client id a minute the embedded broker accepts; the next is refused (CONNACK 3, server
 * unavailable) until the minute is over. A dongle connects once and stays; after a lost connection it
 * comes back every few seconds at most.
 */
export const DONGLE_CONNECTS_PER_MINUTE = 30;

const timestamp = z.number().int().positive().max(4_102_444_800_000);

const TelemetryDevicesSchema = z
  .array(
    z.object({
      sn: SerialSchema,
      kind: DeviceKindSchema,
      data: z.record(z.string().max(40), z.number().finite()).refine((d) => Object.keys(d).length <= 200),
    }),
  )
  .min(1)
  .max(16);

/** One reading of a dongle's devices at `ts`: what a dongle sends live. */
export const TelemetryPayloadSchema = z.object({
  msgId: z.string().min(1).max(64),
  ts: timestamp,
  devices: TelemetryDevicesSchema,
});
/**
 * Many readings in one message, oldest first: how a dongle uploads a backlog (docs/protocol.md
 * "Backlogs"). Each reading is handled as if it came in its own message; one acknowledgement covers all.
 */
export const TelemetryBatchPayloadSchema = z.object({
  msgId: z.string().min(1).max(64),
  readings: z
    .array(z.object({ ts: timestamp, devices: TelemetryDevicesSchema }))
    .min(1)
    .max(MAX_READINGS_PER_MESSAGE),
});
/** What `up/telemetry` carries: one reading or a batch of them. */
export const TelemetryMessageSchema = z.union([TelemetryPayloadSchema, TelemetryBatchPayloadSchema]);
export type TelemetryPayload = z.infer<typeof TelemetryPayloadSchema>;
export type TelemetryBatchPayload = z.infer<typeof TelemetryBatchPayloadSchema>;

export const EventPayloadSchema = z.object({
  msgId: z.string().min(1).max(64),
  ts: timestamp,
  deviceSn: SerialSchema,
  faultCode: z.string().min(1).max(32),
  state: z.enum(['raised', 'cleared']),
});
export type EventPayload = z.infer<typeof EventPayloadSchema>;

export const StatusPayloadSchema = z.enum(['online', 'offline']);

export const CommandTypeSchema = z.enum(['params.read', 'params.write', 'firmware.upgrade']);
export type CommandType = z.infer<typeof CommandTypeSchema>;

export const CommandPayloadSchema = z.object({
  cmdId: z.string().min(1).max(64),
  type: CommandTypeSchema,
  /** params.read: { deviceSn, keys? }; params.write: { deviceSn, values }; firmware.upgrade: { deviceSn, url, size, sha256, signature, keyId, version, firmwareType } (signature: Ed25519 over the image, base64; keyId: the signing key's fingerprint). */
  body: z.record(z.string(), z.unknown()),
  expiresAt: timestamp,
});
export type CommandPayload = z.infer<typeof CommandPayloadSchema>;

export const CommandResultPayloadSchema = z.object({
  cmdId: z.string().min(1).max(64),
  status: z.enum(['accepted', 'progress', 'succeeded', 'failed']),
  progress: z.number().min(0).max(100).optional(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.string().max(500).optional(),
});
export type CommandResultPayload = z.infer<typeof CommandResultPayloadSchema>;
