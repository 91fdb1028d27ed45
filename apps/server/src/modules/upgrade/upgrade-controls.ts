import type { UpgradeTaskStatus } from '@pvstar/contract/firmware';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  organizations,
  upgradeDeviceEvents,
  upgradeTaskDevices,
  upgradeTasks,
} from '../../db/schema/index.ts';
import { scopePredicate } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';
import type { UpgradeDeps } from './upgrade.service.ts';

/** A task's life after it is made: pausing, resuming, cancelling and retrying, each in the caller's scope. */

/** Tasks a caller sees: those of organisations in their data scope. */
export const taskScope = (caller: Caller): SQL =>
  scopePredicate(caller, {
    orgPath: organizations.path,
    orgId: upgradeTasks.orgId,
    ownerId: upgradeTasks.createdBy,
  });

/** A task in the caller's scope, or 404. */
export async function visibleTask(db: Db, caller: Caller, id: number) {
  const [row] = await db
    .select({ task: upgradeTasks })
    .from(upgradeTasks)
    .innerJoin(organizations, eq(organizations.id, upgradeTasks.orgId))
    .where(and(eq(upgradeTasks.id, id), taskScope(caller)));
  if (!row) throw notFound();
  return row.task;
}

/** Moves a task from one of `from` to `to`; anything else is a 409 naming the current status. */
async function transition(
  db: Db,
  caller: Caller,
  id: number,
  from: UpgradeTaskStatus[],
  apply: (task: typeof upgradeTasks.$inferSelect) => Partial<typeof upgradeTasks.$inferSelect>,
  lang: Lang,
  action: 'pause' | 'resume' | 'cancel',
  ip: string,
) {
  const task = await visibleTask(db, caller, id);
  if (!from.includes(task.status))
    throw new AppError(409, 'upgrade.badState', {
      status: translate(lang, `upgrade.status.${task.status}`),
    });
  const [moved] = await db
    .update(upgradeTasks)
    .set(apply(task))
    .where(and(eq(upgradeTasks.id, id), eq(upgradeTasks.status, task.status)))
    .returning({ id: upgradeTasks.id });
  if (!moved) throw new AppError(409, 'conflict');
  await audit(db, caller, { action: `upgrade.${action}`, targetType: 'upgradeTask', targetId: id, ip });
  return task;
}

/** Pausing, resuming and cancelling a task. */
export function createUpgradeControls({ db }: UpgradeDeps) {
  return {
    pause: (caller: Caller, id: number, lang: Lang, ip: string) =>
      transition(db, caller, id, ['SCHEDULED', 'RUNNING'], () => ({ status: 'PAUSED' }), lang, 'pause', ip),

    /** Resuming a halted task is the user's decision to release the rest despite the first batch. */
    resume: (caller: Caller, id: number, lang: Lang, ip: string) =>
      transition(
        db,
        caller,
        id,
        ['PAUSED', 'HALTED'],
        (t) => ({
          status: t.startAt.getTime() > Date.now() ? 'SCHEDULED' : 'RUNNING',
          statusReason: null,
          stage: t.status === 'HALTED' ? 2 : t.stage,
        }),
        lang,
        'resume',
        ip,
      ),

    async cancel(caller: Caller, id: number, lang: Lang, ip: string) {
      await transition(
        db,
        caller,
        id,
        ['SCHEDULED', 'RUNNING', 'PAUSED', 'HALTED'],
        () => ({
          status: 'CANCELLED',
          statusReason: `upgrade.cancelledBy|${JSON.stringify({ user: caller.username })}`,
          finishedAt: new Date(),
        }),
        lang,
        'cancel',
        ip,
      );
      // Devices already told keep going (a flash cannot be stopped halfway); the queue is dropped.
      const dropped = await db
        .update(upgradeTaskDevices)
        .set({ status: 'CANCELLED', updatedAt: new Date() })
        .where(and(eq(upgradeTaskDevices.taskId, id), eq(upgradeTaskDevices.status, 'QUEUED')))
        .returning({ id: upgradeTaskDevices.id });
      if (dropped.length)
        await db
          .insert(upgradeDeviceEvents)
          .values(dropped.map((d) => ({ taskDeviceId: d.id, status: 'CANCELLED' as const })));
    },
  };
}

/** Queueing a task's failed and timed-out devices again. */
export function createUpgradeRetry({ db }: UpgradeDeps) {
  return {
    async retry(caller: Caller, body: { id: number; deviceIds?: number[] }, lang: Lang, ip: string) {
      const task = await visibleTask(db, caller, body.id);
      if (task.status === 'CANCELLED')
        throw new AppError(409, 'upgrade.badState', { status: translate(lang, 'upgrade.status.CANCELLED') });
      const again = await db.transaction(async (tx) => {
        const rows = await tx
          .update(upgradeTaskDevices)
          .set({
            status: 'QUEUED',
            progress: 0,
            reason: null,
            cmdId: null,
            tokenHash: null,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(upgradeTaskDevices.taskId, task.id),
              inArray(upgradeTaskDevices.status, ['FAILED', 'TIMED_OUT']),
              body.deviceIds ? inArray(upgradeTaskDevices.id, body.deviceIds) : undefined,
            ),
          )
          .returning({ id: upgradeTaskDevices.id, batch: upgradeTaskDevices.batch });
        if (!rows.length) throw new AppError(409, 'upgrade.nothingToRetry');
        await tx
          .insert(upgradeDeviceEvents)
          .values(rows.map((r) => ({ taskDeviceId: r.id, status: 'QUEUED' as const })));
        if (task.status === 'COMPLETED' || task.status === 'HALTED')
          await tx
            .update(upgradeTasks)
            .set({ status: 'RUNNING', statusReason: null, finishedAt: null })
            .where(eq(upgradeTasks.id, task.id));
        return rows.length;
      });
      await audit(db, caller, {
        action: 'upgrade.retry',
        targetType: 'upgradeTask',
        targetId: task.id,
        detail: { devices: again },
        ip,
      });
      return { count: again };
    },
  };
}
