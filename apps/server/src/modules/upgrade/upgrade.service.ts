import type { PageQuery } from '@pvstar/contract/api';
import {
  FIRMWARE_TARGET,
  isDowngrade,
  type UpgradeCandidateRow,
  type UpgradeCounts,
  type UpgradeDeviceRow,
  type UpgradeDeviceStatus,
  type UpgradeHistoryRow,
  type UpgradeTaskAddBody,
  type UpgradeTaskPageBody,
  type UpgradeTaskRow,
} from '@pvstar/contract/firmware';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { parseMessage } from '@pvstar/contract/validation';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { contains, pageWindow } from '../../db/lists.ts';
import {
  firmwarePrograms,
  manufacturers,
  organizations,
  plants,
  upgradeDeviceEvents,
  upgradeTaskDevices,
  upgradeTasks,
} from '../../db/schema/index.ts';
import type { Caller } from '../../http/access.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';
import { rollbackMarkOf } from '../firmware/firmware.service.ts';
import { findCandidates, inScope, type UsableProgram, usableProgram } from './upgrade.candidates.ts';
import { createUpgradeControls, createUpgradeRetry, taskScope, visibleTask } from './upgrade-controls.ts';

export async function taskCounts(db: Db, taskIds: number[]): Promise<Map<number, UpgradeCounts>> {
  const out = new Map<number, UpgradeCounts>();
  if (!taskIds.length) return out;
  const rows = await db
    .select({
      taskId: upgradeTaskDevices.taskId,
      status: upgradeTaskDevices.status,
      n: sql<number>`count(*)::int`,
    })
    .from(upgradeTaskDevices)
    .where(inArray(upgradeTaskDevices.taskId, taskIds))
    .groupBy(upgradeTaskDevices.taskId, upgradeTaskDevices.status);
  for (const id of taskIds)
    out.set(id, { total: 0, queued: 0, running: 0, succeeded: 0, failed: 0, timedOut: 0, cancelled: 0 });
  for (const r of rows) {
    const c = out.get(r.taskId)!;
    c.total += r.n;
    const key: keyof UpgradeCounts =
      r.status === 'QUEUED'
        ? 'queued'
        : r.status === 'SUCCEEDED'
          ? 'succeeded'
          : r.status === 'FAILED'
            ? 'failed'
            : r.status === 'TIMED_OUT'
              ? 'timedOut'
              : r.status === 'CANCELLED'
                ? 'cancelled'
                : 'running';
    c[key] += r.n;
  }
  return out;
}

/** A stored reason: a message key with parameters (`key|{json}`), translated for the reader. */
export const readReason = (stored: string | null, lang: Lang) => {
  if (!stored) return null;
  const { key, params } = parseMessage(stored);
  return translate(lang, key, params);
};

export type UpgradeDeps = Pick<AppContext, 'db'>;

/** Upgrade tasks: candidates, creation in stages, control, and the detail page's lists. */
export function createUpgradeService(deps: UpgradeDeps) {
  return {
    ...createUpgradeTaskAdd(deps),
    ...createUpgradeTaskReads(deps),
    ...createUpgradeDeviceReads(deps),
    ...createUpgradeControls(deps),
    ...createUpgradeRetry(deps),
  };
}
export type UpgradeService = ReturnType<typeof createUpgradeService>;

type Candidate = Awaited<ReturnType<typeof findCandidates>>['list'][number];

async function taskRows(
  db: Db,
  where: SQL | undefined,
  window: { limit: number; offset: number },
  lang: Lang,
) {
  const rows = await db
    .select({
      task: upgradeTasks,
      manufacturer: manufacturers.name,
      firmwareType: firmwarePrograms.firmwareType,
      version: firmwarePrograms.version,
    })
    .from(upgradeTasks)
    .innerJoin(organizations, eq(organizations.id, upgradeTasks.orgId))
    .innerJoin(firmwarePrograms, eq(firmwarePrograms.id, upgradeTasks.programId))
    .innerJoin(manufacturers, eq(manufacturers.id, firmwarePrograms.manufacturerId))
    .where(where)
    .orderBy(desc(upgradeTasks.id))
    .limit(window.limit)
    .offset(window.offset);
  const counts = await taskCounts(
    db,
    rows.map((r) => r.task.id),
  );
  return rows.map((r) => toTaskRow(r, counts.get(r.task.id)!, lang));
}

/** A task as the list and the detail show it. */
const toTaskRow = (
  {
    task: t,
    ...p
  }: {
    task: typeof upgradeTasks.$inferSelect;
    manufacturer: string;
    firmwareType: UpgradeTaskRow['firmwareType'];
    version: string;
  },
  counts: UpgradeCounts,
  lang: Lang,
): UpgradeTaskRow => ({
  id: t.id,
  name: t.name,
  programId: t.programId,
  manufacturer: p.manufacturer,
  firmwareType: p.firmwareType,
  version: p.version,
  status: t.status,
  statusReason: readReason(t.statusReason, lang),
  startAt: t.startAt.toISOString(),
  firstBatchPercent: t.firstBatchPercent,
  successThreshold: t.successThreshold,
  stage: t.stage,
  counts,
  remark: t.remark,
  rollback: rollbackMarkOf(t),
  createdBy: t.createdByName,
  createTime: t.createdAt.toISOString(),
  finishTime: t.finishedAt?.toISOString() ?? null,
});

