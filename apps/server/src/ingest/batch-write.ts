import { sql } from 'drizzle-orm';
import { boolArray, intArray, textArray, timeArray } from '../db/arrays.ts';
import type { Db, Tx } from '../db/client.ts';
import { withPreparedStatements } from '../db/prepared.ts';
import { sqlRows } from '../db/rows.ts';
import { addDays, localDay } from '../domain/calendar.ts';
import { dayGrid, seenBits } from '../domain/daylight.ts';
import { isReading } from '../domain/energy.ts';
import { refreshPlantStatus, statusFromAlarms } from '../domain/plant-status.ts';
import { refreshPowerNow } from '../domain/power-now-rollup.ts';
import { endCommAlarms } from '../modules/alarm/alarm-comm.ts';
import type { Batch } from './batch-lanes.ts';
import { learnIntervals, lockBatchRows } from './batch-rows.ts';
import { type BatchMeter, batchPriceBooks, type DeviceDay, meterBatch } from './energy-batch.ts';
import { type DeviceDayRow, writeDeviceDays, writePlantDays } from './energy-rollup.ts';
import { meterContextOf, type SetAsideRow, writeSetAside } from './meter-store.ts';
import { remeterFrom, storeSamples } from './store-readings.ts';
import type { DropReason, Sample } from './telemetry-samples.ts';

/** What ingest counts (its `stats()`). */
export const ingestCounters = () => ({
  received: 0,
  stored: 0,
  duplicates: 0,
  /** Batches that ran again after the database ended them as a deadlock (40P01) or serialization (40001) victim. */
  deadlocks: 0,
  retries: 0,
  /** Devices metered again from raw samples because late readings changed verdicts after them. */
  remetered: 0,
  dropped: {} as Partial<Record<DropReason, number>>,
});
export type IngestCounters = ReturnType<typeof ingestCounters>;

export interface BatchWriteDeps {
  db: Db;
  now: () => number;
  counters: IngestCounters;
  drop: (reason: DropReason, detail?: Record<string, unknown>) => void;
  /** Forgets a serial's cached device lookup. */
  forget: (sn: string) => void;
}

type LockedRows = Awaited<ReturnType<typeof lockBatchRows>>;

/**
 * One batch in one transaction: its rows locked, its samples stored and metered, the devices' and
 * dongles' statuses, then their plants' statuses and power now.
 */
export async function writeBatch(deps: BatchWriteDeps, b: Batch) {
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
    const samples = await setAsideEarly(
      tx,
      deps.counters,
      ofCurrentDevices(deps, b.samples, locked),
      contexts,
    );
    const { latest, meters } = newestAndMeters(samples, contexts);
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
    if (b.telemetry.length) await learnIntervals(tx, b.telemetry, deps.now());
    if (samples.length) {
      const result = await storeSamples(tx, samples, [...meters.keys()]);
      const count = result[0]?.stored ?? 0;
      deps.counters.stored += count;
      deps.counters.duplicates += samples.length - count;
      const metered = meterBatch(result, meters, await batchPriceBooks(tx, result, meters));
      energy = metered.days;
      await writeSetAside(tx, metered.setAside);
      remetered = await remeterFrom(tx, metered.remeter, meters, sources, deps.now());
      deps.counters.remetered += metered.remeter.size;
      const back = await markDevicesSeen(tx, deviceTimes, presentIds);
      changedPlants.push(...back.map((r) => r.plant_id));
      await endCommAlarms(tx, { devices: [...presentTimes].map(([id, ts]) => ({ id, t: new Date(ts) })) });
    }
    await writeEnergyDays(tx, energy, remetered);
    await markDongles(tx, b, { onlineDongles, onlineOnly, offline: locked.offlineDongles, now: deps.now() });
    await refreshPlantStatus(tx, [...new Set([...changedPlants, ...locked.offlinePlants])]);
    // Last: power now of the plants touched, from their values, statuses and intervals as they now are.
    await refreshPowerNow(
      tx,
      {
        plantIds: [...samples.map((s) => s.plantId), ...locked.offlinePlants],
      },
      new Date(deps.now()),
    );
  });
}

