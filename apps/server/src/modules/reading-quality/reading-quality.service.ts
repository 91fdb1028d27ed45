import type { PageQuery, PageResult } from '@pvstar/contract/api';
import { PERM } from '@pvstar/contract/perm';
import type {
  ReadingDecisionKind,
  SetAsideDecideBody,
  SetAsideDecideResult,
  SetAsideReading,
  SetAsideReason,
} from '@pvstar/contract/reading-quality';
import type { TariffRecompute } from '@pvstar/contract/tariff';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { timeArray } from '../../db/arrays.ts';
import { pageWindow } from '../../db/lists.ts';
import { sqlRow, sqlRows } from '../../db/rows.ts';
import { localDay } from '../../domain/calendar.ts';
import type { Caller } from '../../domain/caller.ts';
import { scopedDevice } from '../../domain/plants.ts';
import { invalidField } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';
import { requireTypePerm } from '../device/device.service.ts';
import { requireManager } from '../role/role-access.ts';
import { recomputeStatus, requestRecompute } from '../tariff/tariff-queue.ts';

type Row = {
  ts: Date | string;
  reason: SetAsideReason;
  counter: string | null;
  value: number | null;
  reference: number | null;
  decision: ReadingDecisionKind | null;
  decided_by: string | null;
  decided_at: Date | string | null;
  note: string | null;
  created_at: Date | string;
};

const iso = (d: Date | string) => new Date(d).toISOString();

function readingOf(r: Row): SetAsideReading {
  return {
    ts: iso(r.ts),
    reason: r.reason,
    counter: r.counter,
    value: r.value,
    reference: r.reference,
    decision: r.decision,
    decidedBy: r.decided_by,
    decidedAt: r.decided_at === null ? null : iso(r.decided_at),
    note: r.note,
    recordedAt: iso(r.created_at),
  };
}

/**
 * The readings metering set aside (decision 031) as a device's detail shows them, and a plant manager's
 * decision on them. Read like the device's detail (its type's code, the caller's scope); decided by the
 * plant's managers, audited, and followed by a recomputation of the plant's days from the earliest
 * decided reading's day on, in the background (the tariff's queue, tariff-queue.ts; the jobs role runs it).
 */
export function createReadingQualityService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;

  /** The caller's device with its type's code (403), else 404. */
  async function readableDevice(caller: Caller, id: number) {
    const device = await scopedDevice(db, caller, id);
    requireTypePerm(caller, device.kind);
    return device;
  }

  return {
    async page(caller: Caller, q: PageQuery, deviceId: number): Promise<PageResult<SetAsideReading>> {
      const device = await readableDevice(caller, deviceId);
      const { limit, offset } = pageWindow(q);
      const total = await sqlRow<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM set_aside_readings WHERE device_id = ${device.id}`,
      );
      // Newest first along the primary key (device_id, ts), read backwards.
      const rows = await sqlRows<Row>(
        db,
        sql`
        SELECT sa.ts, sa.reason, sa.counter, sa.value, sa.reference, sa.decision, u.username AS decided_by,
          sa.decided_at, sa.note, sa.created_at
        FROM set_aside_readings sa LEFT JOIN users u ON u.id = sa.decided_by
        WHERE sa.device_id = ${device.id}
        ORDER BY sa.ts DESC LIMIT ${limit} OFFSET ${offset}`,
      );
      return { total: total?.n ?? 0, list: rows.map(readingOf) };
    },

    async recompute(caller: Caller, deviceId: number): Promise<TariffRecompute> {
      const device = await readableDevice(caller, deviceId);
      return recomputeStatus(db, device.plantId);
    },

    /**
     * Marks the named readings of the device and queues its plant's days from the earliest one's on (a
     * decision changes the reading metering measures the next from, so the days after it may change too).
     * A reading that is not one of the device's set-aside readings, or an ACCEPTED for a BEFORE_PLANT one,
     * is a 422 naming it, and nothing changes.
     */
    async decide(caller: Caller, body: SetAsideDecideBody, ip: string): Promise<SetAsideDecideResult> {
      await requireManager(db, caller, [PERM.stationEdit]);
      const device = await scopedDevice(db, caller, body.deviceId);
      const times = body.readings.map((r) => new Date(r));
      const wanted = [...new Set(times.map((d) => d.getTime()))].map((t) => new Date(t));
      return db.transaction(async (tx) => {
        const found = await sqlRows<{ t: number; reason: SetAsideReason }>(
          tx,
          sql`
          SELECT round(extract(epoch FROM ts) * 1000)::float8 AS t, reason FROM set_aside_readings
          WHERE device_id = ${device.id} AND ts = ANY(${timeArray(wanted)})
          ORDER BY ts FOR UPDATE`,
        );
        const reasons = new Map(found.map((r) => [Number(r.t), r.reason]));
        const missing = times.findIndex((d) => !reasons.has(d.getTime()));
        if (missing >= 0) throw invalidField(`readings.${missing}`, 'readingQuality.unknown', 422);
        if (body.decision === 'ACCEPTED' && found.some((r) => r.reason === 'BEFORE_PLANT'))
          throw invalidField('decision', 'readingQuality.beforePlant', 422);
        await tx.execute(sql`
          UPDATE set_aside_readings SET decision = ${body.decision}, decided_by = ${caller.userId},
            decided_at = now(), note = ${body.note ?? null}
          WHERE device_id = ${device.id} AND ts = ANY(${timeArray(wanted)})`);
        await audit(tx, caller, {
          action: body.decision === 'ACCEPTED' ? 'reading.accept' : 'reading.reject',
          targetType: 'device',
          targetId: device.id,
          detail: {
            sn: device.sn,
            readings: wanted.map((d) => ({ ts: d.toISOString(), reason: reasons.get(d.getTime()) })),
            note: body.note ?? null,
          },
          ip,
        });
        // A reading stamped before the plant meters nothing either way: no day changes.
        const metered = wanted.filter((d) => reasons.get(d.getTime()) !== 'BEFORE_PLANT');
        if (metered.length)
          await requestRecompute(tx, device.plantId, {
            from: localDay(Math.min(...metered.map((d) => d.getTime())), device.timezone),
            to: null,
          });
        return { decided: wanted.length, recompute: await recomputeStatus(tx, device.plantId) };
      });
    },
  };
}
