import type { PageQuery, PageResult } from '@pvstar/contract/api';
import type {
  DeviceSpecAddBody,
  DeviceSpecEditBody,
  DeviceSpecPageBody,
  DeviceSpecRow,
  ManufacturerAddBody,
  ManufacturerEditBody,
  ManufacturerOption,
  ManufacturerPageBody,
  ManufacturerRow,
} from '@pvstar/contract/basic-device';
import type { Lang } from '@pvstar/contract/lang';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { contains, pageWindow } from '../../db/lists.ts';
import { deviceSpecs, firmwarePrograms, manufacturers } from '../../db/schema/index.ts';
import { seededDescription } from '../../db/seed/basic-devices.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, invalidField, notFound } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';

/**
 * Basic device data is global reference data kept by the provider: no organisation scope applies,
 * the permission codes alone decide who may read (2006001) and write (its buttons).
 */

const nameTaken = (name: string) =>
  new AppError(409, 'basicDevice.nameTaken', { name }, [
    { field: 'name', key: 'basicDevice.nameTaken', params: { name } },
  ]);
const specTaken = (spec: string) =>
  new AppError(409, 'basicDevice.specTaken', { spec }, [
    { field: 'deviceSpecs', key: 'basicDevice.specTaken', params: { spec } },
  ]);

// Spelled out: inside the sub-select an unqualified "id" would mean the specification's own id.
const specCount = sql<number>`(SELECT count(*)::int FROM device_specs s WHERE s.manufacturer_id = "manufacturers"."id")`;

export type BasicDeviceDeps = Pick<AppContext, 'db'>;

export function createBasicDeviceService(deps: BasicDeviceDeps) {
  return {
    ...createManufacturers(deps),
    ...createManufacturerRemoval(deps),
    ...createSpecReads(deps),
    ...createSpecWrites(deps),
  };
}

/** One manufacturer, and the checks manufacturers and specifications pass. */
function createBasicDeviceChecks(ctx: BasicDeviceDeps) {
  const { db } = ctx;
  async function getManufacturer(id: number) {
    const [row] = await db.select().from(manufacturers).where(eq(manufacturers.id, id));
    if (!row) throw notFound();
    return row;
  }

  async function checkName(name: string, exceptId?: number) {
    const [taken] = await db
      .select({ id: manufacturers.id })
      .from(manufacturers)
      .where(
        and(
          sql`lower(${manufacturers.name}) = ${name.toLowerCase()}`,
          exceptId ? sql`${manufacturers.id} <> ${exceptId}` : undefined,
        ),
      );
    if (taken) throw nameTaken(name);
  }

  /** The manufacturer a specification names must exist (a field error otherwise). */
  async function checkManufacturerRef(id: number) {
    const [row] = await db
      .select({ id: manufacturers.id })
      .from(manufacturers)
      .where(eq(manufacturers.id, id));
    if (!row) throw invalidField('manufacturerId', 'basicDevice.manufacturerMissing', 422);
  }

  async function checkSpec(b: DeviceSpecAddBody, exceptId?: number) {
    const [taken] = await db
      .select({ id: deviceSpecs.id })
      .from(deviceSpecs)
      .where(
        and(
          eq(deviceSpecs.deviceType, b.deviceType),
          eq(deviceSpecs.manufacturerId, b.manufacturerId),
          sql`lower(${deviceSpecs.deviceSpecs}) = ${b.deviceSpecs.toLowerCase()}`,
          exceptId ? sql`${deviceSpecs.id} <> ${exceptId}` : undefined,
        ),
      );
    if (taken) throw specTaken(b.deviceSpecs);
  }

  const manufacturerValues = (b: ManufacturerAddBody) => ({
    name: b.name,
    abbreviation: b.abbreviation || null,
    description: b.desc || null,
  });
  return { getManufacturer, checkName, checkManufacturerRef, checkSpec, manufacturerValues };
}

