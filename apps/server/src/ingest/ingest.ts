import {
  MAX_PAYLOAD_BYTES,
  parseTopic,
  StatusPayloadSchema,
  TelemetryMessageSchema,
} from '@pvstar/contract/mqtt';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { boolArray, intArray, textArray, timeArray } from '../db/arrays.ts';
import type { Db } from '../db/client.ts';
import { withPreparedStatements } from '../db/prepared.ts';
import { sqlRows } from '../db/rows.ts';
import { addDays, localDay } from '../domain/calendar.ts';
import { dayGrid, seenBits } from '../domain/daylight.ts';
import { isReading } from '../domain/energy.ts';
import { refreshPlantStatus, statusFromAlarms } from '../domain/plant-status.ts';
import { refreshPowerNow } from '../domain/power-now-rollup.ts';
import { endCommAlarms } from '../modules/alarm/alarm-comm.ts';
import { learnIntervals, lockBatchRows } from './batch-rows.ts';
import { createDeviceLookup } from './device-lookup.ts';
import { type BatchMeter, batchPriceBooks, type DeviceDay, meterBatch } from './energy-batch.ts';
import { type DeviceDayRow, writeDeviceDays, writePlantDays } from './energy-rollup.ts';
import type { FloodGuard } from './flood-guard.ts';
import { meterContextOf, type SetAsideRow, writeSetAside } from './meter-store.ts';
import { remeterFrom, storeSamples } from './store-readings.ts';
import { type DropReason, type Sample, samplesOf } from './telemetry-samples.ts';

export type { DropReason } from './telemetry-samples.ts';

