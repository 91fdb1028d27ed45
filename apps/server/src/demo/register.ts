import type { GridCode } from '@pvstar/contract/grid-codes';
import { gridCodeValues } from '@pvstar/contract/remote';
import { DEFAULT_PARAMS, type ParamSet } from '@pvstar/simulator/commands';
import type { DongleDef } from '@pvstar/simulator/dongle';
import type { DeviceDef, PlantDef } from '@pvstar/simulator/model/plant';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { devices, dongles, plants } from '../db/schema/index.ts';
import { issueDongleSecret } from '../modules/device/dongle-credentials.ts';
import { deviceDefOf, type PlantSpec, plantDefOf } from './plant-generator.ts';

/** A plant to register and where it belongs. */
export interface PlantPlacement {
  spec: PlantSpec;
  orgId: number;
  ownerUserId: number | null;
}

/** Plants per multi-row INSERT: ~30 columns each stays far below PostgreSQL's 65,535 parameters. */
const CHUNK = 500;

const chunks = <T>(items: readonly T[], size = CHUNK) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, k) => items.slice(k * size, (k + 1) * size));

/** The plant numbers and serial numbers of `specs` that are in use already. */
export async function takenNumbers(db: Db, specs: readonly PlantSpec[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks(specs)) {
    const plantNos = part.map((s) => s.plantNo);
    const serials = part.flatMap((s) => [s.dongle.sn, ...s.devices.map((d) => d.sn)]);
    const [p, g, d] = await Promise.all([
      db.select({ v: plants.plantNo }).from(plants).where(inArray(plants.plantNo, plantNos)),
      db.select({ v: dongles.sn }).from(dongles).where(inArray(dongles.sn, serials)),
      db.select({ v: devices.sn }).from(devices).where(inArray(devices.sn, serials)),
    ]);
    for (const row of [...p, ...g, ...d]) taken.add(row.v);
  }
  return taken;
}

/** Whether any number of this plant (plant number, dongle or device serial) is in `taken`. */
export const collides = (spec: PlantSpec, taken: ReadonlySet<string>) =>
  [spec.plantNo, spec.dongle.sn, ...spec.devices.map((d) => d.sn)].some((v) => taken.has(v));

/**
 * Registers plants with their dongle and devices in one transaction (all or nothing), issuing each
 * dongle a secret. Returns the plain secrets by dongle serial number: they exist nowhere else.
 */
export async function insertPlants(
  db: Db,
  items: readonly PlantPlacement[],
  opts: { intervalSeconds: number },
): Promise<Map<string, string>> {
  const secrets = new Map<string, string>();
  if (!items.length) return secrets;
  await db.transaction(async (tx) => {
    for (const part of chunks(items)) {
      const plantRows = await tx
        .insert(plants)
        .values(
          part.map(({ spec, orgId, ownerUserId }) => ({
            plantNo: spec.plantNo,
            orgId,
            ownerUserId,
            name: spec.name,
            type: spec.type,
            installedCapacity: spec.installedCapacity,
            storageCapacity: spec.storageCapacity,
            gridConnectionDate: spec.gridConnectionDate,
            buildDate: spec.buildDate,
            tilt: spec.tilt,
            azimuth: spec.azimuth,
            feedInPrice: spec.feedInPrice,
            purchasePrice: spec.purchasePrice,
            currency: 'EUR',
            countryCode: spec.countryCode,
            regionCode: spec.regionCode,
            address: spec.address,
            latitude: spec.latitude,
            longitude: spec.longitude,
            timezone: spec.timezone,
            ownerName: spec.owner.name,
            ownerContactType: spec.owner.contactType,
            ownerContact: spec.owner.contact,
          })),
        )
        .returning({ id: plants.id, plantNo: plants.plantNo });
      const plantId = new Map(plantRows.map((r) => [r.plantNo, r.id]));
      const dongleRows = await tx
        .insert(dongles)
        .values(
          part.map(({ spec }) => {
            const issued = issueDongleSecret();
            secrets.set(spec.dongle.sn, issued.secret);
            return {
              sn: spec.dongle.sn,
              plantId: plantId.get(spec.plantNo)!,
              secretHash: issued.secretHash,
              networkingMode: spec.dongle.networkingMode,
              version: spec.dongle.version,
              intervalSeconds: opts.intervalSeconds,
            };
          }),
        )
        .returning({ id: dongles.id, sn: dongles.sn });
      const dongleId = new Map(dongleRows.map((r) => [r.sn, r.id]));
      await tx.insert(devices).values(
        part.flatMap(({ spec }) =>
          spec.devices.map((d) => ({
            sn: d.sn,
            dongleId: dongleId.get(spec.dongle.sn)!,
            plantId: plantId.get(spec.plantNo)!,
            kind: d.kind,
            manufacturer: d.manufacturer,
            model: d.model,
            inverterType: d.inverterType,
            ratedPower: d.ratedPower,
            versions: d.versions,
          })),
        ),
      );
    }
  });
  return secrets;
}

