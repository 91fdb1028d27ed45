import type { PageQuery, PageResult } from '@pvstar/contract/api';
import type {
  FirmwareAddBody,
  FirmwareEditBody,
  FirmwarePageBody,
  FirmwareRollbackBody,
  FirmwareRow,
  FirmwareStatus,
  RollbackMark,
} from '@pvstar/contract/firmware';
import { SERIAL } from '@pvstar/contract/mqtt';
import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { contains, pageWindow } from '../../db/lists.ts';
import {
  firmwareFiles,
  firmwareProgramSns,
  firmwarePrograms,
  manufacturerKeys,
  manufacturers,
  organizations,
  upgradeTasks,
  users,
} from '../../db/schema/index.ts';
import { inSubtree, pathIds, pathInSubtree } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, conflict, forbidden, invalidField, notFound } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';
import { removeStoredFiles } from './firmware.files.ts';

/**
 * Firmware programs belong to the organisation that added it. That organisation and its
 * sub-organisations see it; only they change it. Programs of the caller's ancestors are visible too
 * (a dealer's installers use the provider's images) but read-only for the caller.
 */

const versionTaken = () => conflict('firmware.versionTaken', 'version');
const inUse = (count: number) => new AppError(409, 'firmware.inUse', { count });

/**
 * Programs of the caller's organisation, its sub-organisations, or its ancestors (needs `organizations`
 * joined on the program's organisation). Upgrade tasks use the same rule.
 */
export function visible(caller: Caller): SQL {
  const ancestors = pathIds(caller.orgPath);
  return or(
    inSubtree(organizations.path, caller.orgPath),
    ancestors.length ? inArray(firmwarePrograms.orgId, ancestors) : undefined,
  ) as SQL;
}

const isEditable = (caller: Caller, orgPath: string) => pathInSubtree(orgPath, caller.orgPath);

/** A program's (or task's) rollback mark as the API shows it. */
export const rollbackMarkOf = (row: {
  rollbackReason: string | null;
  rollbackByName: string | null;
  rollbackAt: Date | null;
}): RollbackMark | null =>
  row.rollbackReason
    ? {
        reason: row.rollbackReason,
        markedBy: row.rollbackByName ?? '',
        markedAt: row.rollbackAt?.toISOString() ?? '',
      }
    : null;

const columns = {
  program: firmwarePrograms,
  manufacturer: manufacturers.name,
  orgPath: organizations.path,
  fileName: firmwareFiles.fileName,
  size: firmwareFiles.size,
  sha256: firmwareFiles.sha256,
  manifest: firmwareFiles.manifest,
  keyFingerprint: manufacturerKeys.fingerprint,
  keyRetiredAt: manufacturerKeys.retiredAt,
  taskCount: sql<number>`(SELECT count(*)::int FROM upgrade_tasks t WHERE t.program_id = ${firmwarePrograms.id})`,
  supportedCount: sql<number>`(SELECT count(*)::int FROM firmware_program_sns s WHERE s.program_id = ${firmwarePrograms.id})`,
};

export type FirmwareDeps = Pick<AppContext, 'db' | 'config'>;

/** The firmware programs: their list, adding one from a signed upload, its changes and its removal. */
export function createFirmwareService(deps: FirmwareDeps) {
  return {
    ...createFirmwareList(deps),
    ...createFirmwareAdd(deps),
    ...createFirmwareEdits(deps),
    ...createFirmwareRemoval(deps),
  };
}
export type FirmwareService = ReturnType<typeof createFirmwareService>;

const select = (db: Db) =>
  db
    .select(columns)
    .from(firmwarePrograms)
    .innerJoin(organizations, eq(organizations.id, firmwarePrograms.orgId))
    .innerJoin(manufacturers, eq(manufacturers.id, firmwarePrograms.manufacturerId))
    .innerJoin(firmwareFiles, eq(firmwareFiles.id, firmwarePrograms.fileId))
    .leftJoin(manufacturerKeys, eq(manufacturerKeys.id, firmwareFiles.keyId));

type ProgramRow = Awaited<ReturnType<typeof select>>[number];