/** The manufacturers: list, all, add, edit. */
function createManufacturers(ctx: BasicDeviceDeps) {
  const { db } = ctx;
  const { getManufacturer, checkName, manufacturerValues } = createBasicDeviceChecks(ctx);
  return {
    async manufacturerPage(
      q: PageQuery,
      f: ManufacturerPageBody,
      lang: Lang,
    ): Promise<PageResult<ManufacturerRow>> {
      const where = and(
        contains(manufacturers.name, f.name),
        contains(manufacturers.abbreviation, f.abbreviation),
      );
      const [{ total }] = (await db
        .select({ total: sql<number>`count(*)::int` })
        .from(manufacturers)
        .where(where)) as [{ total: number }];
      const rows = await db
        .select({ m: manufacturers, specCount })
        .from(manufacturers)
        .where(where)
        .orderBy(asc(sql`lower(${manufacturers.name})`), asc(manufacturers.id))
        .limit(pageWindow(q).limit)
        .offset(pageWindow(q).offset);
      return {
        total,
        list: rows.map(({ m, specCount: n }) => ({
          id: m.id,
          name: m.name,
          abbreviation: m.abbreviation,
          desc: seededDescription(m.description, lang),
          specCount: n,
          createTime: m.createdAt.toISOString(),
        })),
      };
    },

    async manufacturerAll(): Promise<ManufacturerOption[]> {
      return db
        .select({ id: manufacturers.id, name: manufacturers.name })
        .from(manufacturers)
        .orderBy(asc(sql`lower(${manufacturers.name})`), asc(manufacturers.id));
    },

    async manufacturerAdd(caller: Caller, b: ManufacturerAddBody, ip: string) {
      await checkName(b.name);
      const [row] = await db
        .insert(manufacturers)
        .values({ ...manufacturerValues(b), createdBy: caller.userId })
        .returning({ id: manufacturers.id })
        .catch((err) => {
          // Two adds racing for one name: the unique index decides.
          throw isUniqueViolation(err) ? nameTaken(b.name) : err;
        });
      await audit(db, caller, {
        action: 'manufacturer.add',
        targetType: 'manufacturer',
        targetId: row!.id,
        detail: { name: b.name },
        ip,
      });
      return { id: row!.id };
    },

    async manufacturerEdit(caller: Caller, b: ManufacturerEditBody, ip: string, lang: Lang) {
      const before = await getManufacturer(b.id);
      await checkName(b.name, b.id);
      const values = manufacturerValues(b);
      // The seed's description, shown in the reader's language and saved unchanged, stays the seed's.
      if (before.description && values.description === seededDescription(before.description, lang))
        values.description = before.description;
      await db
        .update(manufacturers)
        .set(values)
        .where(eq(manufacturers.id, b.id))
        .catch((err) => {
          throw isUniqueViolation(err) ? nameTaken(b.name) : err;
        });
      await audit(db, caller, {
        action: 'manufacturer.edit',
        targetType: 'manufacturer',
        targetId: b.id,
        detail: { from: before.name, name: b.name },
        ip,
      });
    },
  };
}

function createManufacturerRemoval(ctx: BasicDeviceDeps) {
  const { db } = ctx;
  const { getManufacturer } = createBasicDeviceChecks(ctx);
  return {
    async manufacturerDelete(caller: Caller, id: number, ip: string) {
      const m = await getManufacturer(id);
      const inUse = () =>
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(deviceSpecs)
          .where(eq(deviceSpecs.manufacturerId, id))
          .then((r) => r[0]?.n ?? 0);
      const refused = (count: number) =>
        new AppError(409, 'basicDevice.manufacturerInUse', { name: m.name, count });
      const programs = () =>
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(firmwarePrograms)
          .where(eq(firmwarePrograms.manufacturerId, id))
          .then((r) => r[0]?.n ?? 0);
      const check = async () => {
        const n = await inUse();
        if (n > 0) throw refused(n);
        const p = await programs();
        if (p > 0) throw new AppError(409, 'basicDevice.manufacturerHasPrograms', { name: m.name, count: p });
      };
      await check();
      await db
        .delete(manufacturers)
        .where(eq(manufacturers.id, id))
        .catch(async (err) => {
          // A specification or program added meanwhile: the foreign key (ON DELETE RESTRICT) refuses.
          if (isForeignKeyViolation(err)) await check();
          throw err;
        });
      await audit(db, caller, {
        action: 'manufacturer.delete',
        targetType: 'manufacturer',
        targetId: id,
        detail: { name: m.name },
        ip,
      });
    },
  };
}

