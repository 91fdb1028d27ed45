import { assertTimeZone } from '@pvstar/contract/calendar';
import { DeviceKindSchema } from '@pvstar/contract/metrics';
import { SERIAL } from '@pvstar/contract/mqtt';
import type { DongleDef } from './dongle.ts';
import type { DeviceDef, InverterType, PlantDef, PlantType } from './model/plant.ts';
import { hash, mulberry32 } from './model/rng.ts';

/**
 * The fleet file: `{ "dongles": [DongleDef, …] }` (a bare array is accepted too). The server writes one
 * with the credentials it issued; `--generate` writes an example with placeholder secrets.
 */
export interface FleetFile {
  dongles: DongleDef[];
}

const PLANT_TYPES: readonly PlantType[] = ['ENERGY_STORAGE', 'PHOTOVOLTAIC', 'BALCONY_PHOTOVOLTAICS'];
const INVERTER_TYPES: readonly InverterType[] = ['SINGLE_PHASE', 'THREE_PHASE'];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

function num(o: Obj, key: string, min: number, max: number, where: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
    throw new Error(`${where}.${key} must be a number in ${min}..${max}`);
  return v;
}

function serial(v: unknown, where: string): string {
  if (typeof v !== 'string' || !SERIAL.test(v))
    throw new Error(`${where} is not a serial number (A-Z, 0-9, -)`);
  return v;
}

function parsePlant(v: unknown, where: string): PlantDef {
  if (!isObj(v)) throw new Error(`${where} must be an object`);
  const type = v.type as PlantType;
  if (!PLANT_TYPES.includes(type)) throw new Error(`${where}.type must be one of ${PLANT_TYPES.join(', ')}`);
  const timezone = v.timezone;
  if (typeof timezone !== 'string') throw new Error(`${where}.timezone must be an IANA zone`);
  try {
    assertTimeZone(timezone);
  } catch {
    throw new Error(`${where}.timezone "${timezone}" is not a known time zone`);
  }
  return {
    latitude: num(v, 'latitude', -90, 90, where),
    longitude: num(v, 'longitude', -180, 180, where),
    tilt: num(v, 'tilt', 0, 90, where),
    azimuth: num(v, 'azimuth', -360, 360, where),
    capacityKwp: num(v, 'capacityKwp', 0.05, 100_000, where),
    storageKwh: v.storageKwh === undefined ? 0 : num(v, 'storageKwh', 0, 100_000, where),
    type,
    timezone,
  };
}

/** A device's or dongle's maker and model (what firmware manifests must name), when given. */
function copyMakerAndModel(from: Obj, to: { manufacturer?: string; model?: string }, where: string) {
  for (const key of ['manufacturer', 'model'] as const) {
    const text = from[key];
    if (text === undefined) continue;
    if (typeof text !== 'string' || text.length === 0 || text.length > 64)
      throw new Error(`${where}.${key} must be a text of 1 to 64 characters`);
    to[key] = text;
  }
}

function parseDevice(v: unknown, where: string): DeviceDef {
  if (!isObj(v)) throw new Error(`${where} must be an object`);
  const kind = DeviceKindSchema.safeParse(v.kind);
  if (!kind.success) throw new Error(`${where}.kind must be one of ${DeviceKindSchema.options.join(', ')}`);
  const device: DeviceDef = { sn: serial(v.sn, `${where}.sn`), kind: kind.data };
  copyMakerAndModel(v, device, where);
  if (v.inverterType !== undefined) {
    if (!INVERTER_TYPES.includes(v.inverterType as InverterType))
      throw new Error(`${where}.inverterType must be SINGLE_PHASE or THREE_PHASE`);
    device.inverterType = v.inverterType as InverterType;
  }
  return device;
}

/** Validates a parsed fleet file; errors name the offending entry. */
export function parseFleetFile(json: unknown): FleetFile {
  const list = Array.isArray(json) ? json : isObj(json) ? json.dongles : undefined;
  if (!Array.isArray(list)) throw new Error('a fleet file is { "dongles": [...] }');
  const seen = new Set<string>();
  const dongles = list.map((entry, i): DongleDef => {
    const where = `dongles[${i}]`;
    if (!isObj(entry)) throw new Error(`${where} must be an object`);
    const sn = serial(entry.sn, `${where}.sn`);
    if (seen.has(sn)) throw new Error(`${where}.sn ${sn} appears twice`);
    seen.add(sn);
    if (typeof entry.secret !== 'string' || entry.secret.length === 0)
      throw new Error(`${where}.secret must be a non-empty string`);
    if (!Array.isArray(entry.devices) || entry.devices.length === 0 || entry.devices.length > 16)
      throw new Error(`${where}.devices must list 1 to 16 devices`);
    const def: DongleDef = {
      sn,
      secret: entry.secret,
      plant: parsePlant(entry.plant, `${where}.plant`),
      devices: entry.devices.map((d, k) => parseDevice(d, `${where}.devices[${k}]`)),
    };
    if (entry.seed !== undefined) def.seed = num(entry, 'seed', 0, 2 ** 32 - 1, where);
    if (isObj(entry.params)) def.params = entry.params as DongleDef['params'] & object;
    if (isObj(entry.versions)) def.versions = entry.versions as DongleDef['versions'] & object;
    copyMakerAndModel(entry, def, where);
    return def;
  });
  return { dongles };
}