/** A sample stamped before its plant existed is set aside with its data, and stored nowhere else. */
async function setAsideEarly(
  tx: Tx,
  counters: IngestCounters,
  current: Sample[],
  contexts: Map<number, ReturnType<typeof meterContextOf>>,
): Promise<Sample[]> {
  const early: SetAsideRow[] = [];
  const samples = current.filter((s) => {
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
  return samples;
}

/** The newest sample per device; the inverters whose readings may meter energy, with their plant's place. */
function newestAndMeters(samples: Sample[], contexts: Map<number, ReturnType<typeof meterContextOf>>) {
  const latest = new Map<number, Sample>();
  const meters = new Map<number, BatchMeter>();
  for (const s of samples) {
    const cur = latest.get(s.deviceId);
    if (!cur || cur.ts < s.ts) latest.set(s.deviceId, s);
    if (s.kind === 'INVERTER' && !meters.has(s.deviceId) && isReading(s.data))
      meters.set(s.deviceId, { place: s.place, plantId: s.plantId, ctx: contexts.get(s.deviceId)! });
  }
  return { latest, meters };
}

/** A device back from silence takes the status its alarms give it; only then may its plant's change. */
function markDevicesSeen(tx: Tx, deviceTimes: { id: number; t: Date }[], presentIds: boolean[]) {
  return sqlRows<{ plant_id: number }>(
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
}

/** The devices' and plants' days: this batch's energy added, the remetered devices' days set anew. */
async function writeEnergyDays(tx: Tx, energy: Map<string, DeviceDay>, remetered: DeviceDayRow[]) {
  if (!energy.size && !remetered.length) return;
  const rows = [...energy.values()].map(({ times, availableTimes, place, ...e }) => {
    const grid = dayGrid(place, place.timezone, e.day, addDays(e.day, 1));
    return { ...e, seen: seenBits(grid, times), available: seenBits(grid, availableTimes) };
  });
  if (rows.length) await writeDeviceDays(tx, rows, 'add');
  if (remetered.length) await writeDeviceDays(tx, remetered, 'set');
  await writePlantDays(tx, [...rows, ...remetered]);
}

/** Dongles heard (online, their silence over) and those that said they are offline, with their devices. */
async function markDongles(
  tx: Tx,
  b: Batch,
  at: { onlineDongles: string[]; onlineOnly: string[]; offline: number[]; now: number },
) {
  if (at.onlineDongles.length) {
    if (at.onlineOnly.length)
      await tx.execute(sql`
        UPDATE dongles SET status = 'ONLINE', last_seen_at = ${new Date(at.now).toISOString()}::timestamptz
        WHERE sn = ANY(${textArray(at.onlineOnly)})`);
    const back = new Map<string, number>();
    for (const st of b.statuses) if (st.online) back.set(st.sn, Math.min(back.get(st.sn) ?? st.ts, st.ts));
    await endCommAlarms(tx, { dongles: [...back].map(([sn, ts]) => ({ sn, t: new Date(ts) })) });
  }
  if (at.offline.length) {
    const ids = intArray(at.offline);
    await tx.execute(sql`UPDATE dongles SET status = 'OFFLINE' WHERE id = ANY(${ids})`);
    await tx.execute(sql`
      UPDATE devices SET status = 'OFFLINE' WHERE status = 'ONLINE' AND dongle_id = ANY(${ids})`);
  }
}

/**
 * The samples as the device rows read under the batch's locks have them (the lookup cache only routed
 * them, and another process may have changed a device since): a device deleted since (with its plant)
 * takes none, as its foreign keys would fail the whole batch; a device now behind another dongle takes
 * none from its old one; a position replaced since (decision 024) takes no more of the old device's
 * samples, nor any of the new one from before it took over; a device moved to another plant is metered
 * into that plant's local day. The cache forgets each such serial.
 */
function ofCurrentDevices(deps: BatchWriteDeps, samples: Sample[], locked: LockedRows): Sample[] {
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
    if (reason || moved) deps.forget(s.sn);
    if (reason) deps.drop(reason, { deviceId: s.deviceId, device: s.sn });
    else if (moved) out.push({ ...s, plantId: row.plant_id, place: row, day: localDay(s.ts, row.timezone) });
    else out.push(s);
  }
  return out;
}
