import type { FaultDeviceType } from '@pvstar/contract/fault-code';
import { type EventPayload, EventPayloadSchema, MAX_CLOCK_SKEW_MS } from '@pvstar/contract/mqtt';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { sqlRow, sqlRows } from '../../db/rows.ts';
import { endAlarms, openAlarms } from './alarm-store.ts';

export type EventOutcome = 'opened' | 'repeated' | 'ended' | 'ignored' | 'dropped';

interface Source {
  plantId: number;
  dongleId: number;
  deviceId: number | null;
  deviceType: FaultDeviceType;
}

/**
 * Fault events of the device protocol (`up/event`) into alarms. Idempotent like telemetry: a repeated
 * "raised" only moves the alarm's latest time, a repeated "cleared" finds nothing ongoing, and an old
 * event re-delivered after a newer one (a "raised" no later than the end of an alarm already ended)
 * changes nothing.
 */
export function createAlarmEvents(deps: { db: Db; log: Logger; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const counters: Record<EventOutcome, number> = { opened: 0, repeated: 0, ended: 0, ignored: 0, dropped: 0 };

  const drop = (reason: string, detail: Record<string, unknown>): EventOutcome => {
    counters.dropped++;
    deps.log.warn({ reason, ...detail }, 'event dropped');
    return 'dropped';
  };

  /** The device of the event, which must hang off this dongle, or the dongle itself. */
  async function sourceOf(dongleSn: string, deviceSn: string): Promise<Source | null> {
    const row = await sqlRow<{
      plant_id: number;
      dongle_id: number;
      device_id: number | null;
      kind: FaultDeviceType;
    }>(
      deps.db,
      sql`
      SELECT d.plant_id, g.id AS dongle_id, d.id AS device_id, d.kind
      FROM devices d JOIN dongles g ON g.id = d.dongle_id
      WHERE d.sn = ${deviceSn} AND g.sn = ${dongleSn}
      UNION ALL
      SELECT g.plant_id, g.id, NULL, 'DONGLE' FROM dongles g WHERE g.sn = ${dongleSn} AND ${deviceSn} = ${dongleSn}
      LIMIT 1`,
    );
    return row
      ? {
          plantId: row.plant_id,
          dongleId: row.dongle_id,
          deviceId: row.device_id,
          deviceType: row.kind,
        }
      : null;
  }

  async function apply(source: Source, e: EventPayload): Promise<EventOutcome> {
    const ts = new Date(e.ts).toISOString();
    const same = sql`alarms.plant_id = ${source.plantId} AND alarms.source_sn = ${e.deviceSn} AND alarms.fault_code = ${e.faultCode}`;
    return deps.db.transaction(async (tx) => {
      if (e.state === 'cleared') {
        const ended = await endAlarms(
          tx,
          sql`${same} AND alarms.started_at <= ${ts}::timestamptz`,
          sql`${ts}::timestamptz`,
          'CLEARED',
        );
        return ended.length ? 'ended' : 'ignored';
      }
      const repeated = await sqlRows(
        tx,
        sql`
        UPDATE alarms SET latest_at = GREATEST(latest_at, ${ts}::timestamptz)
        WHERE status = 'ONGOING' AND ${same} RETURNING id`,
      );
      if (repeated.length) return 'repeated';
      const stale = await sqlRow(
        tx,
        sql`
        SELECT 1 FROM alarms WHERE ${same} AND ended_at >= ${ts}::timestamptz LIMIT 1`,
      );
      if (stale) return 'ignored';
      const opened = await openAlarms(tx, [
        {
          ...source,
          sourceSn: e.deviceSn,
          kind: 'EVENT',
          faultCode: e.faultCode,
          startedAt: new Date(e.ts),
        },
      ]);
      return opened.length ? 'opened' : 'repeated';
    });
  }

  return {
    /** Handles one `up/event` message of dongle `dongleSn`; resolves once it is stored. */
    async handle(dongleSn: string, body: unknown): Promise<EventOutcome> {
      const parsed = EventPayloadSchema.safeParse(body);
      if (!parsed.success) return drop('schema', { dongleSn, issue: parsed.error.issues[0]?.message });
      const e = parsed.data;
      if (e.ts > now() + MAX_CLOCK_SKEW_MS) return drop('future', { dongleSn, ts: e.ts });
      const source = await sourceOf(dongleSn, e.deviceSn);
      if (!source) return drop('foreignDevice', { dongleSn, device: e.deviceSn });
      const outcome = await apply(source, e);
      counters[outcome]++;
      return outcome;
    },
    stats: () => ({ ...counters }),
  };
}
export type AlarmEvents = ReturnType<typeof createAlarmEvents>;