/** Towns to scatter plants around, with their zone; weights give ~60 % Germany, 20 % Austria, 20 % NL. */
const TOWNS: readonly (readonly [number, number, string])[] = [
  ...(
    [
      [48.14, 11.58],
      [52.52, 13.4],
      [53.55, 9.99],
      [50.94, 6.96],
      [50.11, 8.68],
      [48.78, 9.18],
      [51.34, 12.37],
      [52.37, 9.74],
      [49.45, 11.08],
      [51.05, 13.74],
      [47.99, 7.85],
      [51.96, 7.63],
      [49.01, 12.1],
      [51.31, 9.48],
      [53.08, 8.8],
    ] as const
  ).map(([la, lo]) => [la, lo, 'Europe/Berlin'] as const),
  ...(
    [
      [48.21, 16.37],
      [47.07, 15.44],
      [48.31, 14.29],
      [47.81, 13.04],
      [47.27, 11.4],
    ] as const
  ).map(([la, lo]) => [la, lo, 'Europe/Vienna'] as const),
  ...(
    [
      [52.37, 4.9],
      [51.92, 4.48],
      [52.09, 5.12],
      [51.44, 5.47],
      [53.22, 6.57],
    ] as const
  ).map(([la, lo]) => [la, lo, 'Europe/Amsterdam'] as const),
];

const pad = (n: number) => String(n).padStart(7, '0');
const round = (v: number, step: number) => Number((Math.round(v / step) * step).toFixed(6));

/**
 * An example fleet of `n` plants, the same for the same seed: 55 % storage, 30 % PV-only houses,
 * 15 % balcony systems, spread around towns of Germany, Austria and the Netherlands.
 */
export function generateFleet(n: number, seed = 1): FleetFile {
  const r = mulberry32(hash('fleet', seed));
  const pick = <T>(items: readonly T[]) => items[Math.floor(r() * items.length)]!;
  const dongles: DongleDef[] = [];
  for (let i = 1; i <= n; i++) {
    const [lat, lon, timezone] = pick(TOWNS);
    const u = r();
    const type: PlantType = u < 0.55 ? 'ENERGY_STORAGE' : u < 0.85 ? 'PHOTOVOLTAIC' : 'BALCONY_PHOTOVOLTAICS';
    const balcony = type === 'BALCONY_PHOTOVOLTAICS';
    const capacityKwp = balcony ? 0.8 : round(5 + 10 * r(), 0.01);
    // Roofs face south ± 60°; balcony railings face wherever the flat does, and are often vertical.
    const azimuth = round((360 + (balcony ? 180 * (r() - 0.5) : 120 * (r() - 0.5))) % 360, 1);
    const tilt = balcony ? (r() < 0.5 ? 90 : 30 + 10 * r()) : round(20 + 25 * r(), 1);
    const inverterType: InverterType =
      balcony || (capacityKwp <= 6 && r() < 0.5) ? 'SINGLE_PHASE' : 'THREE_PHASE';
    const id = pad(i);
    const devices: DeviceDef[] = [{ sn: `INV${id}`, kind: 'INVERTER', inverterType }];
    if (type === 'ENERGY_STORAGE') devices.push({ sn: `BAT${id}`, kind: 'BATTERY' });
    if (r() < (type === 'ENERGY_STORAGE' ? 0.85 : balcony ? 0.2 : 0.6))
      devices.push({ sn: `MTR${id}`, kind: 'METER' });
    if (!balcony && r() < 0.33) devices.push({ sn: `EVC${id}`, kind: 'EV_CHARGER' });
    if (!balcony && r() < 0.28) devices.push({ sn: `HPU${id}`, kind: 'HEAT_PUMP' });
    dongles.push({
      sn: `DGL${id}`,
      secret: `change-me-${hash('secret', seed, i).toString(16).padStart(8, '0')}`,
      plant: {
        latitude: round(lat + 0.5 * (r() - 0.5), 0.0001),
        longitude: round(lon + 0.7 * (r() - 0.5), 0.0001),
        tilt,
        azimuth,
        capacityKwp,
        storageKwh: type === 'ENERGY_STORAGE' ? round(5 + 10 * r(), 0.1) : 0,
        type,
        timezone,
      },
      devices,
    });
  }
  return { dongles };
}
