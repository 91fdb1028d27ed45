import { FIRMWARE_TARGET } from '@pvstar/contract/firmware';
import type { CommandResultPayload } from '@pvstar/contract/mqtt';
import { withParams } from '@pvstar/contract/validation';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import {
  devices,
  dongles,
  firmwarePrograms,
  upgradeDeviceEvents,
  upgradeTaskDevices,
  upgradeTasks,
} from '../../db/schema/index.ts';
import { emitWebhookEvents } from '../../domain/webhook-events.ts';

/** The device's own words, stored as they are (a bar would read as a message key with parameters). */
const deviceWords = (error: string | undefined) => (error ?? 'failed').replaceAll('|', '/').slice(0, 500);

/**
 * A dongle's answer to a firmware.upgrade command: download progress, then success (the device's
 * version changes) or failure with the device's reason. Only a command sent to that very dongle counts;
 * a repeated answer changes nothing. A success after the cloud gave up is still the truth and is kept.
 */
export async function handleUpgradeResult(
  deps: { db: Db; log: Logger },
  sn: string,
  r: CommandResultPayload,
): Promise<void> {
  const { db } = deps;
  const [row] = await db
    .select({
      d: upgradeTaskDevices,
      firmwareType: firmwarePrograms.firmwareType,
      version: firmwarePrograms.version,
    })
    .from(upgradeTaskDevices)
    .innerJoin(upgradeTasks, eq(upgradeTasks.id, upgradeTaskDevices.taskId))
    .innerJoin(firmwarePrograms, eq(firmwarePrograms.id, upgradeTasks.programId))
    .where(and(eq(upgradeTaskDevices.cmdId, r.cmdId), eq(upgradeTaskDevices.dongleSn, sn)));
  if (!row) return deps.log.debug({ sn, cmdId: r.cmdId }, 'firmware result for no command of this dongle');
  const { d } = row;
  const now = new Date();

  if (r.status === 'accepted') {
    await db
      .update(upgradeTaskDevices)
      .set({ updatedAt: now })
      .where(and(eq(upgradeTaskDevices.id, d.id), eq(upgradeTaskDevices.status, 'SENT')));
    return;
  }
  if (r.status === 'progress') {
    const progress = Math.max(0, Math.min(100, Math.floor(r.progress ?? 0)));
    // The step and its history row together: a late progress cannot land after the final answer.
    await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(upgradeTaskDevices)
        .set({
          status: 'DOWNLOADING',
          progress: sql`GREATEST(${upgradeTaskDevices.progress}, ${progress})`,
          updatedAt: now,
        })
        .where(
          and(eq(upgradeTaskDevices.id, d.id), inArray(upgradeTaskDevices.status, ['SENT', 'DOWNLOADING'])),
        )
        .returning({ id: upgradeTaskDevices.id });
      if (moved)
        await tx.insert(upgradeDeviceEvents).values({ taskDeviceId: d.id, status: 'DOWNLOADING', progress });
    });
    return;
  }

  const succeeded = r.status === 'succeeded';
  const reported = typeof r.result?.version === 'string' ? r.result.version.slice(0, 32) : row.version;
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(upgradeTaskDevices)
      .set({
        status: succeeded ? 'SUCCEEDED' : 'FAILED',
        progress: succeeded ? 100 : d.progress,
        reason: succeeded ? null : deviceWords(r.error),
        tokenHash: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(upgradeTaskDevices.id, d.id),
          or(
            inArray(upgradeTaskDevices.status, ['SENT', 'DOWNLOADING']),
            // The cloud timed it out, yet the device finished after all.
            and(eq(upgradeTaskDevices.status, 'TIMED_OUT'), lt(upgradeTaskDevices.updatedAt, now)),
          ),
        ),
      )
      .returning({ id: upgradeTaskDevices.id });
    if (!moved) return;
    await emitWebhookEvents(
      tx,
      sql`SELECT ${d.plantId}::int, 'firmware.finished', jsonb_build_object('taskId', ${d.taskId}::int,
        'deviceSn', ${d.sn}::text, 'firmwareType', ${row.firmwareType}::text,
        'status', ${succeeded ? 'SUCCEEDED' : 'FAILED'}::text, 'version', ${succeeded ? reported : null}::text,
        'fromVersion', ${d.fromVersion}::text, 'reason', ${succeeded ? null : deviceWords(r.error)}::text)`,
    );
    await tx.insert(upgradeDeviceEvents).values({
      taskDeviceId: d.id,
      status: succeeded ? 'SUCCEEDED' : 'FAILED',
      progress: succeeded ? 100 : null,
      detail: succeeded ? withParams('upgrade.succeeded', { version: reported }) : deviceWords(r.error),
    });
    if (!succeeded) return;
    const target = FIRMWARE_TARGET[row.firmwareType];
    if (target.kind === 'DONGLE') {
      await tx.update(dongles).set({ version: reported }).where(eq(dongles.id, d.dongleId));
    } else if (d.deviceId !== null) {
      await tx
        .update(devices)
        .set({
          versions: sql`${devices.versions} || jsonb_build_object(${target.versionKey}::text, ${reported}::text)`,
        })
        .where(eq(devices.id, d.deviceId));
    }
  });
}
