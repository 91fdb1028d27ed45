import { createHash, randomBytes } from 'node:crypto';
import {
  DOWNLOAD_TOKEN_TTL_MS,
  type FirmwareManifest,
  UPGRADE_SILENCE_TIMEOUT_MS,
} from '@pvstar/contract/firmware';
import { withParams } from '@pvstar/contract/validation';
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/rows.ts';
import {
  firmwareFiles,
  firmwarePrograms,
  manufacturerKeys,
  upgradeDeviceEvents,
  upgradeTaskDevices,
  upgradeTasks,
} from '../../db/schema/index.ts';
import { CMD_PREFIX, type CommandPublisher } from '../../domain/commands.ts';

/** Devices told at once per task: enough to move a fleet, few enough not to flood our download route. */
const MAX_IN_FLIGHT_PER_TASK = 50;
/** How long a dongle has to pick up a firmware command (it is queued for it while it is away). */
const COMMAND_TTL_MS = 10 * 60_000;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface DispatcherDeps {
  db: Db;
  log: Logger;
  publish: CommandPublisher;
  /** Where dongles download from, e.g. https://portal.example.com. */
  publicUrl: () => string;
  now?: () => number;
}

/**
 * One pass over the upgrade tasks: start scheduled ones, time out silent devices, send the next devices
 * of each running task (never two images to one dongle at once), open the second stage when the first
 * batch did well enough (or halt), and finish tasks with nothing left.
 */
export async function dispatchUpgrades(deps: DispatcherDeps): Promise<{ sent: number }> {
  const { db } = deps;
  const now = new Date(deps.now?.() ?? Date.now());
  await db
    .update(upgradeTasks)
    .set({ status: 'RUNNING' })
    .where(and(eq(upgradeTasks.status, 'SCHEDULED'), lte(upgradeTasks.startAt, now)));

  const silent = await db
    .update(upgradeTaskDevices)
    .set({
      status: 'TIMED_OUT',
      reason: withParams('upgrade.silence', { minutes: UPGRADE_SILENCE_TIMEOUT_MS / 60_000 }),
      tokenHash: null,
      updatedAt: now,
    })
    .where(
      and(
        inArray(upgradeTaskDevices.status, ['SENT', 'DOWNLOADING']),
        lt(upgradeTaskDevices.updatedAt, new Date(now.getTime() - UPGRADE_SILENCE_TIMEOUT_MS)),
      ),
    )
    .returning({ id: upgradeTaskDevices.id, reason: upgradeTaskDevices.reason });
  if (silent.length)
    await db
      .insert(upgradeDeviceEvents)
      .values(silent.map((s) => ({ taskDeviceId: s.id, status: 'TIMED_OUT' as const, detail: s.reason })));

  const running = await db
    .select({
      task: upgradeTasks,
      programRollback: firmwarePrograms.rollbackReason,
      manifest: firmwareFiles.manifest,
      signature: firmwareFiles.signature,
      keyFingerprint: manufacturerKeys.fingerprint,
      keyRetiredAt: manufacturerKeys.retiredAt,
    })
    .from(upgradeTasks)
    .innerJoin(firmwarePrograms, eq(firmwarePrograms.id, upgradeTasks.programId))
    .innerJoin(firmwareFiles, eq(firmwareFiles.id, firmwarePrograms.fileId))
    .leftJoin(manufacturerKeys, eq(manufacturerKeys.id, firmwareFiles.keyId))
    .where(eq(upgradeTasks.status, 'RUNNING'))
    .orderBy(asc(upgradeTasks.id));

  let sent = 0;
  const halt = (taskId: number, reason: string) =>
    db
      .update(upgradeTasks)
      .set({ status: 'HALTED', statusReason: reason })
      .where(and(eq(upgradeTasks.id, taskId), eq(upgradeTasks.status, 'RUNNING')));
  for (const r of running) {
    // A key retired while the task runs, an image from before signatures or manifests, a rollback mark
    // withdrawn since the task was made: nothing more goes out.
    if (!r.signature || !r.keyFingerprint) {
      await halt(r.task.id, 'firmware.unsigned');
      continue;
    }
    if (r.keyRetiredAt) {
      await halt(r.task.id, 'firmware.keyRetired');
      continue;
    }
    if (!r.manifest) {
      await halt(r.task.id, 'firmware.noManifest');
      continue;
    }
    if (r.task.rollbackReason !== null && r.programRollback === null) {
      await halt(r.task.id, 'upgrade.rollbackWithdrawn');
      continue;
    }
    sent += await sendNext(
      deps,
      { task: r.task, manifest: r.manifest, signature: r.signature, keyId: r.keyFingerprint },
      now,
    );
    await gate(db, r.task, now);
  }
  return { sent };
}

