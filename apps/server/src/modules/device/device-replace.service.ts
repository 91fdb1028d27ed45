import type { DeviceType } from '@pvstar/contract/device';
import type {
  DeviceReplaceBody,
  DeviceReplacement,
  DeviceReplaceResult,
} from '@pvstar/contract/device-replacement';
import { MAX_CLOCK_SKEW_MS } from '@pvstar/contract/mqtt';
import { PERM } from '@pvstar/contract/perm';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { textArray } from '../../db/arrays.ts';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { sqlRow } from '../../db/rows.ts';
import {
  deviceLatest,
  deviceReplacements,
  devices,
  dongles,
  organizations,
  plants,
} from '../../db/schema/index.ts';
import { ENERGY_COUNTERS } from '../../domain/energy.ts';
import { refreshPlantStatus } from '../../domain/plant-status.ts';
import { plantScope } from '../../domain/plants.ts';
import { refreshPowerNow } from '../../domain/power-now-rollup.ts';
import { lockStatusRows } from '../../domain/status-locks.ts';
import type { Caller } from '../../http/access.ts';
import { conflict, invalidField, notFound } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';
import { endAlarms } from '../alarm/alarm-store.ts';
import { requireManager } from '../role/role-access.ts';
import { requireTypePerm } from './device.service.ts';
import { issueDongleSecret, tellBroker } from './dongle-credentials.ts';

/** A position of a plant: a device row, or a dongle row (`dongleId` is its own id then). */
interface Position {
  type: DeviceType;
  id: number;
  sn: string;
  plantId: number;
  dongleId: number;
}

const utc = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);

export type DeviceReplaceDeps = Pick<AppContext, 'db' | 'log' | 'brokerCredentials'>;

/**
 * Replacing a device by a new serial number in the same position (decision 024): the position's row keeps
 * its id, so the plant's samples, days, charts and reports continue; the old device's counters end at the
 * replacement time and the new one's start there (ingest and the recomputation meter them apart); its
 * alarms end with reason REPLACED; a dongle gets a fresh MQTT secret and the old one stops signing in.
 */
export function createDeviceReplaceService(deps: DeviceReplaceDeps) {
  return { ...createReplacement(deps), ...createReplacementHistory(deps) };
}

/** The position in scope, and what a replacement must satisfy. */
function createReplaceChecks(ctx: DeviceReplaceDeps) {
  const { db } = ctx;
  /** The position the caller may see (404 otherwise, like a missing one), of the type asked for. */
  async function scopedPosition(caller: Caller, type: DeviceType, id: number): Promise<Position> {
    const [row] =
      type === 'DONGLE'
        ? await db
            .select({ id: dongles.id, sn: dongles.sn, plantId: dongles.plantId, dongleId: dongles.id })
            .from(dongles)
            .innerJoin(plants, eq(plants.id, dongles.plantId))
            .innerJoin(organizations, eq(organizations.id, plants.orgId))
            .where(and(eq(dongles.id, id), plantScope(caller)))
            .limit(1)
        : await db
            .select({ id: devices.id, sn: devices.sn, plantId: devices.plantId, dongleId: devices.dongleId })
            .from(devices)
            .innerJoin(plants, eq(plants.id, devices.plantId))
            .innerJoin(organizations, eq(organizations.id, plants.orgId))
            .where(and(eq(devices.id, id), eq(devices.kind, type), plantScope(caller)))
            .limit(1);
    if (!row) throw notFound();
    return { type, ...row };
  }

  /** The serial must be registered nowhere, as a device or a dongle; the message is the same whoever holds it. */
  async function requireFreeSerial(sn: string) {
    const taken = await sqlRow<{ n: number }>(
      db,
      sql`SELECT (SELECT count(*) FROM devices WHERE sn = ${sn}) + (SELECT count(*) FROM dongles WHERE sn = ${sn}) AS n`,
    );
    if (Number(taken?.n ?? 0) > 0) throw conflict('station.serialTaken', 'newSn');
  }

  /** The new device must take over after the old one's last reading and after the position's last replacement. */
  function requireAfter(at: Date, lastReading: Date | null, lastReplacement: Date | null) {
    if (lastReplacement && at <= lastReplacement)
      throw invalidField('replacedAt', 'device.replacedBeforePrevious', 422, { time: utc(lastReplacement) });
    if (lastReading && at <= lastReading)
      throw invalidField('replacedAt', 'device.replacedBeforeLastReading', 422, { time: utc(lastReading) });
  }

  const lastReplacement = async (tx: Tx, p: Position) => {
    const row = await sqlRow<{ t: string | null }>(
      tx,
      p.type === 'DONGLE'
        ? sql`SELECT max(replaced_at) AS t FROM device_replacements WHERE dongle_id = ${p.id}`
        : sql`SELECT max(replaced_at) AS t FROM device_replacements WHERE device_id = ${p.id}`,
    );
    return row?.t ? new Date(row.t) : null;
  };

  return { scopedPosition, requireFreeSerial, requireAfter, lastReplacement };
}