/**
 * The task's devices, each a candidate of the program in the caller's scope (404 outside it, 422 in it but
 * unsuitable), and those it would take back to an older version (refused unless marked as a rollback).
 */
async function checkTargets(db: Db, caller: Caller, program: UsableProgram, targetIds: number[]) {
  const found = await findCandidates(db, caller, program, { ids: targetIds });
  const byId = new Map(found.list.map((c) => [c.id, c]));
  const missing = targetIds.filter((id) => !byId.has(id));
  if (missing.length) {
    const visible = await inScope(db, caller, FIRMWARE_TARGET[program.firmwareType].kind, missing);
    // Outside the scope: as if it did not exist. In scope but unsuitable: say which one.
    const firstVisible = missing.find((id) => visible.has(id));
    if (firstVisible === undefined) throw notFound();
    throw invalidField('targetIds', 'upgrade.notCandidate', 422, { sn: visible.get(firstVisible)! });
  }
  // Anti-rollback: going back to an older version is a provider's decision, marked on the program.
  const back = targetIds
    .map((id) => byId.get(id)!)
    .filter((c) => isDowngrade(program.version, c.currentVersion));
  if (back.length && program.rollbackReason === null)
    throw invalidField('targetIds', 'upgrade.downgrade', 422, {
      sn: back[0]!.sn,
      current: back[0]!.currentVersion!,
      version: program.version,
    });
  return { byId, back };
}

/** The task, its devices (the first batch first) and their first event, in one transaction. */
async function insertTask(
  tx: Tx,
  caller: Caller,
  program: UsableProgram,
  body: UpgradeTaskAddBody,
  plan: { byId: Map<number, Candidate>; startAt: Date; first: number },
) {
  const { byId, startAt, first } = plan;
  const n = body.targetIds.length;
  const isDongle = FIRMWARE_TARGET[program.firmwareType].kind === 'DONGLE';
  const [task] = await tx
    .insert(upgradeTasks)
    .values({
      name: body.name,
      programId: program.id,
      orgId: caller.orgId,
      status: startAt.getTime() > Date.now() ? 'SCHEDULED' : 'RUNNING',
      startAt,
      firstBatchPercent: body.firstBatchPercent,
      successThreshold: body.successThreshold,
      stage: first >= n ? 2 : 1,
      remark: body.remark ?? null,
      createdBy: caller.userId,
      createdByName: caller.username,
      rollbackReason: program.rollbackReason,
      rollbackByName: program.rollbackByName,
      rollbackAt: program.rollbackAt,
    })
    .returning({ id: upgradeTasks.id });
  const rows = await tx
    .insert(upgradeTaskDevices)
    .values(
      body.targetIds.map((targetId, i) => {
        const c = byId.get(targetId)!;
        return {
          taskId: task!.id,
          deviceId: isDongle ? null : c.id,
          dongleId: c.dongleId,
          plantId: c.plantId,
          sn: c.sn,
          dongleSn: c.dongleSn,
          batch: i < first ? 1 : 2,
          fromVersion: c.currentVersion,
        };
      }),
    )
    .returning({ id: upgradeTaskDevices.id });
  await tx
    .insert(upgradeDeviceEvents)
    .values(rows.map((r) => ({ taskDeviceId: r.id, status: 'QUEUED' as const })));
  return task!.id;
}

/** A program's candidates, and a task of some of them. */
function createUpgradeTaskAdd({ db }: UpgradeDeps) {
  return {
    async candidates(
      caller: Caller,
      q: PageQuery,
      body: { programId: number; plantId?: number; sn?: string },
    ): Promise<{ total: number; list: UpgradeCandidateRow[] }> {
      const program = await usableProgram(db, caller, body.programId);
      const { total, list } = await findCandidates(db, caller, program, body, pageWindow(q));
      return { total, list: list.map(({ dongleId: _d, dongleSn: _s, ...r }) => r) };
    },

    async add(caller: Caller, body: UpgradeTaskAddBody, ip: string) {
      const program = await usableProgram(db, caller, body.programId);
      if (program.status !== 'ENABLED') throw invalidField('programId', 'firmware.disabled', 422);
      // Only an image its manufacturer signed with a key still in force goes out (decision in docs/security.md).
      if (program.keyId === null) throw invalidField('programId', 'firmware.unsigned', 422);
      if (program.manifest === null) throw invalidField('programId', 'firmware.noManifest', 422);
      if (program.keyRetiredAt !== null) throw invalidField('programId', 'firmware.keyRetired', 422);
      const { byId, back } = await checkTargets(db, caller, program, body.targetIds);
      const startAt = body.startAt ? new Date(body.startAt) : new Date();
      const n = body.targetIds.length;
      const first =
        body.firstBatchPercent >= 100 ? n : Math.max(1, Math.ceil((n * body.firstBatchPercent) / 100));
      const id = await db.transaction((tx) =>
        insertTask(tx, caller, program, body, { byId, startAt, first }),
      );
      await audit(db, caller, {
        action: 'upgrade.add',
        targetType: 'upgradeTask',
        targetId: id,
        detail: {
          programId: program.id,
          version: program.version,
          devices: n,
          firstBatch: first,
          rollback: program.rollbackReason,
          downgrades: back.length,
          downgraded: back.slice(0, 50).map((c) => ({ sn: c.sn, from: c.currentVersion })),
        },
        ip,
      });
      return { id };
    },
  };
}