function createSpecReads(ctx: BasicDeviceDeps) {
  const { db } = ctx;
  return {
    async specPage(q: PageQuery, f: DeviceSpecPageBody): Promise<PageResult<DeviceSpecRow>> {
      const where: SQL | undefined = and(
        f.deviceType ? eq(deviceSpecs.deviceType, f.deviceType) : undefined,
        f.manufacturerId ? eq(deviceSpecs.manufacturerId, f.manufacturerId) : undefined,
        contains(deviceSpecs.deviceSpecs, f.deviceSpecs),
      );
      const [{ total }] = (await db
        .select({ total: sql<number>`count(*)::int` })
        .from(deviceSpecs)
        .where(where)) as [{ total: number }];
      const rows = await db
        .select({ s: deviceSpecs, manufactor: manufacturers.name })
        .from(deviceSpecs)
        .innerJoin(manufacturers, eq(manufacturers.id, deviceSpecs.manufacturerId))
        .where(where)
        .orderBy(
          asc(deviceSpecs.deviceType),
          asc(sql`lower(${manufacturers.name})`),
          asc(deviceSpecs.deviceSpecs),
          asc(deviceSpecs.id),
        )
        .limit(pageWindow(q).limit)
        .offset(pageWindow(q).offset);
      return {
        total,
        list: rows.map(({ s, manufactor }) => ({
          id: s.id,
          deviceType: s.deviceType,
          deviceSpecs: s.deviceSpecs,
          manufacturerId: s.manufacturerId,
          manufactor,
          createTime: s.createdAt.toISOString(),
        })),
      };
    },
  };
}

/** Adding, editing and removing a specification. */
function createSpecWrites(ctx: BasicDeviceDeps) {
  const { db } = ctx;
  const { checkManufacturerRef, checkSpec } = createBasicDeviceChecks(ctx);
  return {
    async specAdd(caller: Caller, b: DeviceSpecAddBody, ip: string) {
      await checkManufacturerRef(b.manufacturerId);
      await checkSpec(b);
      const [row] = await db
        .insert(deviceSpecs)
        .values({
          deviceType: b.deviceType,
          deviceSpecs: b.deviceSpecs,
          manufacturerId: b.manufacturerId,
          createdBy: caller.userId,
        })
        .returning({ id: deviceSpecs.id })
        .catch((err) => {
          if (isUniqueViolation(err)) throw specTaken(b.deviceSpecs);
          if (isForeignKeyViolation(err))
            throw invalidField('manufacturerId', 'basicDevice.manufacturerMissing', 422);
          throw err;
        });
      await audit(db, caller, {
        action: 'deviceSpec.add',
        targetType: 'deviceSpec',
        targetId: row!.id,
        detail: { deviceType: b.deviceType, deviceSpecs: b.deviceSpecs, manufacturerId: b.manufacturerId },
        ip,
      });
      return { id: row!.id };
    },

    async specEdit(caller: Caller, b: DeviceSpecEditBody, ip: string) {
      const [before] = await db.select().from(deviceSpecs).where(eq(deviceSpecs.id, b.id));
      if (!before) throw notFound();
      await checkManufacturerRef(b.manufacturerId);
      await checkSpec(b, b.id);
      await db
        .update(deviceSpecs)
        .set({ deviceType: b.deviceType, deviceSpecs: b.deviceSpecs, manufacturerId: b.manufacturerId })
        .where(eq(deviceSpecs.id, b.id))
        .catch((err) => {
          if (isUniqueViolation(err)) throw specTaken(b.deviceSpecs);
          if (isForeignKeyViolation(err))
            throw invalidField('manufacturerId', 'basicDevice.manufacturerMissing', 422);
          throw err;
        });
      await audit(db, caller, {
        action: 'deviceSpec.edit',
        targetType: 'deviceSpec',
        targetId: b.id,
        detail: { deviceType: b.deviceType, deviceSpecs: b.deviceSpecs, manufacturerId: b.manufacturerId },
        ip,
      });
    },

    async specDelete(caller: Caller, id: number, ip: string) {
      const [row] = await db.delete(deviceSpecs).where(eq(deviceSpecs.id, id)).returning();
      if (!row) throw notFound();
      await audit(db, caller, {
        action: 'deviceSpec.delete',
        targetType: 'deviceSpec',
        targetId: id,
        detail: { deviceType: row.deviceType, deviceSpecs: row.deviceSpecs },
        ip,
      });
    },
  };
}