/** A device of the position replaced by a new one. */
function createDeviceSwap(ctx: DeviceReplaceDeps) {
  const { requireAfter, lastReplacement } = createReplaceChecks(ctx);
  async function replaceDevice(tx: Tx, caller: Caller, p: Position, body: DeviceReplaceBody, at: Date) {
    // The status writers' order (status-locks.ts); the device's row FOR UPDATE, as its serial changes. Ingest
    // holds the same row while it stores a batch: a batch stores before the replacement or sees it.
    await lockStatusRows(tx, { dongles: [p.dongleId] });
    const locked = await sqlRow<{ sn: string; kind: string }>(
      tx,
      sql`SELECT sn, kind FROM devices WHERE id = ${p.id} FOR UPDATE`,
    );
    if (!locked) throw notFound();
    await lockStatusRows(tx, { plants: [p.plantId] });
    const last = await sqlRow<{ t: string | null }>(
      tx,
      sql`SELECT max(ts) AS t FROM telemetry_samples WHERE device_id = ${p.id}`,
    );
    requireAfter(at, last?.t ? new Date(last.t) : null, await lastReplacement(tx, p));
    // The old device's lifetime ends at its last reading: its counters then (raw samples, else latest values).
    const counterKeys = textArray([...ENERGY_COUNTERS]);
    const final =
      locked.kind === 'INVERTER'
        ? await sqlRow<{ v: Record<string, number> | null }>(
            tx,
            sql`SELECT coalesce(
              (SELECT data FROM telemetry_samples WHERE device_id = ${p.id} AND data ?| ${counterKeys}
                ORDER BY ts DESC LIMIT 1),
              (SELECT data FROM device_latest WHERE device_id = ${p.id} AND data ?| ${counterKeys})) AS v`,
          )
        : null;
    const counters = Object.entries(final?.v ?? {}).filter(([k]) => ENERGY_COUNTERS.includes(k));
    const finalCounters = counters.length ? Object.fromEntries(counters) : null;
    const [history] = await tx
      .insert(deviceReplacements)
      .values({
        plantId: p.plantId,
        deviceId: p.id,
        kind: p.type,
        oldSn: locked.sn,
        newSn: body.newSn,
        replacedAt: at,
        reason: body.reason,
        note: body.note || null,
        finalCounters,
        userId: caller.userId,
        username: caller.username.slice(0, 30),
      })
      .returning({ id: deviceReplacements.id });
    await endAlarms(tx, sql`alarms.device_id = ${p.id}`, sql`${at.toISOString()}::timestamptz`, 'REPLACED');
    // The new device has not reported yet: no values, versions or status of the old one carry over.
    await tx
      .update(devices)
      .set({
        sn: body.newSn,
        snSince: at,
        status: 'NOT_CONNECTED',
        lastSeenAt: null,
        versions: {},
      })
      .where(eq(devices.id, p.id));
    await tx.delete(deviceLatest).where(eq(deviceLatest.deviceId, p.id));
    return { historyId: history!.id, oldSn: locked.sn };
  }

  return { replaceDevice };
}

