import { FIRMWARE_TARGET, isDowngrade } from '@pvstar/contract/firmware';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contains } from '../../db/lists.ts';
import {
  devices,
  dongles,
  firmwareFiles,
  firmwareProgramSns,
  firmwarePrograms,
  manufacturerKeys,
  manufacturers,
  organizations,
  plants,
} from '../../db/schema/index.ts';
import { plantScope } from '../../domain/plants.ts';
import type { Caller } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { visible as programVisible } from '../firmware/firmware.service.ts';

// Which devices a firmware program may go to, within a caller's scope.

/** A program the caller may use (404 otherwise). */
export async function usableProgram(db: Db, caller: Caller, id: number) {
  const [p] = await db
    .select({
      id: firmwarePrograms.id,
      firmwareType: firmwarePrograms.firmwareType,
      version: firmwarePrograms.version,
      status: firmwarePrograms.status,
      supportAll: firmwarePrograms.supportAll,
      manufacturer: manufacturers.name,
      abbreviation: manufacturers.abbreviation,
      keyId: firmwareFiles.keyId,
      keyRetiredAt: manufacturerKeys.retiredAt,
      manifest: firmwareFiles.manifest,
      rollbackReason: firmwarePrograms.rollbackReason,
      rollbackByName: firmwarePrograms.rollbackByName,
      rollbackAt: firmwarePrograms.rollbackAt,
    })
    .from(firmwarePrograms)
    .innerJoin(manufacturers, eq(manufacturers.id, firmwarePrograms.manufacturerId))
    .innerJoin(firmwareFiles, eq(firmwareFiles.id, firmwarePrograms.fileId))
    .leftJoin(manufacturerKeys, eq(manufacturerKeys.id, firmwareFiles.keyId))
    .innerJoin(organizations, eq(organizations.id, firmwarePrograms.orgId))
    .where(and(eq(firmwarePrograms.id, id), programVisible(caller)));
  if (!p) throw notFound();
  return p;
}

export type UsableProgram = Awaited<ReturnType<typeof usableProgram>>;

/**
 * The devices (or, for dongle firmware, the dongles) in the caller's scope that a program may go to:
 * the right kind, the program's manufacturer, a model its signed manifest names (the portal does not know
 * dongles' models: the dongle checks its own), and its serial-number list when it has one. None for a
 * program without a manifest. `downgrade` says the device runs a newer (or an incomparable) version.
 */
export async function findCandidates(
  db: Db,
  caller: Caller,
  program: UsableProgram,
  filter: CandidateFilter,
  window?: { limit: number; offset: number },
) {
  const { kind, versionKey } = FIRMWARE_TARGET[program.firmwareType];
  return kind === 'DONGLE'
    ? dongleCandidates(db, caller, program, filter, window)
    : deviceCandidates(db, caller, program, { kind, versionKey }, filter, window);
}

type CandidateFilter = { plantId?: number; sn?: string; ids?: number[] };

const withDowngrade = <T extends { currentVersion: string | null }>(program: UsableProgram, rows: T[]) =>
  rows.map((r) => ({ ...r, downgrade: isDowngrade(program.version, r.currentVersion) }));
/** Devices name their maker as they report it: the full name or the short one. */
const maker = (program: UsableProgram, col: SQL | typeof devices.manufacturer) =>
  sql`lower(${col}) IN (lower(${program.manufacturer}), lower(${program.abbreviation ?? program.manufacturer}))`;
/** A model the program's signed manifest names; none without a manifest. */
const fitsManifest = (program: UsableProgram) =>
  program.manifest
    ? inArray(
        sql`lower(${devices.model})`,
        program.manifest.models.map((m) => m.toLowerCase()),
      )
    : sql`false`;
/** On the program's serial-number list, unless it is for all devices. */
const supported = (program: UsableProgram, snCol: SQL | typeof devices.sn) =>
  program.supportAll
    ? undefined
    : sql`EXISTS (SELECT 1 FROM ${firmwareProgramSns} WHERE ${firmwareProgramSns.programId} = ${program.id} AND ${firmwareProgramSns.sn} = ${snCol})`;