/** A program as the list shows it; editable by the caller's organisation and those above it. */
const toFirmwareRow = (r: ProgramRow, caller: Caller): FirmwareRow => ({
  id: r.program.id,
  manufacturerId: r.program.manufacturerId,
  manufacturer: r.manufacturer,
  firmwareType: r.program.firmwareType,
  version: r.program.version,
  status: r.program.status,
  description: r.program.description,
  descriptions: r.program.descriptions,
  supportAll: r.program.supportAll,
  supportedCount: Number(r.supportedCount),
  fileName: r.fileName,
  size: r.size,
  sha256: r.sha256,
  keyFingerprint: r.keyFingerprint,
  keyRetired: r.keyRetiredAt !== null,
  models: r.manifest?.models ?? null,
  rollback: rollbackMarkOf(r.program),
  taskCount: Number(r.taskCount),
  createdBy: r.program.createdByName,
  createTime: r.program.createdAt.toISOString(),
  editable: isEditable(caller, r.orgPath),
});

/** A program the caller may change: unknown or invisible is 404, a parent organisation's is 403. */
async function getEditable(db: Db, caller: Caller, id: number) {
  const [row] = await db
    .select({ program: firmwarePrograms, orgPath: organizations.path })
    .from(firmwarePrograms)
    .innerJoin(organizations, eq(organizations.id, firmwarePrograms.orgId))
    .where(and(eq(firmwarePrograms.id, id), visible(caller)));
  if (!row) throw notFound();
  if (!isEditable(caller, row.orgPath)) throw forbidden();
  return row.program;
}

/** The name the program keeps of who added or marked it. */
async function displayName(db: Db, caller: Caller) {
  const [u] = await db
    .select({ nickname: users.nickname, name: users.name })
    .from(users)
    .where(eq(users.id, caller.userId));
  return (u?.name || u?.nickname || caller.username).slice(0, 64);
}

/** Field errors for the serial numbers of a partial program; none for "all devices". */
function checkSns(b: FirmwareAddBody): string[] {
  if (b.supportAll) return [];
  if (b.supportedSns.length === 0) throw invalidField('supportedSns', 'firmware.snRequired', 422);
  const bad = b.supportedSns.findIndex((sn) => !SERIAL.test(sn));
  if (bad >= 0) throw invalidField(`supportedSns.${bad}`, 'validation.serial', 422);
  return [...new Set(b.supportedSns)];
}

/**
 * The caller's upload for a new program, locked, and its manifest: verified with a key in force of the
 * program's manufacturer, and agreeing with what the form says.
 */
async function signedUpload(tx: Tx, caller: Caller, b: FirmwareAddBody) {
  // Locked, so that two adds racing for one upload cannot both take it.
  const [file] = await tx
    .select({ id: firmwareFiles.id, keyId: firmwareFiles.keyId, manifest: firmwareFiles.manifest })
    .from(firmwareFiles)
    .where(
      and(
        eq(firmwareFiles.id, b.fileId),
        eq(firmwareFiles.uploadedBy, caller.userId),
        sql`NOT EXISTS (SELECT 1 FROM firmware_programs p WHERE p.file_id = ${firmwareFiles.id})`,
      ),
    )
    .for('update');
  if (!file) throw invalidField('fileId', 'file.missing', 422);
  // An upload from before manifests (kept for a day): nothing says what it is.
  const manifest = file.manifest;
  if (!manifest) throw invalidField('fileId', 'firmware.noManifest', 422);
  // The manifest was verified with a key of the manufacturer the upload named; the program must
  // be that one's, and the key still in force.
  const [key] = file.keyId
    ? await tx
        .select({ manufacturerId: manufacturerKeys.manufacturerId })
        .from(manufacturerKeys)
        .where(and(eq(manufacturerKeys.id, file.keyId), isNull(manufacturerKeys.retiredAt)))
    : [];
  if (!key) throw invalidField('manifest', 'firmware.signatureInvalid');
  if (key.manufacturerId !== b.manufacturerId)
    throw invalidField('manufacturerId', 'firmware.manifestManufacturer', 400, {
      manufacturer: manifest.manufacturer,
    });
  // What the image is comes from what its manufacturer signed, never from the form.
  for (const field of ['firmwareType', 'version'] as const)
    if (b[field] !== undefined && b[field] !== manifest[field])
      throw invalidField(field, 'firmware.manifestDisagrees', 422, { value: manifest[field] });
  return manifest;
}

