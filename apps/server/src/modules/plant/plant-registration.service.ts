import type { Lang } from '@pvstar/contract/lang';
import { PERM } from '@pvstar/contract/perm';
import type {
  DongleSecret,
  StationAddBody,
  StationEditBody,
  StationSaveResult,
} from '@pvstar/contract/station';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { sqlRow } from '../../db/rows.ts';
import { devices, dongles, organizations, plantCommissioning, plants } from '../../db/schema/index.ts';
import { getScopedOrg } from '../../domain/orgs.ts';
import { refreshPlantStatus } from '../../domain/plant-status.ts';
import { plantScope, scopedPlant } from '../../domain/plants.ts';
import { refreshPowerNow } from '../../domain/power-now-rollup.ts';
import type { Caller } from '../../http/access.ts';
import { conflict, invalidField, notFound } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';
import { normalizeContact } from '../auth/codes.ts';
import { issueDongleSecret, tellBroker as tellDongleBroker } from '../device/dongle-credentials.ts';
import { requirePictureOfReach } from '../file/file.service.ts';
import { MANAGING_TYPES, requireManager } from '../role/role-access.ts';
import { checkLocation } from './plant-area.ts';
import {
  checkSerials,
  deviceValues,
  insertDongles,
  replaceDevices,
  requestedDevices,
} from './plant-devices.ts';
import { resolveOwner } from './plant-owner.ts';

const given = <T>(v: T | null | undefined | ''): v is T => v !== undefined && v !== null && v !== '';

/**
 * Registering plants: adding, editing and deleting one with its dongles and devices, and reissuing a
 * dongle's secret. Every change of dongle credentials is told to the broker inside the transaction.
 */
export function createPlantRegistrationService(deps: PlantRegistrationDeps) {
  return { ...createPlantAdd(deps), ...createPlantEdit(deps), ...createPlantRemoval(deps) };
}

export type PlantRegistrationDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'brokerCredentials'>;

/** The managing organisation: the one asked for (in scope) or the caller's; a dealer, installer or provider. */
async function managingOrg(db: Db, caller: Caller, orgId: number | null | undefined) {
  const org = await getScopedOrg(db, caller, orgId ?? caller.orgId).catch(() => {
    throw invalidField('orgId', 'notFound', 404);
  });
  if (!MANAGING_TYPES.includes(org.type)) throw invalidField('orgId', 'station.orgType', 422);
  return org;
}