async function sendNext(
  deps: DispatcherDeps,
  r: {
    task: typeof upgradeTasks.$inferSelect;
    manifest: FirmwareManifest;
    signature: string;
    keyId: string;
  },
  now: Date,
): Promise<number> {
  const { db } = deps;
  const [{ inFlight }] = (await db
    .select({ inFlight: sql<number>`count(*)::int` })
    .from(upgradeTaskDevices)
    .where(
      and(
        eq(upgradeTaskDevices.taskId, r.task.id),
        inArray(upgradeTaskDevices.status, ['SENT', 'DOWNLOADING']),
      ),
    )) as [{ inFlight: number }];
  const room = MAX_IN_FLIGHT_PER_TASK - inFlight;
  if (room <= 0) return 0;
  // Claimed in one statement (SKIP LOCKED), so two job processes never send the same device twice.
  const rows = await sqlRows<{ id: number; sn: string; dongle_sn: string }>(
    db,
    sql`
    WITH next AS (
      SELECT d.id, d.dongle_id, d.batch FROM upgrade_task_devices d
      WHERE d.task_id = ${r.task.id} AND d.status = 'QUEUED' AND d.batch <= ${r.task.stage}
        AND NOT EXISTS (
          SELECT 1 FROM upgrade_task_devices busy
          WHERE busy.dongle_id = d.dongle_id AND busy.status IN ('SENT', 'DOWNLOADING'))
      ORDER BY d.batch, d.id
      LIMIT ${room}
      FOR UPDATE SKIP LOCKED
    ), one_per_dongle AS (
      SELECT DISTINCT ON (dongle_id) id FROM next ORDER BY dongle_id, batch, id
    )
    UPDATE upgrade_task_devices d SET status = 'SENT', attempts = d.attempts + 1,
      sent_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz,
      progress = 0, reason = NULL
    FROM one_per_dongle WHERE d.id = one_per_dongle.id
    RETURNING d.id, d.sn, d.dongle_sn`,
  );
  for (const d of rows) {
    // The link works with this token only, once, for a while; we keep its hash, never the token.
    const token = randomBytes(32).toString('base64url');
    const cmdId = `${CMD_PREFIX.firmware}${randomBytes(16).toString('hex')}`;
    await db
      .update(upgradeTaskDevices)
      .set({
        cmdId,
        tokenHash: tokenHash(token),
        tokenUsedAt: null,
        tokenExpiresAt: new Date(now.getTime() + DOWNLOAD_TOKEN_TTL_MS),
      })
      .where(eq(upgradeTaskDevices.id, d.id));
    await db.insert(upgradeDeviceEvents).values({
      taskDeviceId: d.id,
      status: 'SENT',
      detail: withParams('upgrade.sent', { dongle: d.dongle_sn }),
    });
    deps.publish(d.dongle_sn, {
      cmdId,
      type: 'firmware.upgrade',
      // What the image is travels only inside the signed manifest: the device reads nothing else.
      body: {
        deviceSn: d.sn,
        url: `${deps.publicUrl()}/iot/firmware/download?token=${token}`,
        manifest: r.manifest,
        signature: r.signature,
        keyId: r.keyId,
        rollback: r.task.rollbackReason !== null,
      },
      expiresAt: now.getTime() + COMMAND_TTL_MS,
    });
  }
  return rows.length;
}

/** Opens stage 2 or halts after the first batch; completes a task with nothing left to do. */
async function gate(db: Db, task: typeof upgradeTasks.$inferSelect, now: Date) {
  const rows = await db
    .select({
      batch: upgradeTaskDevices.batch,
      status: upgradeTaskDevices.status,
      n: sql<number>`count(*)::int`,
    })
    .from(upgradeTaskDevices)
    .where(eq(upgradeTaskDevices.taskId, task.id))
    .groupBy(upgradeTaskDevices.batch, upgradeTaskDevices.status);
  const open = (batch?: number) =>
    rows
      .filter(
        (r) =>
          (batch === undefined || r.batch === batch) && ['QUEUED', 'SENT', 'DOWNLOADING'].includes(r.status),
      )
      .reduce((s, r) => s + r.n, 0);
  if (task.stage === 1) {
    if (open(1) > 0) return;
    const first = rows.filter((r) => r.batch === 1);
    const total = first.reduce((s, r) => s + r.n, 0);
    const ok = first.filter((r) => r.status === 'SUCCEEDED').reduce((s, r) => s + r.n, 0);
    const rate = total ? Math.round((ok * 1000) / total) / 10 : 0;
    if (rate >= task.successThreshold) {
      await db
        .update(upgradeTasks)
        .set({ stage: 2 })
        .where(and(eq(upgradeTasks.id, task.id), eq(upgradeTasks.stage, 1)));
      return;
    }
    await db
      .update(upgradeTasks)
      .set({
        status: 'HALTED',
        statusReason: withParams('upgrade.halted', { rate, threshold: task.successThreshold }),
      })
      .where(and(eq(upgradeTasks.id, task.id), eq(upgradeTasks.status, 'RUNNING')));
    return;
  }
  if (open() > 0) return;
  await db
    .update(upgradeTasks)
    .set({ status: 'COMPLETED', finishedAt: now })
    .where(and(eq(upgradeTasks.id, task.id), eq(upgradeTasks.status, 'RUNNING')));
}
