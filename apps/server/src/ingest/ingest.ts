import {
  MAX_PAYLOAD_BYTES,
  parseTopic,
  StatusPayloadSchema,
  TelemetryMessageSchema,
} from '@pvstar/contract/mqtt';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { type Batch, createBatchLanes } from './batch-lanes.ts';
import { ingestCounters, writeBatch } from './batch-write.ts';
import { createDeviceLookup } from './device-lookup.ts';
import type { FloodGuard } from './flood-guard.ts';
import { type DropReason, samplesOf } from './telemetry-samples.ts';

export type { DropReason } from './telemetry-samples.ts';

/**
 * Telemetry into the database: validates each message against the contract, batches many messages
 * into one transaction, and resolves each message's promise only when its batch has committed (the
 * subscriber acknowledges then). Idempotent on (device, ts); energy is metered from the stored samples'
 * counters (energy.ts, readingEnergy): each stored reading adds its increase over the device's previous
 * stored reading to its local day, so repeats never count, and a late reading takes its share from the
 * reading after it.
 */
export function createIngest(deps: {
  db: Db;
  log: Logger;
  now?: () => number;
  flushMs?: number;
  maxBatch?: number;
  /**
   * Batches committed side by side, each lane with the plants of its own (on PostgreSQL; PGlite runs one
   * statement at a time, so more than one lane gains nothing there). 1 by default.
   */
  lanes?: number;
  /** Fault events and command results go to the alarm and remote-control parts. */
  onOtherMessage?: (sn: string, kind: string, payload: unknown) => Promise<void>;
  /** Each dongle's limits of a minute (start-ingest.ts); absent: none. */
  floodGuard?: FloodGuard;
}) {
  const now = deps.now ?? Date.now;
  const flushMs = deps.flushMs ?? 25;
  const maxBatch = deps.maxBatch ?? 3000;
  const devicesBySn = createDeviceLookup(deps.db, now);
  const counters = ingestCounters();

  const drop = (reason: DropReason, detail?: Record<string, unknown>) => {
    counters.dropped[reason] = (counters.dropped[reason] ?? 0) + 1;
    deps.log.warn({ reason, ...detail }, 'telemetry dropped');
  };

  const lanes = createBatchLanes({
    lanes: deps.lanes ?? 1,
    flushMs,
    maxBatch,
    log: deps.log,
    write: writeRetrying,
  });

  async function handle(topic: string, payload: Buffer): Promise<void> {
    counters.received++;
    if (payload.length > MAX_PAYLOAD_BYTES)
      return drop('oversized', { topic: topic.slice(0, 100), bytes: payload.length });
    const parsed = parseTopic(topic);
    if (parsed?.direction !== 'up') return drop('topic', { topic: topic.slice(0, 100) });
    let body: unknown;
    try {
      body = parsed.kind === 'status' ? payload.toString() : JSON.parse(payload.toString());
    } catch {
      return drop('json', { topic });
    }
    if (deps.floodGuard?.overLimit(parsed.sn, parsed.kind, body)) {
      // Counted here, logged by the guard once a minute per dongle: a flood must not flood the log.
      counters.dropped.flood = (counters.dropped.flood ?? 0) + 1;
      return;
    }
    if (parsed.kind === 'status') {
      const status = StatusPayloadSchema.safeParse(body);
      if (!status.success) return drop('schema', { topic });
      return lanes.enqueue(parsed.sn, (b) =>
        b.statuses.push({ sn: parsed.sn, online: status.data === 'online', ts: now() }),
      );
    }
    if (parsed.kind !== 'telemetry') {
      await deps.onOtherMessage?.(parsed.sn, parsed.kind, body);
      return;
    }
    const msg = TelemetryMessageSchema.safeParse(body);
    if (!msg.success) return drop('schema', { topic, issue: msg.error.issues[0]?.message });
    const nowMs = now();
    const { samples, times } = await samplesOf(msg.data, parsed.sn, nowMs, topic, {
      devicesBySn,
      drop,
      countBadMetrics: (n) => {
        counters.dropped.metric = (counters.dropped.metric ?? 0) + n;
      },
    });
    if (!samples.length) return;
    return lanes.enqueue(samples[0]!.plantId, (b) => {
      b.samples.push(...samples);
      for (const { ts, present } of times) {
        // The dongle is heard now either way; only a present reading teaches its interval (batch-rows.ts),
        // and a backlog's ends its silence when it arrives, not when it was recorded.
        b.statuses.push({ sn: parsed.sn, online: true, ts: present ? ts : nowMs });
        if (present) b.telemetry.push({ sn: parsed.sn, ts });
      }
    });
  }

  /**
   * Every batch locks its rows in one order (lockBatchRows), so two batches, or a batch and the sweeper,
   * wait for each other rather than deadlock; should the database still end one as a deadlock or
   * serialization victim, it runs again (every write is idempotent) and `stats()` counts it.
   */
  async function writeRetrying(b: Batch) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await writeBatch({ db: deps.db, now, counters, drop, forget: devicesBySn.forget }, b);
      } catch (err) {
        const code =
          (err as { code?: string; cause?: { code?: string } }).cause?.code ??
          (err as { code?: string }).code;
        if (code === '40P01') counters.deadlocks++;
        if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw err;
        counters.retries++;
      }
    }
  }

  return {
    handle,
    flush: lanes.flush,
    stats: () => structuredClone(counters),
    /** Forget cached device lookups (after devices are registered or moved). */
    invalidate: (sn?: string) => devicesBySn.forget(sn),
  };
}
export type Ingest = ReturnType<typeof createIngest>;