/** A dongle replaced by a new one, its devices moving with it. */
function createDongleSwap(ctx: DeviceReplaceDeps) {
  const { requireAfter, lastReplacement } = createReplaceChecks(ctx);
  async function replaceDongle(tx: Tx, caller: Caller, p: Position, body: DeviceReplaceBody, at: Date) {
    const locked = await sqlRow<{ sn: string; last_telemetry_at: string | null }>(
      tx,
      sql`SELECT sn, last_telemetry_at FROM dongles WHERE id = ${p.id} FOR UPDATE`,
    );
    if (!locked) throw notFound();
    await lockStatusRows(tx, { plants: [p.plantId] });
    requireAfter(
      at,
      locked.last_telemetry_at ? new Date(locked.last_telemetry_at) : null,
      await lastReplacement(tx, p),
    );
    const [history] = await tx
      .insert(deviceReplacements)
      .values({
        plantId: p.plantId,
        dongleId: p.id,
        kind: 'DONGLE',
        oldSn: locked.sn,
        newSn: body.newSn,
        replacedAt: at,
        reason: body.reason,
        note: body.note || null,
        userId: caller.userId,
        username: caller.username.slice(0, 30),
      })
      .returning({ id: deviceReplacements.id });
    // The dongle's own alarms (offline, …); its devices' alarms are theirs and end when they report again.
    await endAlarms(
      tx,
      sql`alarms.dongle_id = ${p.id} AND alarms.device_id IS NULL`,
      sql`${at.toISOString()}::timestamptz`,
      'REPLACED',
    );
    const { secret, secretHash } = issueDongleSecret();
    await tx
      .update(dongles)
      .set({
        sn: body.newSn,
        secretHash,
        status: 'NOT_CONNECTED',
        version: null,
        lastSeenAt: null,
        lastTelemetryAt: null,
        lastGapSeconds: null,
        previousGapSeconds: null,
      })
      .where(eq(dongles.id, p.id));
    // The old serial signs in no more (a connected session is sent away); only the new secret signs in the new.
    await tellBroker(ctx, async () => {
      await ctx.brokerCredentials.removed([locked.sn]);
      await ctx.brokerCredentials.issued([{ sn: body.newSn, secret }]);
    });
    return { historyId: history!.id, oldSn: locked.sn, secret };
  }
  return { replaceDongle };
}

function createReplacement(ctx: DeviceReplaceDeps) {
  const { db } = ctx;
  const { scopedPosition, requireFreeSerial } = createReplaceChecks(ctx);
  const { replaceDevice } = createDeviceSwap(ctx);
  const { replaceDongle } = createDongleSwap(ctx);
  return {
    async replace(caller: Caller, body: DeviceReplaceBody, ip: string): Promise<DeviceReplaceResult> {
      await requireManager(db, caller, [PERM.stationEdit]);
      const at = new Date(body.replacedAt);
      if (at.getTime() > Date.now() + MAX_CLOCK_SKEW_MS)
        throw invalidField('replacedAt', 'device.replacedInFuture', 422);
      const position = await scopedPosition(caller, body.deviceType, body.id);
      if (body.newSn === position.sn) throw invalidField('newSn', 'device.sameSerial', 422);
      await requireFreeSerial(body.newSn);
      let done: { historyId: number; oldSn: string; secret?: string };
      try {
        done = await db.transaction(async (tx) => {
          const result =
            position.type === 'DONGLE'
              ? await replaceDongle(tx, caller, position, body, at)
              : await replaceDevice(tx, caller, position, body, at);
          await refreshPlantStatus(tx, [position.plantId]);
          await refreshPowerNow(tx, { plantIds: [position.plantId] }, new Date());
          await audit(tx, caller, {
            action: 'device.replace',
            targetType: position.type === 'DONGLE' ? 'dongle' : 'device',
            targetId: position.id,
            detail: {
              deviceType: position.type,
              plantId: position.plantId,
              oldSn: result.oldSn,
              newSn: body.newSn,
              replacedAt: at.toISOString(),
              reason: body.reason,
              ...(body.note ? { note: body.note } : {}),
            },
            ip,
          });
          return result;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('station.serialTaken', 'newSn');
        throw err;
      }
      if (position.type === 'DONGLE') await ctx.brokerCredentials.committed([done.oldSn, body.newSn]);
      return {
        id: position.id,
        sn: body.newSn,
        replacedAt: at.toISOString(),
        ...(done.secret ? { secret: done.secret } : {}),
      };
    },
  };
}

function createReplacementHistory(ctx: DeviceReplaceDeps) {
  const { db } = ctx;
  const { scopedPosition } = createReplaceChecks(ctx);
  return {
    /** The position's replacements, newest first; seen by whoever may see the device. */
    async history(caller: Caller, type: DeviceType, id: number): Promise<DeviceReplacement[]> {
      requireTypePerm(caller, type);
      const p = await scopedPosition(caller, type, id);
      const rows = await db
        .select()
        .from(deviceReplacements)
        .where(
          type === 'DONGLE' ? eq(deviceReplacements.dongleId, p.id) : eq(deviceReplacements.deviceId, p.id),
        )
        .orderBy(desc(deviceReplacements.replacedAt), desc(deviceReplacements.id));
      return rows.map((r) => ({
        id: r.id,
        replacedAt: r.replacedAt.toISOString(),
        oldSn: r.oldSn,
        newSn: r.newSn,
        reason: r.reason,
        note: r.note,
        username: r.username,
        recordedAt: r.createdAt.toISOString(),
        finalGeneration:
          typeof r.finalCounters?.totalGeneration === 'number' ? r.finalCounters.totalGeneration : null,
      }));
    },
  };
}