/**
 * Gives these dongles new secrets (the old ones stop working) and returns them by serial number. The
 * demo does this on every start, so no secret of its dongles is ever written down.
 */
export async function reissueSecrets(db: Db, sns: readonly string[]): Promise<Map<string, string>> {
  const secrets = new Map<string, string>();
  const rows = sns.map((sn) => {
    const issued = issueDongleSecret();
    secrets.set(sn, issued.secret);
    return { sn, h: issued.secretHash };
  });
  for (const part of chunks(rows, 2000))
    await db.execute(sql`
      UPDATE dongles SET secret_hash = r.h
      FROM jsonb_to_recordset(${JSON.stringify(part)}::jsonb) AS r(sn text, h text)
      WHERE dongles.sn = r.sn`);
  return secrets;
}

/** A registered dongle with what the simulator and the backfill need of its plant. */
export interface FleetMember {
  dongleSn: string;
  plantId: number;
  /** null when the stored plant lacks a position (the model needs the sun). */
  plant: PlantDef | null;
  devices: DeviceDef[];
  /** The first inverter: its daily energy is the plant's. */
  inverterId: number | null;
  feedInPrice: number;
  purchasePrice: number;
  timezone: string;
  /** The day its counters started from zero (grid connection), null when not recorded. */
  gridConnectionDate: string | null;
  countryCode: string | null;
  versions: Record<string, Record<string, string>>;
}

/** The stored plants of these dongles, as they are now (a user may have edited them). */
export async function loadFleet(db: Db, sns: readonly string[]): Promise<FleetMember[]> {
  const out: FleetMember[] = [];
  for (const part of chunks(sns, 2000)) {
    const rows = await db
      .select({
        dongleId: dongles.id,
        dongleSn: dongles.sn,
        dongleVersion: dongles.version,
        plantId: plants.id,
        type: plants.type,
        installedCapacity: plants.installedCapacity,
        storageCapacity: plants.storageCapacity,
        tilt: plants.tilt,
        azimuth: plants.azimuth,
        latitude: plants.latitude,
        longitude: plants.longitude,
        timezone: plants.timezone,
        feedInPrice: plants.feedInPrice,
        purchasePrice: plants.purchasePrice,
        gridConnectionDate: plants.gridConnectionDate,
        countryCode: plants.countryCode,
      })
      .from(dongles)
      .innerJoin(plants, sql`${plants.id} = ${dongles.plantId}`)
      .where(inArray(dongles.sn, part))
      .orderBy(asc(dongles.sn));
    if (!rows.length) continue;
    const deviceRows = await db
      .select({
        id: devices.id,
        sn: devices.sn,
        dongleId: devices.dongleId,
        kind: devices.kind,
        inverterType: devices.inverterType,
        manufacturer: devices.manufacturer,
        model: devices.model,
        versions: devices.versions,
      })
      .from(devices)
      .where(
        inArray(
          devices.dongleId,
          rows.map((r) => r.dongleId),
        ),
      )
      .orderBy(asc(devices.id));
    for (const r of rows) {
      const own = deviceRows.filter((d) => d.dongleId === r.dongleId);
      const versions: FleetMember['versions'] = Object.fromEntries(
        own.filter((d) => Object.keys(d.versions).length).map((d) => [d.sn, d.versions]),
      );
      if (r.dongleVersion) versions[r.dongleSn] = { dongle: r.dongleVersion };
      out.push({
        dongleSn: r.dongleSn,
        plantId: r.plantId,
        plant:
          r.latitude === null || r.longitude === null
            ? null
            : plantDefOf({ ...r, latitude: r.latitude, longitude: r.longitude }),
        devices: own.map(deviceDefOf),
        inverterId: own.find((d) => d.kind === 'INVERTER')?.id ?? null,
        feedInPrice: r.feedInPrice ?? 0,
        purchasePrice: r.purchasePrice ?? 0,
        timezone: r.timezone,
        gridConnectionDate: r.gridConnectionDate,
        countryCode: r.countryCode,
        versions,
      });
    }
  }
  return out;
}

/**
 * The grid code an inverter of a demo plant is set to in its country (docs/grid-codes.md). The catalogue
 * has no Austrian TOR Erzeuger / OVE R 25 set: both it and the Dutch rules build on EN 50549-1, so Austria
 * and the Netherlands take that one; Germany VDE-AR-N 4105.
 */
export const DEMO_GRID_CODES: Record<string, GridCode> = {
  DE: 'VDE_AR_N_4105',
  AT: 'EN_50549_1',
  NL: 'EN_50549_1',
};

/** The simulator's definition of a fleet member, with its secret; null when it cannot be simulated. */
export function dongleDefOf(member: FleetMember, secret: string): DongleDef | null {
  if (!member.plant || !member.devices.length) return null;
  const code = DEMO_GRID_CODES[member.countryCode ?? ''];
  return {
    sn: member.dongleSn,
    secret,
    plant: member.plant,
    devices: member.devices,
    versions: member.versions,
    ...(code ? { params: { ...DEFAULT_PARAMS, ...(gridCodeValues(code) as ParamSet) } } : {}),
  };
}
