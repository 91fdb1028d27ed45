import type { Lang } from '@pvstar/contract/lang';
import type { StationAddress, StationDetail } from '@pvstar/contract/station';
import { maskContact } from '@pvstar/contract/validation';
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import { devices, dongles, organizations, plants, users } from '../../db/schema/index.ts';
import { commissioningSql, plantScope, scopedPlant } from '../../domain/plants.ts';
import type { Caller } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { areaNames } from './plant-area.ts';

const updater = alias(users, 'updater');
const ownerUser = alias(users, 'owner_user');

/** A date column as YYYY-MM-DD, whether the driver hands it over as text or as a Date. */
export const dateText = (d: string | Date | null) =>
  d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);

type DetailRow = {
  plant: typeof plants.$inferSelect;
  organization: string;
  userName: string | null;
  updateByName: string | null;
  commissioning: unknown;
};

/** The information page from the plant's row, its dongles with their devices, and its area's names. */
function toStationDetail(
  row: DetailRow,
  dongleRows: (typeof dongles.$inferSelect)[],
  deviceRows: (typeof devices.$inferSelect)[],
  regionNames: string[],
): StationDetail {
  const p = row.plant;
  return {
    id: p.id,
    stationNo: p.plantNo,
    stationName: p.name,
    stationType: p.type,
    status: p.status,
    neverConnected: p.status === 'OFFLINE' && dongleRows.every((g) => g.lastSeenAt === null),
    commissioning: Boolean(row.commissioning),
    orgId: p.orgId,
    organization: row.organization,
    ownerUserId: p.ownerUserId,
    userName: row.userName ?? null,
    ownerName: p.ownerName,
    contactType: p.ownerContactType,
    contactInformation: maskContact(p.ownerContact),
    countryCode: p.countryCode,
    regionCode: p.regionCode,
    stationArea: regionNames.length ? regionNames.join(' / ') : null,
    detailAddress: p.address,
    latitude: p.latitude,
    longitude: p.longitude,
    timezone: p.timezone,
    installedCapacity: Number(p.installedCapacity),
    energyStorage: p.storageCapacity === null ? null : Number(p.storageCapacity),
    stationPicture: p.picture,
    gridConnectionTime: dateText(p.gridConnectionDate),
    buildDate: dateText(p.buildDate),
    registrationTime: p.createdAt.toISOString(),
    angleOfRoll: p.tilt,
    azimuth: p.azimuth,
    onlineElectrovalence: p.feedInPrice === null ? null : Number(p.feedInPrice),
    buyElectrovalence: p.purchasePrice === null ? null : Number(p.purchasePrice),
    currency: p.currency,
    updateTime: p.updatedAt.toISOString(),
    updateByName: row.updateByName ?? null,
    dongles: dongleRows.map((g) => ({
      id: g.id,
      sn: g.sn,
      networkingMode: g.networkingMode,
      status: g.status,
      version: g.version,
      lastSeenAt: g.lastSeenAt?.toISOString() ?? null,
      devices: deviceRows
        .filter((d) => d.dongleId === g.id)
        .map((d) => ({
          id: d.id,
          sn: d.sn,
          kind: d.kind,
          status: d.status,
          inverterType: d.inverterType,
          ratedPower: d.ratedPower,
          manufacturer: d.manufacturer,
          model: d.model,
          deviceAddress: d.deviceAddress,
          versions: d.versions,
          lastSeenAt: d.lastSeenAt?.toISOString() ?? null,
        })),
    })),
  };
}

export type PlantDetailDeps = Pick<AppContext, 'db'>;

/** One plant's information page and its location, in the caller's language. */
export function createPlantDetailService({ db }: PlantDetailDeps) {
  return {
    async detail(caller: Caller, id: number, lang: Lang): Promise<StationDetail> {
      // In scope or 404, in the same query as the names it shows.
      const [row] = await db
        .select({
          plant: plants,
          organization: organizations.name,
          userName: ownerUser.username,
          updateByName: updater.username,
          commissioning: commissioningSql,
        })
        .from(plants)
        .innerJoin(organizations, eq(organizations.id, plants.orgId))
        .leftJoin(ownerUser, eq(ownerUser.id, plants.ownerUserId))
        .leftJoin(updater, eq(updater.id, plants.updatedBy))
        .where(and(eq(plants.id, id), plantScope(caller)));
      if (!row) throw notFound();
      const p = row.plant;
      const [dongleRows, deviceRows, area] = await Promise.all([
        db.select().from(dongles).where(eq(dongles.plantId, id)).orderBy(asc(dongles.id)),
        db.select().from(devices).where(eq(devices.plantId, id)).orderBy(asc(devices.kind), asc(devices.sn)),
        areaNames(db, lang, p.countryCode, p.regionCode),
      ]);
      return toStationDetail(row, dongleRows, deviceRows, area.regionNames);
    },

    async address(caller: Caller, id: number, lang: Lang): Promise<StationAddress> {
      const p = await scopedPlant(db, caller, id);
      const { countryName, regionNames } = await areaNames(db, lang, p.countryCode, p.regionCode);
      return {
        countryCode: p.countryCode,
        countryName,
        regionCode: p.regionCode,
        regionNames,
        detailAddress: p.address,
        latitude: p.latitude,
        longitude: p.longitude,
        timezone: p.timezone,
      };
    },
  };
}
