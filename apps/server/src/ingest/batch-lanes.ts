import type { Logger } from 'pino';
import type { Sample } from './telemetry-samples.ts';

export interface Batch {
  samples: Sample[];
  statuses: { sn: string; online: boolean; ts: number }[];
  /** Device time of each present telemetry reading, by dongle. */
  telemetry: { sn: string; ts: number }[];
  waiters: { resolve: () => void; reject: (err: unknown) => void }[];
}

interface Lane {
  batch: Batch;
  /** The lane's writes in arrival order: the newest one's promise, and how many have not settled. */
  flushing: Promise<void>;
  writing: number;
}

const emptyBatch = (): Batch => ({ samples: [], statuses: [], telemetry: [], waiters: [] });

/**
 * Ingest's batches by lane: a message joins its lane's batch, which is written once it is full or its
 * wait is over; the message's promise settles when its batch has committed.
 */
export function createBatchLanes(opts: {
  lanes: number;
  flushMs: number;
  maxBatch: number;
  log: Logger;
  write: (b: Batch) => Promise<void>;
}) {
  const { flushMs, maxBatch } = opts;
  const lanes: Lane[] = Array.from({ length: Math.max(1, opts.lanes) }, () => ({
    batch: emptyBatch(),
    flushing: Promise.resolve(),
    writing: 0,
  }));
  /** Set from a batch's first message until it is written (flushDue). */
  let timer: NodeJS.Timeout | undefined;
  /** A plant's (or a status message's dongle's) lane: one lane's batches never touch another's rows. */
  const laneOf = (key: number | string) => {
    const n = typeof key === 'number' ? key : [...key].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 0);
    return lanes[(n >>> 0) % lanes.length]!;
  };

  /** Adds to the batch of the lane of `key` (a plant's id, or a dongle's serial). */
  function enqueue(key: number | string, add: (b: Batch) => void): Promise<void> {
    const lane = laneOf(key);
    return new Promise((resolve, reject) => {
      add(lane.batch);
      lane.batch.waiters.push({ resolve, reject });
      if (lane.batch.samples.length >= maxBatch) void flushLane(lane);
      else timer ??= setTimeout(() => void flushDue(), flushMs);
    });
  }

  function flushLane(lane: Lane): Promise<void> {
    const current = lane.batch;
    lane.batch = emptyBatch();
    if (!current.waiters.length) return lane.flushing;
    // A lane's batches commit one after another, in arrival order.
    return chain([lane], current, opts.write, opts.log);
  }

  /**
   * The batches whose wait is over. While no lane is writing (a fleet's pace: a message now and then), the
   * lanes' batches are written as one, in one transaction: a batch costs about the same for one message or
   * forty, so four small ones would cost four times as much. Under load, each lane writes its own, side by
   * side. Either way every write of a lane follows its earlier ones, so a plant's and a dongle's messages
   * still commit in arrival order.
   */
  function flushDue(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const due = lanes.filter((l) => l.batch.waiters.length);
    const samples = due.reduce((n, l) => n + l.batch.samples.length, 0);
    if (due.length > 1 && samples <= maxBatch && lanes.every((l) => l.writing === 0)) {
      const merged = emptyBatch();
      for (const l of due) {
        merged.samples.push(...l.batch.samples);
        merged.statuses.push(...l.batch.statuses);
        merged.telemetry.push(...l.batch.telemetry);
        merged.waiters.push(...l.batch.waiters);
        l.batch = emptyBatch();
      }
      return chain(due, merged, opts.write, opts.log);
    }
    return Promise.all(due.map(flushLane)).then(() => {});
  }

  const flush = () => flushDue().then(() => Promise.all(lanes.map((l) => l.flushing)).then(() => {}));

  return { enqueue, flush };
}

/** Writes a batch after every earlier write of these lanes, and counts it as theirs until it settles. */
function chain(on: Lane[], batch: Batch, write: (b: Batch) => Promise<void>, log: Logger): Promise<void> {
  const after = Promise.all(on.map((l) => l.flushing));
  const done = after.then(async () => {
    try {
      await write(batch);
      for (const w of batch.waiters) w.resolve();
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'telemetry batch not stored; it will be redelivered');
      for (const w of batch.waiters) w.reject(err);
    } finally {
      for (const l of on) l.writing--;
    }
  });
  for (const l of on) {
    l.writing++;
    l.flushing = done;
  }
  return done;
}