/** Plant numbers: P + the day + a sequence of that day, serialised by a transaction lock. */
async function nextPlantNo(tx: Tx): Promise<string> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7302115)`);
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const prefix = `P${day}`;
  const row = await sqlRow<{ n: number }>(
    tx,
    sql`
    SELECT coalesce(max(substr(plant_no, ${prefix.length + 1})::int), 0)::int AS n
    FROM plants WHERE plant_no ~ ${`^${prefix}[0-9]{4,6}$`}`,
  );
  const n = (row?.n ?? 0) + 1;
  return `${prefix}${String(n).padStart(4, '0')}`;
}

/** The columns of a plant from a request (owner and organisation are settled by the caller). */
const plantValues = (
  body: StationAddBody,
  loc: { countryCode: string; regionCode: string | null; timezone: string },
) => ({
  name: body.stationName,
  type: body.stationType,
  installedCapacity: body.installedCapacity,
  storageCapacity: body.energyStorage ?? null,
  gridConnectionDate: body.gridConnectionTime || null,
  buildDate: body.buildDate || null,
  tilt: body.angleOfRoll ?? null,
  azimuth: body.azimuth ?? null,
  feedInPrice: body.onlineElectrovalence ?? null,
  purchasePrice: body.buyElectrovalence ?? null,
  currency: body.currency,
  picture: body.stationPicture || null,
  countryCode: loc.countryCode,
  regionCode: loc.regionCode,
  address: body.detailAddress || null,
  latitude: body.latitude,
  longitude: body.longitude,
  timezone: loc.timezone,
});

/** A broker that cannot take the dongles' new credentials refuses the change (its transaction rolls back). */
const tellBroker = (ctx: Pick<AppContext, 'log'>, work: () => Promise<void>) => tellDongleBroker(ctx, work);

/** Runs a registration; a serial that another registration took meanwhile is a conflict, not a 500. */
async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('station.serialTaken', 'devices');
    throw err;
  }
}

/** The edited plant's owner: kept (same or no new contact), resolved anew from a changed contact, or none. */
async function editedOwner(
  tx: Tx,
  caller: Caller,
  plant: Awaited<ReturnType<typeof scopedPlant>>,
  orgId: number,
  body: StationEditBody,
  keepContact: boolean,
  mail: Parameters<typeof resolveOwner>[4],
): Promise<{ ownerUserId: number | null; contact: string } | null> {
  if (keepContact) return { ownerUserId: plant.ownerUserId, contact: plant.ownerContact! };
  if (!given(body.ownerName)) return null;
  const sameContact =
    body.contactType === plant.ownerContactType &&
    normalizeContact(body.contactType!, body.contactInformation!) === plant.ownerContact;
  return sameContact
    ? { ownerUserId: plant.ownerUserId, contact: plant.ownerContact! }
    : await resolveOwner(
        tx,
        caller,
        orgId,
        { name: body.ownerName, contactType: body.contactType!, contact: body.contactInformation! },
        mail,
      );
}

function createPlantAdd(ctx: PlantRegistrationDeps) {
  const { db, config } = ctx;
  return {
    async add(caller: Caller, body: StationAddBody, lang: Lang, ip: string): Promise<StationSaveResult> {
      await requireManager(db, caller, [PERM.stationAdd]);
      const org = await managingOrg(db, caller, body.orgId);
      await requirePictureOfReach(db, caller, body.stationPicture);
      const loc = await checkLocation(db, body);
      await checkSerials(db, body);
      const result = await inTransaction(db, async (tx) => {
        const plantNo = await nextPlantNo(tx);
        const owner = given(body.ownerName)
          ? await resolveOwner(
              tx,
              caller,
              org.id,
              { name: body.ownerName, contactType: body.contactType!, contact: body.contactInformation! },
              { lang, appTitle: config.APP_TITLE },
            )
          : null;
        const [plant] = await tx
          .insert(plants)
          .values({
            plantNo,
            orgId: org.id,
            ...plantValues(body, loc),
            ownerUserId: owner?.ownerUserId ?? null,
            ownerName: owner ? body.ownerName || null : null,
            ownerContactType: owner ? body.contactType : null,
            ownerContact: owner?.contact ?? null,
            createdBy: caller.userId,
            updatedBy: caller.userId,
          })
          .returning({ id: plants.id });
        const { secrets, ids } = await insertDongles(tx, plant!.id, body.devices.dongles);
        const wanted = requestedDevices(body);
        await tx.insert(devices).values(
          wanted.map((d) => ({
            sn: d.sn,
            dongleId: ids.get(d.dongleSn)!,
            plantId: plant!.id,
            ...deviceValues(d),
          })),
        );
        // A plant added here is commissioned through its checklist before it counts as handed over.
        await tx.insert(plantCommissioning).values({ plantId: plant!.id });
        await audit(tx, caller, {
          action: 'station.add',
          targetType: 'plant',
          targetId: plant!.id,
          detail: {
            plantNo,
            name: body.stationName,
            orgId: org.id,
            dongles: secrets.map((s) => s.sn),
            devices: wanted.map((d) => d.sn),
            ...(owner?.createdUserId ? { ownerCreated: owner.createdUserId } : {}),
            ...(owner?.ownerUserId ? { ownerUserId: owner.ownerUserId } : {}),
          },
          ip,
        });
        await tellBroker(ctx, () => ctx.brokerCredentials.issued(secrets));
        return { id: plant!.id, stationNo: plantNo, dongles: secrets };
      });
      await ctx.brokerCredentials.committed(result.dongles.map((d) => d.sn));
      return result;
    },
  };
}

function createPlantEdit(ctx: PlantRegistrationDeps) {
  const { db, config } = ctx;
  return {
    async edit(caller: Caller, body: StationEditBody, lang: Lang, ip: string): Promise<StationSaveResult> {
      await requireManager(db, caller, [PERM.stationEdit]);
      const plant = await scopedPlant(db, caller, body.id);
      const org = body.orgId && body.orgId !== plant.orgId ? await managingOrg(db, caller, body.orgId) : null;
      const orgId = org?.id ?? plant.orgId;
      await requirePictureOfReach(db, caller, body.stationPicture, plant.picture);
      const loc = await checkLocation(db, body);
      await checkSerials(db, body, plant.id);

      // The owner: removed, kept (same or no new contact) or resolved anew from a changed contact.
      const keepContact =
        given(body.ownerName) &&
        plant.ownerContact !== null &&
        body.contactType === plant.ownerContactType &&
        !given(body.contactInformation);
      if (given(body.ownerName) && !keepContact && !given(body.contactInformation))
        throw invalidField('contactInformation', 'validation.required');

      const disconnect: string[] = [];
      const saved = await inTransaction(db, async (tx) => {
        const owner = await editedOwner(tx, caller, plant, orgId, body, keepContact, {
          lang,
          appTitle: config.APP_TITLE,
        });
        await tx
          .update(plants)
          .set({
            orgId,
            ...plantValues(body, loc),
            ownerUserId: owner?.ownerUserId ?? null,
            ownerName: owner ? body.ownerName || null : null,
            ownerContactType: owner ? body.contactType : null,
            ownerContact: owner?.contact ?? null,
            updatedBy: caller.userId,
            updatedAt: new Date(),
          })
          .where(eq(plants.id, plant.id));
        const { added, goneDongles, goneDevices } = await replaceDevices(tx, plant.id, body);
        disconnect.push(...goneDongles);
        await refreshPlantStatus(tx, [plant.id]);
        await refreshPowerNow(tx, { plantIds: [plant.id] }, new Date());

        await audit(tx, caller, {
          action: 'station.edit',
          targetType: 'plant',
          targetId: plant.id,
          detail: {
            name: body.stationName,
            ...(org ? { orgId: { from: plant.orgId, to: org.id } } : {}),
            ...(added.secrets.length ? { donglesAdded: added.secrets.map((s) => s.sn) } : {}),
            ...(goneDongles.length ? { donglesRemoved: goneDongles } : {}),
            ...(goneDevices.length ? { devicesRemoved: goneDevices } : {}),
          },
          ip,
        });
        await tellBroker(ctx, async () => {
          await ctx.brokerCredentials.removed(disconnect);
          await ctx.brokerCredentials.issued(added.secrets);
        });
        return { id: plant.id, stationNo: plant.plantNo, dongles: added.secrets };
      });
      await ctx.brokerCredentials.committed([...disconnect, ...saved.dongles.map((d) => d.sn)]);
      return saved;
    },
  };
}

/** Deleting a plant, and a dongle's new secret. */
function createPlantRemoval(ctx: PlantRegistrationDeps) {
  const { db } = ctx;
  return {
    async remove(caller: Caller, id: number, confirmName: string, ip: string) {
      await requireManager(db, caller, [PERM.stationDelete]);
      const plant = await scopedPlant(db, caller, id);
      if (confirmName.trim() !== plant.name) throw invalidField('confirmName', 'station.nameMismatch');
      const plantDongles = await db.select({ sn: dongles.sn }).from(dongles).where(eq(dongles.plantId, id));
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`DELETE FROM telemetry_samples WHERE device_id IN (SELECT id FROM devices WHERE plant_id = ${id})`,
        );
        // Dongles, devices, latest values and energy roll-ups go with the plant (ON DELETE CASCADE).
        await tx.delete(plants).where(eq(plants.id, id));
        await audit(tx, caller, {
          action: 'station.delete',
          targetType: 'plant',
          targetId: id,
          detail: { plantNo: plant.plantNo, name: plant.name },
          ip,
        });
        await tellBroker(ctx, () => ctx.brokerCredentials.removed(plantDongles.map((d) => d.sn)));
      });
      await ctx.brokerCredentials.committed(plantDongles.map((d) => d.sn));
      return { picture: plant.picture };
    },

    /** A replaced or reset dongle gets a new secret; a session on the old one ends, and it signs in no more. */
    async resetSecret(caller: Caller, dongleId: number, ip: string): Promise<DongleSecret> {
      await requireManager(db, caller, [PERM.stationEdit]);
      const [row] = await db
        .select({ id: dongles.id, sn: dongles.sn, plantId: dongles.plantId })
        .from(dongles)
        .innerJoin(plants, eq(plants.id, dongles.plantId))
        .innerJoin(organizations, eq(organizations.id, plants.orgId))
        .where(and(eq(dongles.id, dongleId), plantScope(caller)));
      if (!row) throw notFound();
      const { secret, secretHash } = issueDongleSecret();
      await db.transaction(async (tx) => {
        await tx.update(dongles).set({ secretHash }).where(eq(dongles.id, row.id));
        await tellBroker(ctx, () => ctx.brokerCredentials.issued([{ sn: row.sn, secret }]));
      });
      await ctx.brokerCredentials.committed([row.sn]);
      await audit(db, caller, {
        action: 'station.resetSecret',
        targetType: 'dongle',
        targetId: row.id,
        detail: { sn: row.sn, plantId: row.plantId },
        ip,
      });
      return { sn: row.sn, secret };
    },
  };
}