/** The task list and one task. */
function createUpgradeTaskReads({ db }: UpgradeDeps) {
  return {
    async page(caller: Caller, q: PageQuery, f: UpgradeTaskPageBody, lang: Lang) {
      const where = and(
        taskScope(caller),
        contains(upgradeTasks.name, f.name),
        f.status ? eq(upgradeTasks.status, f.status) : undefined,
        f.firmwareType ? eq(firmwarePrograms.firmwareType, f.firmwareType) : undefined,
      );
      const [{ total }] = (await db
        .select({ total: sql<number>`count(*)::int` })
        .from(upgradeTasks)
        .innerJoin(organizations, eq(organizations.id, upgradeTasks.orgId))
        .innerJoin(firmwarePrograms, eq(firmwarePrograms.id, upgradeTasks.programId))
        .where(where)) as [{ total: number }];
      return { total, list: await taskRows(db, where, pageWindow(q), lang) };
    },

    async detail(caller: Caller, id: number, lang: Lang) {
      const [row] = await taskRows(
        db,
        and(eq(upgradeTasks.id, id), taskScope(caller)),
        { limit: 1, offset: 0 },
        lang,
      );
      if (!row) throw notFound();
      return row;
    },
  };
}

/** A task's devices and one device's history. */
function createUpgradeDeviceReads({ db }: UpgradeDeps) {
  return {
    async devices(
      caller: Caller,
      q: PageQuery,
      body: { taskId: number; status?: UpgradeDeviceStatus; sn?: string },
      lang: Lang,
    ): Promise<{ total: number; list: UpgradeDeviceRow[] }> {
      const task = await visibleTask(db, caller, body.taskId);
      const [program] = await db
        .select({ version: firmwarePrograms.version })
        .from(firmwarePrograms)
        .where(eq(firmwarePrograms.id, task.programId));
      const where = and(
        eq(upgradeTaskDevices.taskId, task.id),
        body.status ? eq(upgradeTaskDevices.status, body.status) : undefined,
        contains(upgradeTaskDevices.sn, body.sn),
      );
      const [{ total }] = (await db
        .select({ total: sql<number>`count(*)::int` })
        .from(upgradeTaskDevices)
        .where(where)) as [{ total: number }];
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select({ d: upgradeTaskDevices, plantName: plants.name })
        .from(upgradeTaskDevices)
        .innerJoin(plants, eq(plants.id, upgradeTaskDevices.plantId))
        .where(where)
        .orderBy(asc(upgradeTaskDevices.batch), asc(upgradeTaskDevices.sn))
        .limit(limit)
        .offset(offset);
      return {
        total,
        list: rows.map(({ d, plantName }) => ({
          id: d.id,
          sn: d.sn,
          plantId: d.plantId,
          plantName,
          batch: d.batch,
          status: d.status,
          progress: d.progress,
          fromVersion: d.fromVersion,
          toVersion: program!.version,
          reason: readReason(d.reason, lang),
          attempts: d.attempts,
          updateTime: d.updatedAt.toISOString(),
        })),
      };
    },

    async history(caller: Caller, taskDeviceId: number, lang: Lang): Promise<UpgradeHistoryRow[]> {
      const [row] = await db
        .select({ taskId: upgradeTaskDevices.taskId })
        .from(upgradeTaskDevices)
        .where(eq(upgradeTaskDevices.id, taskDeviceId));
      if (!row) throw notFound();
      await visibleTask(db, caller, row.taskId);
      const events = await db
        .select()
        .from(upgradeDeviceEvents)
        .where(eq(upgradeDeviceEvents.taskDeviceId, taskDeviceId))
        .orderBy(asc(upgradeDeviceEvents.id));
      return events.map((e) => ({
        at: e.at.toISOString(),
        status: e.status,
        progress: e.progress,
        detail: readReason(e.detail, lang),
      }));
    },
  };
}