/** Dongle firmware: the dongles with a device of the program's manufacturer. */
async function dongleCandidates(
  db: Db,
  caller: Caller,
  program: UsableProgram,
  filter: CandidateFilter,
  window?: { limit: number; offset: number },
) {
  const where = and(
    plantScope(caller),
    program.manifest ? undefined : sql`false`,
    sql`EXISTS (SELECT 1 FROM ${devices} WHERE ${devices.dongleId} = ${dongles.id} AND ${maker(program, devices.manufacturer)})`,
    supported(program, sql`${dongles.sn}`),
    filter.plantId ? eq(dongles.plantId, filter.plantId) : undefined,
    contains(dongles.sn, filter.sn),
    filter.ids ? inArray(dongles.id, filter.ids) : undefined,
  );
  const base = db
    .select({
      id: dongles.id,
      sn: dongles.sn,
      model: sql<string | null>`NULL`,
      plantId: plants.id,
      plantName: plants.name,
      status: dongles.status,
      currentVersion: dongles.version,
      dongleId: dongles.id,
      dongleSn: dongles.sn,
    })
    .from(dongles)
    .innerJoin(plants, eq(plants.id, dongles.plantId))
    .innerJoin(organizations, eq(organizations.id, plants.orgId))
    .where(where)
    .orderBy(asc(dongles.sn));
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(dongles)
    .innerJoin(plants, eq(plants.id, dongles.plantId))
    .innerJoin(organizations, eq(organizations.id, plants.orgId))
    .where(where)) as [{ total: number }];
  return {
    total,
    list: withDowngrade(program, await (window ? base.limit(window.limit).offset(window.offset) : base)),
  };
}

/** Device firmware: the devices of the program's kind, manufacturer and models. */
async function deviceCandidates(
  db: Db,
  caller: Caller,
  program: UsableProgram,
  target: { kind: 'INVERTER' | 'BATTERY'; versionKey: string },
  filter: CandidateFilter,
  window?: { limit: number; offset: number },
) {
  const where = and(
    plantScope(caller),
    eq(devices.kind, target.kind),
    maker(program, devices.manufacturer),
    fitsManifest(program),
    supported(program, devices.sn),
    filter.plantId ? eq(devices.plantId, filter.plantId) : undefined,
    contains(devices.sn, filter.sn),
    filter.ids ? inArray(devices.id, filter.ids) : undefined,
  );
  const base = db
    .select({
      id: devices.id,
      sn: devices.sn,
      model: devices.model,
      plantId: plants.id,
      plantName: plants.name,
      status: devices.status,
      currentVersion: sql<string | null>`${devices.versions} ->> ${target.versionKey}`,
      dongleId: dongles.id,
      dongleSn: dongles.sn,
    })
    .from(devices)
    .innerJoin(dongles, eq(dongles.id, devices.dongleId))
    .innerJoin(plants, eq(plants.id, devices.plantId))
    .innerJoin(organizations, eq(organizations.id, plants.orgId))
    .where(where)
    .orderBy(asc(devices.sn));
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(devices)
    .innerJoin(plants, eq(plants.id, devices.plantId))
    .innerJoin(organizations, eq(organizations.id, plants.orgId))
    .where(where)) as [{ total: number }];
  return {
    total,
    list: withDowngrade(program, await (window ? base.limit(window.limit).offset(window.offset) : base)),
  };
}

/** Whether ids of the target kind exist in the caller's scope at all (else they answer 404). */
export async function inScope(
  db: Db,
  caller: Caller,
  kind: 'INVERTER' | 'BATTERY' | 'DONGLE',
  ids: number[],
) {
  const table = kind === 'DONGLE' ? dongles : devices;
  const rows = await db
    .select({ id: table.id, sn: table.sn })
    .from(table)
    .innerJoin(plants, eq(plants.id, table.plantId))
    .innerJoin(organizations, eq(organizations.id, plants.orgId))
    .where(and(inArray(table.id, ids), plantScope(caller)));
  return new Map(rows.map((r) => [r.id, r.sn]));
}