interface Batch {
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
  const counters = {
    received: 0,
    stored: 0,
    duplicates: 0,
    /** Batches that ran again after the database ended them as a deadlock (40P01) or serialization (40001) victim. */
    deadlocks: 0,
    retries: 0,
    /** Devices metered again from raw samples because late readings changed verdicts after them. */
    remetered: 0,
    dropped: {} as Partial<Record<DropReason, number>>,
  };
  const lanes: Lane[] = Array.from({ length: Math.max(1, deps.lanes ?? 1) }, () => ({
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

  const drop = (reason: DropReason, detail?: Record<string, unknown>) => {
    counters.dropped[reason] = (counters.dropped[reason] ?? 0) + 1;
    deps.log.warn({ reason, ...detail }, 'telemetry dropped');
  };

  function enqueue(lane: Lane, add: (b: Batch) => void): Promise<void> {
    return new Promise((resolve, reject) => {
      add(lane.batch);
      lane.batch.waiters.push({ resolve, reject });
      if (lane.batch.samples.length >= maxBatch) void flushLane(lane);
      else timer ??= setTimeout(() => void flushDue(), flushMs);
    });
  }

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
      return enqueue(laneOf(parsed.sn), (b) =>
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
    return enqueue(laneOf(samples[0]!.plantId), (b) => {
      b.samples.push(...samples);
      for (const { ts, present } of times) {
        // The dongle is heard now either way; only a present reading teaches its interval (batch-rows.ts),
        // and a backlog's ends its silence when it arrives, not when it was recorded.
        b.statuses.push({ sn: parsed.sn, online: true, ts: present ? ts : nowMs });
        if (present) b.telemetry.push({ sn: parsed.sn, ts });
      }
    });
  }

  async function write(b: Batch) {
    const onlineDongles = [...new Set(b.statuses.filter((s) => s.online).map((s) => s.sn))];
    const offlineDongles = [...new Set(b.statuses.filter((s) => !s.online).map((s) => s.sn))].filter(
      (sn) => !onlineDongles.includes(sn),
    );
    const reporting = new Set(b.telemetry.map((t) => t.sn));
    const onlineOnly = onlineDongles.filter((sn) => !reporting.has(sn));
    await deps.db.transaction(async (transaction) => {
      // A batch's statements have fixed texts: each connection plans them once (db/prepared.ts).
      const tx = withPreparedStatements(transaction);
      const locked = await lockBatchRows(tx, {
        dongleSns: [...new Set([...b.statuses.map((s) => s.sn), ...reporting])],
        deviceIds: [...new Set(b.samples.map((s) => s.deviceId))],
        offlineDongleSns: offlineDongles,
      });
      // Each device's meter context (energy.ts): its power, its plant's start, its zone, as the locks read them.
      const sources = new Map(locked.devices.map((d) => [d.id, d]));
      const contexts = new Map(locked.devices.map((d) => [d.id, meterContextOf(d)]));
      // A sample stamped before its plant existed is set aside with its data, and stored nowhere else.
      const early: SetAsideRow[] = [];
      const samples = ofCurrentDevices(b.samples, locked).filter((s) => {
        const floor = contexts.get(s.deviceId)?.floor;
        if (floor === undefined || s.ts >= floor) return true;
        early.push({
          deviceId: s.deviceId,
          ts: s.ts,
          reason: 'BEFORE_PLANT',
          counter: null,
          value: null,
          reference: null,
          data: s.data,
        });
        return false;
      });
      if (early.length) {
        counters.dropped.beforePlant = (counters.dropped.beforePlant ?? 0) + early.length;
        await writeSetAside(tx, early);
      }
      // The newest sample per device; the inverters whose readings may meter energy, with their plant's place.
      const latest = new Map<number, Sample>();
      const meters = new Map<number, BatchMeter>();
      for (const s of samples) {
        const cur = latest.get(s.deviceId);
        if (!cur || cur.ts < s.ts) latest.set(s.deviceId, s);
        if (s.kind === 'INVERTER' && !meters.has(s.deviceId) && isReading(s.data))
          meters.set(s.deviceId, { place: s.place, plantId: s.plantId, ctx: contexts.get(s.deviceId)! });
      }
      // Each device's newest time, without its readings: the status and alarm updates need no more. Only a
      // present reading brings a device back and ends its silence (a backlog fills history, BACKLOG_AGE_MS).
      const deviceTimes = [...latest.values()].map((s) => ({ id: s.deviceId, t: new Date(s.ts) }));
      const presentTimes = new Map<number, number>();
      for (const s of samples)
        if (s.present) presentTimes.set(s.deviceId, Math.max(presentTimes.get(s.deviceId) ?? s.ts, s.ts));
      const presentIds = deviceTimes.map((d) => presentTimes.has(d.id));
      const changedPlants: number[] = [];
      let energy = new Map<string, DeviceDay>();
      let remetered: DeviceDayRow[] = [];
      // Before the devices: their deadlines (0025) take the interval learnt from this batch.
      if (b.telemetry.length) await learnIntervals(tx, b.telemetry, now());
      if (samples.length) {
        const result = await storeSamples(tx, samples, [...meters.keys()]);
        const count = result[0]?.stored ?? 0;
        counters.stored += count;
        counters.duplicates += samples.length - count;
        const metered = meterBatch(result, meters, await batchPriceBooks(tx, result, meters));
        energy = metered.days;
        await writeSetAside(tx, metered.setAside);
        remetered = await remeterFrom(tx, metered.remeter, meters, sources, now());
        counters.remetered += metered.remeter.size;
        // A device back from silence takes the status its alarms give it; only then may its plant's change.
        const back = await sqlRows<{ plant_id: number }>(
          tx,
          sql`
          WITH updated AS (
            UPDATE devices SET
              last_seen_at = GREATEST(coalesce(devices.last_seen_at, x.t), x.t),
              status = CASE WHEN x.present AND devices.status IN ('NOT_CONNECTED', 'OFFLINE') THEN ${statusFromAlarms(sql`devices.id`)} ELSE devices.status END
            FROM (
              SELECT r.d, r.t, r.present, dv.status AS was
              FROM unnest(${intArray(deviceTimes.map((d) => d.id))}, ${timeArray(deviceTimes.map((d) => d.t))},
                ${boolArray(presentIds)}) AS r(d, t, present)
              JOIN devices dv ON dv.id = r.d) x
            WHERE devices.id = x.d
            RETURNING devices.plant_id, x.was, devices.status)
          SELECT DISTINCT plant_id FROM updated WHERE was <> status`,
        );
        changedPlants.push(...back.map((r) => r.plant_id));
        await endCommAlarms(tx, { devices: [...presentTimes].map(([id, ts]) => ({ id, t: new Date(ts) })) });
      }
      if (energy.size || remetered.length) {
        const rows = [...energy.values()].map(({ times, availableTimes, place, ...e }) => {
          const grid = dayGrid(place, place.timezone, e.day, addDays(e.day, 1));
          return { ...e, seen: seenBits(grid, times), available: seenBits(grid, availableTimes) };
        });
        if (rows.length) await writeDeviceDays(tx, rows, 'add');
        if (remetered.length) await writeDeviceDays(tx, remetered, 'set');
        await writePlantDays(tx, [...rows, ...remetered]);
      }
      if (onlineDongles.length) {
        if (onlineOnly.length)
          await tx.execute(sql`
            UPDATE dongles SET status = 'ONLINE', last_seen_at = ${new Date(now()).toISOString()}::timestamptz
            WHERE sn = ANY(${textArray(onlineOnly)})`);
        const back = new Map<string, number>();
        for (const st of b.statuses)
          if (st.online) back.set(st.sn, Math.min(back.get(st.sn) ?? st.ts, st.ts));
        await endCommAlarms(tx, { dongles: [...back].map(([sn, ts]) => ({ sn, t: new Date(ts) })) });
      }
      if (locked.offlineDongles.length) {
        const ids = intArray(locked.offlineDongles);
        await tx.execute(sql`UPDATE dongles SET status = 'OFFLINE' WHERE id = ANY(${ids})`);
        await tx.execute(sql`
          UPDATE devices SET status = 'OFFLINE' WHERE status = 'ONLINE' AND dongle_id = ANY(${ids})`);
      }
      await refreshPlantStatus(tx, [...new Set([...changedPlants, ...locked.offlinePlants])]);
      // Last: power now of the plants touched, from their values, statuses and intervals as they now are.
      await refreshPowerNow(
        tx,
        {
          plantIds: [...samples.map((s) => s.plantId), ...locked.offlinePlants],
        },
        new Date(now()),
      );
    });
  }

  /**
   * The samples as the device rows read under the batch's locks have them (the lookup cache only routed
   * them, and another process may have changed a device since): a device deleted since (with its plant)
   * takes none, as its foreign keys would fail the whole batch; a device now behind another dongle takes
   * none from its old one; a position replaced since (decision 024) takes no more of the old device's
   * samples, nor any of the new one from before it took over; a device moved to another plant is metered
   * into that plant's local day. The cache forgets each such serial.
   */
  function ofCurrentDevices(samples: Sample[], locked: Awaited<ReturnType<typeof lockBatchRows>>): Sample[] {
    const byId = new Map(locked.devices.map((r) => [r.id, r]));
    const out: Sample[] = [];
    for (const s of samples) {
      const row = byId.get(s.deviceId);
      const since = row?.sn_since ? new Date(row.sn_since).getTime() : -Infinity;
      const reason: DropReason | null = !row
        ? 'unknownDevice'
        : row.dongle_id !== locked.dongleIds.get(s.dongleSn)
          ? 'foreignDevice'
          : row.sn !== s.sn || s.ts < since
            ? 'replaced'
            : null;
      const moved =
        row &&
        (row.plant_id !== s.plantId ||
          row.timezone !== s.place.timezone ||
          row.latitude !== s.place.latitude ||
          row.longitude !== s.place.longitude);
      if (reason || moved) devicesBySn.forget(s.sn);
      if (reason) drop(reason, { deviceId: s.deviceId, device: s.sn });
      else if (moved)
        out.push({ ...s, plantId: row.plant_id, place: row, day: localDay(s.ts, row.timezone) });
      else out.push(s);
    }
    return out;
  }

  /** Writes a batch after every earlier write of these lanes, and counts it as theirs until it settles. */
  function chain(on: Lane[], batch: Batch): Promise<void> {
    const after = Promise.all(on.map((l) => l.flushing));
    const done = after.then(async () => {
      try {
        await writeRetrying(batch);
        for (const w of batch.waiters) w.resolve();
      } catch (err) {
        deps.log.warn({ err: (err as Error).message }, 'telemetry batch not stored; it will be redelivered');
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

  function flushLane(lane: Lane): Promise<void> {
    const current = lane.batch;
    lane.batch = emptyBatch();
    if (!current.waiters.length) return lane.flushing;
    // A lane's batches commit one after another, in arrival order.
    return chain([lane], current);
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
      return chain(due, merged);
    }
    return Promise.all(due.map(flushLane)).then(() => {});
  }

  /**
   * Every batch locks its rows in one order (lockBatchRows), so two batches, or a batch and the sweeper,
   * wait for each other rather than deadlock; should the database still end one as a deadlock or
   * serialization victim, it runs again (every write is idempotent) and `stats()` counts it.
   */
  async function writeRetrying(b: Batch) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await write(b);
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

  const flush = () => flushDue().then(() => Promise.all(lanes.map((l) => l.flushing)).then(() => {}));

  return {
    handle,
    flush,
    stats: () => structuredClone(counters),
    /** Forget cached device lookups (after devices are registered or moved). */
    invalidate: (sn?: string) => devicesBySn.forget(sn),
  };
}
export type Ingest = ReturnType<typeof createIngest>;
