import type { PageResult, SortedPageQuery } from '@pvstar/contract/api';
import { PLANT_STATUSES } from '@pvstar/contract/enum-values';
import type { InverterType, NetworkingMode, PlantStatus } from '@pvstar/contract/enums';
import type { Lang } from '@pvstar/contract/lang';
import type { DeviceKind } from '@pvstar/contract/metrics';
import { PERM } from '@pvstar/contract/perm';
import { specificYield } from '@pvstar/contract/plant-data';
import {
  type DongleSecret,
  type PlantMap,
  type StationAddBody,
  type StationAddress,
  type StationDetail,
  type StationEditBody,
  type StationKpi,
  type StationPageBody,
  type StationRow,
  type StationSaveResult,
  type StationSort,
  serialsOf,
} from '@pvstar/contract/station';
import { maskContact } from '@pvstar/contract/validation';
import { type AnyColumn, and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { sqlRow } from '../../db/rows.ts';
import { devices, dongles, organizations, plants, users } from '../../db/schema/index.ts';
import { plantsIn, refreshPlantStatus } from '../../domain/plant-status.ts';
import { plantScope, scopedPlant } from '../../domain/plants.ts';
import { plantPvPowerSql } from '../../domain/power-now.ts';
import { roundKwh } from '../../domain/rounding.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, conflict, invalidField, notFound } from '../../http/errors.ts';
import { caseless, contains, pageOrder, pageWindow, rankOf } from '../../http/filters.ts';
import { audit } from '../../lib/audit.ts';
import { normalizeContact } from '../auth/codes.ts';
import { issueDongleSecret } from '../device/dongle-credentials.ts';
import { requirePictureOfReach } from '../file/file.service.ts';
import { getScopedOrg } from '../org/org.service.ts';
import { MANAGING_TYPES, requireManager } from './plant-access.ts';
import { areaNames, checkLocation } from './plant-area.ts';
import { resolveOwner } from './plant-owner.ts';

const updater = alias(users, 'updater');
const ownerUser = alias(users, 'owner_user');

/** W: the plant's PV power now (domain/power-now.ts: one definition for the list, overview and dashboard). */
const currentPowerSql = (now: Date) => sql<number>`${plantPvPowerSql(now, plants.id, plants.status)}`;
/** kWh generated on the plant's local today (daily counters reset at local midnight). */
const todayGenerationSql = sql<number>`coalesce((
  SELECT e.generation FROM plant_energy_daily e
  WHERE e.plant_id = ${plants.id} AND e.day = (now() AT TIME ZONE ${plants.timezone})::date), 0)::float8`;
/** The plant's local today; its roll-ups are keyed by its own calendar. */
const localTodaySql = sql`(now() AT TIME ZONE ${plants.timezone})::date`;
/** kWh of the plant's local month so far: one primary-key read of its monthly roll-up. */
const monthGenerationSql = sql<number>`coalesce((
  SELECT m.generation FROM plant_energy_monthly m
  WHERE m.plant_id = ${plants.id} AND m.month = date_trunc('month', ${localTodaySql})::date), 0)::float8`;
/** kWh of the plant's local year so far: at most 12 monthly rows, read by primary-key range. */
const yearGenerationSql = sql<number>`coalesce((
  SELECT sum(m.generation) FROM plant_energy_monthly m
  WHERE m.plant_id = ${plants.id} AND m.month BETWEEN date_trunc('year', ${localTodaySql})::date
    AND ${localTodaySql}), 0)::float8`;
/** kWh/kWp in SQL for sorting (null without capacity: sorted last); the answer rounds with specificYield. */
const yieldSql = (generation: SQL) => sql`(${generation} / nullif(${plants.installedCapacity}, 0)::float8)`;
/**
 * The plant list's sortable columns. Each is a column of plants or a primary-key read per plant (the
 * roll-ups, the inverters' latest values), so a sorted page costs one such read per plant in scope.
 */
const sortSql = (now: Date): Record<StationSort, AnyColumn | SQL> => ({
  stationName: caseless(plants.name),
  // Offline, normal, warning, fault: descending puts the plants needing attention first.
  status: rankOf(plants.status, PLANT_STATUSES),
  installedCapacity: plants.installedCapacity,
  currentPower: currentPowerSql(now),
  todayGeneration: todayGenerationSql,
  todayYield: yieldSql(todayGenerationSql),
  monthYield: yieldSql(monthGenerationSql),
  yearYield: yieldSql(yearGenerationSql),
  gridConnectionTime: plants.gridConnectionDate,
  createTime: plants.createdAt,
});
const deviceCountSql = sql<number>`((SELECT count(*) FROM devices d WHERE d.plant_id = ${plants.id})
  + (SELECT count(*) FROM dongles g WHERE g.plant_id = ${plants.id}))::int`;

/**
 * Offline and no dongle of the plant has ever reported (plants.status has no room for a status of
 * its own): the list and detail say "not connected yet" instead of "offline".
 */
const neverConnectedSql = sql<boolean>`(${plants.status} = 'OFFLINE' AND NOT EXISTS (
  SELECT 1 FROM dongles g WHERE g.plant_id = ${plants.id} AND g.last_seen_at IS NOT NULL))`;

/** Sums are float8: three decimals (Wh, W/1000) keep the answer free of binary noise. */
const dateText = (d: string | Date | null) =>
  d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);