/** One program per manufacturer, type and version in an organisation (legacy uploads aside). */
async function checkVersionFree(
  tx: Tx,
  caller: Caller,
  manufacturerId: number,
  manifest: Pick<NonNullable<(typeof firmwareFiles.$inferSelect)['manifest']>, 'firmwareType' | 'version'>,
) {
  const [taken] = await tx
    .select({ id: firmwarePrograms.id })
    .from(firmwarePrograms)
    .where(
      and(
        eq(firmwarePrograms.manufacturerId, manufacturerId),
        eq(firmwarePrograms.firmwareType, manifest.firmwareType),
        eq(firmwarePrograms.version, manifest.version),
        eq(firmwarePrograms.orgId, caller.orgId),
        eq(firmwarePrograms.legacy, false),
      ),
    );
  if (taken) throw versionTaken();
}

function createFirmwareList({ db }: FirmwareDeps) {
  return {
    async page(caller: Caller, q: PageQuery, f: FirmwarePageBody): Promise<PageResult<FirmwareRow>> {
      const where = and(
        visible(caller),
        f.manufacturerId ? eq(firmwarePrograms.manufacturerId, f.manufacturerId) : undefined,
        f.firmwareType ? eq(firmwarePrograms.firmwareType, f.firmwareType) : undefined,
        f.status ? eq(firmwarePrograms.status, f.status) : undefined,
        contains(firmwarePrograms.version, f.version),
      );
      const { limit, offset } = pageWindow(q);
      const [[counted], rows] = await Promise.all([
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(firmwarePrograms)
          .innerJoin(organizations, eq(organizations.id, firmwarePrograms.orgId))
          .where(where),
        select(db)
          .where(where)
          .orderBy(desc(firmwarePrograms.createdAt), desc(firmwarePrograms.id))
          .limit(limit)
          .offset(offset),
      ]);
      return {
        total: counted?.total ?? 0,
        list: rows.map((r) => toFirmwareRow(r, caller)),
      };
    },
  };
}

function createFirmwareAdd({ db }: FirmwareDeps) {
  return {
    async add(caller: Caller, b: FirmwareAddBody, ip: string) {
      const sns = checkSns(b);
      const createdByName = await displayName(db, caller);
      const id = await db
        .transaction(async (tx) => {
          const [maker] = await tx
            .select({ id: manufacturers.id })
            .from(manufacturers)
            .where(eq(manufacturers.id, b.manufacturerId));
          if (!maker) throw invalidField('manufacturerId', 'basicDevice.manufacturerMissing', 422);
          const manifest = await signedUpload(tx, caller, b);
          await checkVersionFree(tx, caller, b.manufacturerId, manifest);
          const [program] = await tx
            .insert(firmwarePrograms)
            .values({
              manufacturerId: b.manufacturerId,
              firmwareType: manifest.firmwareType,
              version: manifest.version,
              status: b.status,
              description: b.description,
              descriptions: b.descriptions,
              supportAll: b.supportAll,
              fileId: b.fileId,
              orgId: caller.orgId,
              createdBy: caller.userId,
              createdByName,
            })
            .returning({ id: firmwarePrograms.id });
          const programId = program!.id;
          for (let i = 0; i < sns.length; i += 1000) {
            await tx
              .insert(firmwareProgramSns)
              .values(sns.slice(i, i + 1000).map((sn) => ({ programId, sn })));
          }
          await audit(tx, caller, {
            action: 'firmware.add',
            targetType: 'firmwareProgram',
            targetId: programId,
            detail: {
              manufacturerId: b.manufacturerId,
              firmwareType: manifest.firmwareType,
              version: manifest.version,
              models: manifest.models,
              sha256: manifest.sha256,
              status: b.status,
              fileId: b.fileId,
              supportAll: b.supportAll,
              supportedCount: sns.length,
            },
            ip,
          });
          return programId;
        })
        .catch((err) => {
          // Two adds racing for one version: the unique index decides.
          throw isUniqueViolation(err) ? versionTaken() : err;
        });
      return { id };
    },
  };
}