const given = <T>(v: T | null | undefined | ''): v is T => v !== undefined && v !== null && v !== '';

type DeviceRow = { sn: string; kind: DeviceKind; dongleSn: string } & Partial<{
  inverterType: InverterType;
  ratedPower: number | null;
  manufacturer: string | null;
  model: string | null;
  deviceAddress: number | null;
}>;

/** The devices of a request, flattened, with the kind and the dongle each hangs on. */
function requestedDevices(body: StationAddBody): DeviceRow[] {
  return body.devices.dongles.flatMap((d) => [
    ...d.inverters.map((x) => ({
      sn: x.sn,
      kind: 'INVERTER' as const,
      dongleSn: d.sn,
      inverterType: x.inverterType,
      ratedPower: x.ratedPower ?? null,
      manufacturer: x.manufacturer || null,
      model: x.model || null,
      deviceAddress: x.deviceAddress ?? null,
    })),
    ...d.batteries.map((x) => ({
      sn: x.sn,
      kind: 'BATTERY' as const,
      dongleSn: d.sn,
      manufacturer: x.manufacturer || null,
      model: x.model || null,
      deviceAddress: x.deviceAddress ?? null,
    })),
    ...d.meters.map((x) => ({
      sn: x.sn,
      kind: 'METER' as const,
      dongleSn: d.sn,
      deviceAddress: x.deviceAddress ?? null,
    })),
  ]);
}

/** Whether a database error is a unique violation (two registrations racing for one serial). */
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

export function createPlantService(ctx: AppContext) {
  const { db, config } = ctx;

  function filterOf(caller: Caller, f: StationPageBody): SQL | undefined {
    return and(
      plantScope(caller),
      contains(plants.name, f.stationName),
      contains(plants.plantNo, f.stationNo),
      f.stationType ? eq(plants.type, f.stationType) : undefined,
      f.status ? eq(plants.status, f.status) : undefined,
      // Paths hold digits and slashes only, so the stored path is a literal prefix.
      f.orgId
        ? sql`${organizations.path} LIKE (SELECT o2.path FROM organizations o2 WHERE o2.id = ${f.orgId}) || '%'`
        : undefined,
      f.ownerName
        ? or(
            contains(plants.ownerName, f.ownerName),
            inArray(
              plants.ownerUserId,
              db.select({ id: users.id }).from(users).where(contains(users.username, f.ownerName)),
            ),
          )
        : undefined,
    );
  }

  /** The managing organisation: the one asked for (in scope) or the caller's; a dealer, installer or provider. */
  async function managingOrg(caller: Caller, orgId: number | null | undefined) {
    const org = await getScopedOrg(db, caller, orgId ?? caller.orgId).catch(() => {
      throw invalidField('orgId', 'notFound', 404);
    });
    if (!MANAGING_TYPES.includes(org.type)) throw invalidField('orgId', 'station.orgType', 422);
    return org;
  }

  /**
   * Every serial must be free: registered nowhere, or (on edit) already this plant's in the same role
   * (dongle stays dongle, device stays device). The message is the same whoever holds it.
   */
  async function checkSerials(body: StationAddBody, plantId?: number) {
    const wanted = serialsOf(body.devices);
    const sns = wanted.map((w) => w.sn);
    const dongleSns = new Set(body.devices.dongles.map((d) => d.sn));
    const [takenDongles, takenDevices] = await Promise.all([
      db.select({ sn: dongles.sn, plantId: dongles.plantId }).from(dongles).where(inArray(dongles.sn, sns)),
      db.select({ sn: devices.sn, plantId: devices.plantId }).from(devices).where(inArray(devices.sn, sns)),
    ]);
    for (const w of wanted) {
      const asDongle = takenDongles.find((d) => d.sn === w.sn);
      const asDevice = takenDevices.find((d) => d.sn === w.sn);
      const isDongle = dongleSns.has(w.sn);
      const ownOk =
        plantId !== undefined &&
        (asDongle ? asDongle.plantId === plantId && isDongle : true) &&
        (asDevice ? asDevice.plantId === plantId && !isDongle : true);
      if ((asDongle || asDevice) && !ownOk) throw conflict('station.serialTaken', w.path.join('.'));
    }
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

  /** Inserts dongles with fresh secrets; only the hashes are stored, the plain secrets are returned once. */
  async function insertDongles(
    tx: Tx,
    plantId: number,
    list: { sn: string; networkingMode: NetworkingMode }[],
  ): Promise<{ secrets: DongleSecret[]; ids: Map<string, number> }> {
    const secrets: DongleSecret[] = [];
    const ids = new Map<string, number>();
    for (const d of list) {
      const { secret, secretHash } = issueDongleSecret();
      const [row] = await tx
        .insert(dongles)
        .values({ sn: d.sn, plantId, secretHash, networkingMode: d.networkingMode })
        .returning({ id: dongles.id });
      ids.set(d.sn, row!.id);
      secrets.push({ sn: d.sn, secret });
    }
    return { secrets, ids };
  }

  const deviceValues = (d: DeviceRow) => ({
    kind: d.kind,
    inverterType: d.inverterType ?? null,
    ratedPower: d.ratedPower ?? null,
    manufacturer: d.manufacturer ?? null,
    model: d.model ?? null,
    deviceAddress: d.deviceAddress ?? null,
  });

  /** A broker that cannot take the dongles' new credentials refuses the change (its transaction rolls back). */
  async function tellBroker(work: () => Promise<void>) {
    try {
      await work();
    } catch (err) {
      ctx.log.error({ err }, 'the broker did not take the dongle credentials; the change is rolled back');
      throw new AppError(503, 'station.brokerUnavailable');
    }
  }

  /** Runs a registration; a serial that another registration took meanwhile is a conflict, not a 500. */
  async function inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('station.serialTaken', 'devices');
      throw err;
    }
  }

  return {
    async page(
      caller: Caller,
      q: SortedPageQuery<StationSort>,
      f: StationPageBody,
    ): Promise<PageResult<StationRow>> {
      const where = filterOf(caller, f);
      const now = new Date();
      const [{ total }] = (await db
        .select({ total: sql<number>`count(*)::int` })
        .from(plants)
        .innerJoin(organizations, eq(organizations.id, plants.orgId))
        .where(where)) as [{ total: number }];
      const rows = await db
        .select({
          plant: plants,
          orgName: organizations.name,
          currentPower: currentPowerSql(now),
          todayGeneration: todayGenerationSql,
          monthGeneration: monthGenerationSql,
          yearGeneration: yearGenerationSql,
          deviceCount: deviceCountSql,
          neverConnected: neverConnectedSql,
        })
        .from(plants)
        .innerJoin(organizations, eq(organizations.id, plants.orgId))
        .where(where)
        .orderBy(...pageOrder(q, sortSql(now), plants.id, [desc(plants.createdAt), desc(plants.id)]))
        .limit(pageWindow(q).limit)
        .offset(pageWindow(q).offset);
      return {
        total,
        list: rows.map(({ plant: p, orgName, currentPower, deviceCount, neverConnected, ...energy }) => ({
          id: p.id,
          stationNo: p.plantNo,
          stationName: p.name,
          stationType: p.type,
          status: p.status,
          neverConnected: Boolean(neverConnected),
          installedCapacity: Number(p.installedCapacity),
          energyStorage: p.storageCapacity === null ? null : Number(p.storageCapacity),
          orgId: p.orgId,
          orgName,
          ownerName: p.ownerName,
          ownerUserId: p.ownerUserId,
          currentPower: roundKwh(Number(currentPower)),
          todayGeneration: roundKwh(Number(energy.todayGeneration)),
          specificYield: {
            today: specificYield(energy.todayGeneration, Number(p.installedCapacity)),
            month: specificYield(energy.monthGeneration, Number(p.installedCapacity)),
            year: specificYield(energy.yearGeneration, Number(p.installedCapacity)),
          },
          gridConnectionTime: dateText(p.gridConnectionDate),
          createTime: p.createdAt.toISOString(),
          deviceCount: Number(deviceCount),
        })),
      };
    },

    /**
     * The fleet map: every plant of the scope and filters, not a page. One query over the plants the list
     * shows (the same scope and filter); those without coordinates are only counted.
     */
    async map(caller: Caller, f: StationPageBody): Promise<PlantMap> {
      const rows = await db
        .select({
          id: plants.id,
          name: plants.name,
          status: plants.status,
          latitude: plants.latitude,
          longitude: plants.longitude,
          capacity: plants.installedCapacity,
          currentPower: currentPowerSql(new Date()),
          neverConnected: neverConnectedSql,
        })
        .from(plants)
        .innerJoin(organizations, eq(organizations.id, plants.orgId))
        .where(filterOf(caller, f))
        .orderBy(asc(plants.id));
      const list: PlantMap['list'] = [];
      for (const r of rows) {
        if (r.latitude === null || r.longitude === null) continue;
        list.push({
          id: r.id,
          stationName: r.name,
          status: r.status,
          neverConnected: Boolean(r.neverConnected),
          latitude: r.latitude,
          longitude: r.longitude,
          installedCapacity: Number(r.capacity),
          currentPower: roundKwh(Number(r.currentPower)),
        });
      }
      return { list, withoutLocation: rows.length - list.length };
    },

    async kpi(caller: Caller, f: StationPageBody): Promise<StationKpi> {
      const rows = db
        .select({
          status: plants.status,
          capacity: plants.installedCapacity,
          storage: plants.storageCapacity,
          today: todayGenerationSql.as('today'),
          power: currentPowerSql(new Date()).as('power'),
        })
        .from(plants)
        .innerJoin(organizations, eq(organizations.id, plants.orgId))
        .where(filterOf(caller, f))
        .as('r');
      const count = (status: PlantStatus) =>
        sql<number>`(count(*) FILTER (WHERE ${rows.status} = ${status}))::int`;
      const [k] = await db
        .select({
          total: sql<number>`count(*)::int`,
          OFFLINE: count('OFFLINE'),
          NORMAL: count('NORMAL'),
          WARNING: count('WARNING'),
          FAULT: count('FAULT'),
          installedCapacity: sql<number>`coalesce(sum(${rows.capacity}), 0)::float8`,
          energyStorage: sql<number>`coalesce(sum(${rows.storage}), 0)::float8`,
          todayGeneration: sql<number>`coalesce(sum(${rows.today}), 0)::float8`,
          currentPower: sql<number>`coalesce(sum(${rows.power}), 0)::float8`,
        })
        .from(rows);
      return {
        total: Number(k!.total),
        byStatus: {
          OFFLINE: Number(k!.OFFLINE),
          NORMAL: Number(k!.NORMAL),
          WARNING: Number(k!.WARNING),
          FAULT: Number(k!.FAULT),
        },
        installedCapacity: roundKwh(Number(k!.installedCapacity)),
        energyStorage: roundKwh(Number(k!.energyStorage)),
        todayGeneration: roundKwh(Number(k!.todayGeneration)),
        currentPower: roundKwh(Number(k!.currentPower)),
      };
    },

    async detail(caller: Caller, id: number, lang: Lang): Promise<StationDetail> {
      // In scope or 404, in the same query as the names it shows.
      const [row] = await db
        .select({
          plant: plants,
          organization: organizations.name,
          userName: ownerUser.username,
          updateByName: updater.username,
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
      return {
        id: p.id,
        stationNo: p.plantNo,
        stationName: p.name,
        stationType: p.type,
        status: p.status,
        neverConnected: p.status === 'OFFLINE' && dongleRows.every((g) => g.lastSeenAt === null),
        orgId: p.orgId,
        organization: row.organization,
        ownerUserId: p.ownerUserId,
        userName: row.userName ?? null,
        ownerName: p.ownerName,
        contactType: p.ownerContactType,
        contactInformation: maskContact(p.ownerContact),
        countryCode: p.countryCode,
        regionCode: p.regionCode,
        stationArea: area.regionNames.length ? area.regionNames.join(' / ') : null,
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

    async add(caller: Caller, body: StationAddBody, lang: Lang, ip: string): Promise<StationSaveResult> {
      await requireManager(db, caller, [PERM.stationAdd]);
      const org = await managingOrg(caller, body.orgId);
      await requirePictureOfReach(db, caller, body.stationPicture);
      const loc = await checkLocation(db, body);
      await checkSerials(body);
      const result = await inTransaction(async (tx) => {
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
        await tellBroker(() => ctx.brokerCredentials.issued(secrets));
        return { id: plant!.id, stationNo: plantNo, dongles: secrets };
      });
      await ctx.brokerCredentials.committed(result.dongles.map((d) => d.sn));
      return result;
    },

    async edit(caller: Caller, body: StationEditBody, lang: Lang, ip: string): Promise<StationSaveResult> {
      await requireManager(db, caller, [PERM.stationEdit]);
      const plant = await scopedPlant(db, caller, body.id);
      const org = body.orgId && body.orgId !== plant.orgId ? await managingOrg(caller, body.orgId) : null;
      const orgId = org?.id ?? plant.orgId;
      await requirePictureOfReach(db, caller, body.stationPicture, plant.picture);
      const loc = await checkLocation(db, body);
      await checkSerials(body, plant.id);

      // The owner: removed, kept (same or no new contact) or resolved anew from a changed contact.
      const keepContact =
        given(body.ownerName) &&
        plant.ownerContact !== null &&
        body.contactType === plant.ownerContactType &&
        !given(body.contactInformation);
      if (given(body.ownerName) && !keepContact && !given(body.contactInformation))
        throw invalidField('contactInformation', 'validation.required');

      const disconnect: string[] = [];
      const saved = await inTransaction(async (tx) => {
        let owner: { ownerUserId: number | null; contact: string } | null = null;
        if (keepContact) owner = { ownerUserId: plant.ownerUserId, contact: plant.ownerContact! };
        else if (given(body.ownerName)) {
          const sameContact =
            body.contactType === plant.ownerContactType &&
            normalizeContact(body.contactType!, body.contactInformation!) === plant.ownerContact;
          owner = sameContact
            ? { ownerUserId: plant.ownerUserId, contact: plant.ownerContact! }
            : await resolveOwner(
                tx,
                caller,
                orgId,
                { name: body.ownerName, contactType: body.contactType!, contact: body.contactInformation! },
                { lang, appTitle: config.APP_TITLE },
              );
        }
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

        // Devices: kept serials keep their rows (and dongles their secrets); new ones are added, the rest removed.
        const oldDongles = await tx
          .select({ id: dongles.id, sn: dongles.sn })
          .from(dongles)
          .where(eq(dongles.plantId, plant.id));
        const dongleIds = new Map(oldDongles.map((d) => [d.sn, d.id]));
        for (const d of body.devices.dongles)
          if (dongleIds.has(d.sn))
            await tx
              .update(dongles)
              .set({ networkingMode: d.networkingMode })
              .where(eq(dongles.id, dongleIds.get(d.sn)!));
        const added = await insertDongles(
          tx,
          plant.id,
          body.devices.dongles.filter((d) => !dongleIds.has(d.sn)),
        );
        for (const [sn, id] of added.ids) dongleIds.set(sn, id);

        const wanted = requestedDevices(body);
        const oldDevices = await tx
          .select({ id: devices.id, sn: devices.sn })
          .from(devices)
          .where(eq(devices.plantId, plant.id));
        const deviceIds = new Map(oldDevices.map((d) => [d.sn, d.id]));
        for (const d of wanted) {
          const values = { dongleId: dongleIds.get(d.dongleSn)!, ...deviceValues(d) };
          const existing = deviceIds.get(d.sn);
          if (existing !== undefined) await tx.update(devices).set(values).where(eq(devices.id, existing));
          else await tx.insert(devices).values({ sn: d.sn, plantId: plant.id, ...values });
        }
        const keptDevices = new Set(wanted.map((d) => d.sn));
        const goneDevices = oldDevices.filter((d) => !keptDevices.has(d.sn)).map((d) => d.id);
        if (goneDevices.length) {
          // Raw samples have no foreign key (partitioned table): their rows go explicitly.
          await tx.execute(
            sql`DELETE FROM telemetry_samples WHERE device_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(goneDevices)}::jsonb)::int)`,
          );
          await tx.delete(devices).where(inArray(devices.id, goneDevices));
        }
        const keptDongles = new Set(body.devices.dongles.map((d) => d.sn));
        const goneDongles = oldDongles.filter((d) => !keptDongles.has(d.sn));
        if (goneDongles.length) disconnect.push(...goneDongles.map((d) => d.sn));
        if (goneDongles.length)
          await tx.delete(dongles).where(
            inArray(
              dongles.id,
              goneDongles.map((d) => d.id),
            ),
          );
        await refreshPlantStatus(tx, plantsIn([plant.id]));

        await audit(tx, caller, {
          action: 'station.edit',
          targetType: 'plant',
          targetId: plant.id,
          detail: {
            name: body.stationName,
            ...(org ? { orgId: { from: plant.orgId, to: org.id } } : {}),
            ...(added.secrets.length ? { donglesAdded: added.secrets.map((s) => s.sn) } : {}),
            ...(goneDongles.length ? { donglesRemoved: goneDongles.map((d) => d.sn) } : {}),
            ...(goneDevices.length
              ? { devicesRemoved: oldDevices.filter((d) => !keptDevices.has(d.sn)).map((d) => d.sn) }
              : {}),
          },
          ip,
        });
        await tellBroker(async () => {
          await ctx.brokerCredentials.removed(disconnect);
          await ctx.brokerCredentials.issued(added.secrets);
        });
        return { id: plant.id, stationNo: plant.plantNo, dongles: added.secrets };
      });
      await ctx.brokerCredentials.committed([...disconnect, ...saved.dongles.map((d) => d.sn)]);
      return saved;
    },

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
        await tellBroker(() => ctx.brokerCredentials.removed(plantDongles.map((d) => d.sn)));
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
        await tellBroker(() => ctx.brokerCredentials.issued([{ sn: row.sn, secret }]));
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
export type PlantService = ReturnType<typeof createPlantService>;