/** The description, the status and the rollback mark. */
function createFirmwareEdits({ db }: FirmwareDeps) {
  return {
    async edit(caller: Caller, b: FirmwareEditBody, ip: string) {
      const before = await getEditable(db, caller, b.id);
      await db.transaction(async (tx) => {
        await tx
          .update(firmwarePrograms)
          .set({ description: b.description, descriptions: b.descriptions })
          .where(eq(firmwarePrograms.id, b.id));
        await audit(tx, caller, {
          action: 'firmware.edit',
          targetType: 'firmwareProgram',
          targetId: b.id,
          detail: { version: before.version, from: before.description, description: b.description },
          ip,
        });
      });
    },

    async setStatus(caller: Caller, id: number, status: FirmwareStatus, ip: string) {
      const before = await getEditable(db, caller, id);
      await db.transaction(async (tx) => {
        await tx.update(firmwarePrograms).set({ status }).where(eq(firmwarePrograms.id, id));
        await audit(tx, caller, {
          action: 'firmware.status',
          targetType: 'firmwareProgram',
          targetId: id,
          detail: { version: before.version, from: before.status, status },
          ip,
        });
      });
    },

    /**
     * A provider administrator's rollback mark (or its withdrawal): the program may then go to devices
     * running a newer version. Only the provider organisation decides that a fleet may go back.
     */
    async setRollback(caller: Caller, b: FirmwareRollbackBody, ip: string) {
      if (caller.orgType !== 'PROVIDER') throw forbidden('firmware.rollbackProviderOnly');
      const before = await getEditable(db, caller, b.id);
      if (before.legacy) throw new AppError(422, 'firmware.noManifest');
      if (b.reason === null && before.rollbackReason === null) return;
      const byName = b.reason === null ? null : await displayName(db, caller);
      await db.transaction(async (tx) => {
        await tx
          .update(firmwarePrograms)
          .set({
            rollbackReason: b.reason,
            rollbackBy: b.reason === null ? null : caller.userId,
            rollbackByName: byName,
            rollbackAt: b.reason === null ? null : new Date(),
          })
          .where(eq(firmwarePrograms.id, b.id));
        await audit(tx, caller, {
          action: b.reason === null ? 'firmware.rollbackWithdraw' : 'firmware.rollback',
          targetType: 'firmwareProgram',
          targetId: b.id,
          detail: {
            version: before.version,
            firmwareType: before.firmwareType,
            reason: b.reason ?? before.rollbackReason,
          },
          ip,
        });
      });
    },
  };
}

function createFirmwareRemoval({ db, config }: FirmwareDeps) {
  return {
    /** The program, its serial numbers, its upload and the stored image; refused while a task uses it. */
    async remove(caller: Caller, id: number, ip: string) {
      const program = await getEditable(db, caller, id);
      const countTasks = async (q: Db) => {
        const [row] = await q
          .select({ n: sql<number>`count(*)::int` })
          .from(upgradeTasks)
          .where(eq(upgradeTasks.programId, id));
        return Number(row?.n ?? 0);
      };
      const tasks = await countTasks(db);
      if (tasks > 0) throw inUse(tasks);
      await db
        .transaction(async (tx) => {
          await tx.delete(firmwareProgramSns).where(eq(firmwareProgramSns.programId, id));
          await tx.delete(firmwarePrograms).where(eq(firmwarePrograms.id, id));
          await tx.delete(firmwareFiles).where(eq(firmwareFiles.id, program.fileId));
          await audit(tx, caller, {
            action: 'firmware.delete',
            targetType: 'firmwareProgram',
            targetId: id,
            detail: {
              manufacturerId: program.manufacturerId,
              firmwareType: program.firmwareType,
              version: program.version,
              fileId: program.fileId,
            },
            ip,
          });
        })
        .catch(async (err) => {
          // A task created meanwhile: the foreign key refuses the delete.
          if (isForeignKeyViolation(err)) throw inUse(Math.max(1, await countTasks(db)));
          throw err;
        });
      await removeStoredFiles(config, [program.fileId]);
    },
  };
}
