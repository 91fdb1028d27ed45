import type { ContactType, InverterType, NetworkingMode, StationType } from '@pvstar/contract/enums';
import type { DeviceKind } from '@pvstar/contract/metrics';
import type { DeviceDef, PlantDef } from '@pvstar/simulator/model/plant';
import { systemOf, yearlyDemandKwh } from '@pvstar/simulator/model/plant';
import { hash, mulberry32, seedOf } from '@pvstar/simulator/model/rng';
import { COUNTRIES } from './plant-countries.ts';
import { HOME_AREA_PLANTS } from './towns.ts';

/**
 * Plant definitions for the demo fleet and for `register-fleet`: realistic houses, farms and balconies
 * in Germany, Austria and the Netherlands. Plant `i` of a prefix is always the same plant (its dice are
 * a hash of prefix and number), so a restart or a larger count finds the plants it made before.
 *
 * Azimuth is stored as the simulator reads it: degrees clockwise from south (0 = south, 90 = west,
 * 270 = east), kept in 0…360 because the plant form takes positive values.
 */

export interface DeviceSpec {
  sn: string;
  kind: DeviceKind;
  manufacturer: string;
  model: string;
  inverterType: InverterType | null;
  /** W (kWh × 1000 for a battery's capacity is not kept here; see the plant's storage capacity). */
  ratedPower: number | null;
  versions: Record<string, string>;
}

export interface OwnerSpec {
  name: string;
  contactType: ContactType;
  contact: string;
}

export interface PlantSpec {
  /** Its number within the prefix (1, 2, …). */
  number: number;
  plantNo: string;
  name: string;
  type: StationType;
  /** kWp */
  installedCapacity: number;
  /** kWh, storage plants only */
  storageCapacity: number | null;
  tilt: number;
  azimuth: number;
  /** EUR per kWh */
  feedInPrice: number;
  purchasePrice: number;
  countryCode: 'DE' | 'AT' | 'NL';
  regionCode: string;
  address: string;
  latitude: number;
  longitude: number;
  timezone: string;
  gridConnectionDate: string;
  buildDate: string;
  owner: OwnerSpec;
  dongle: { sn: string; networkingMode: NetworkingMode; version: string };
  devices: DeviceSpec[];
}

/** Three in five plants in Germany, one each in Austria and the Netherlands. */
const COUNTRY_CYCLE: PlantSpec['countryCode'][] = ['DE', 'DE', 'AT', 'DE', 'NL'];
/** Half storage, three in ten PV only, one in five balcony — cycled so even a small fleet has each. */
const TYPE_CYCLE: StationType[] = [
  'ENERGY_STORAGE',
  'PHOTOVOLTAIC',
  'ENERGY_STORAGE',
  'BALCONY_PHOTOVOLTAICS',
  'PHOTOVOLTAIC',
  'ENERGY_STORAGE',
  'BALCONY_PHOTOVOLTAICS',
  'ENERGY_STORAGE',
  'PHOTOVOLTAIC',
  'ENERGY_STORAGE',
];

const round = (v: number, decimals: number) => Number(v.toFixed(decimals));
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const ascii = (s: string) =>
  s
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z]/g, '');
const isoDate = (year: number, dayOfYear: number) =>
  new Date(Date.UTC(year, 0, 1 + dayOfYear)).toISOString().slice(0, 10);

/** Capacity of one battery module, kWh; a home battery stacks 2–6 of them. */
const BATTERY_MODULE_KWH = 2.56;

/**
 * A battery as an installer sizes it for the house, kWh (whole modules): by HTW Berlin's rule of thumb
 * about 1 kWh usable per MWh of yearly use and no more than 1.5 (here 0.7–1.5 by the draw), and no more
 * than 1.5 kWh per kWp of roof, which could not fill a larger one. Drawn independently of the house, the
 * demo had paired 15 kWh with 4 MWh houses, and such oversized systems are what made households over
 * 90 % self-sufficient, where HTW's figures for real ones end at about 80 %.
 */
function batteryKwh(demandKwh: number, capacityKwp: number, draw: number): number {
  const usable = Math.min((demandKwh / 1000) * (0.7 + 0.8 * draw), 1.5 * capacityKwp);
  const modules = Math.min(6, Math.max(2, Math.round(usable / (0.9 * BATTERY_MODULE_KWH))));
  return round(BATTERY_MODULE_KWH * modules, 2);
}

/** The serial numbers of plant `i`: `<prefix>-D-0001` for its dongle, `-I-`, `-B-`, `-M-`, `-E-`, `-H-` for its devices. */
export const serialOf = (prefix: string, letter: string, i: number) =>
  `${prefix}-${letter}-${String(i).padStart(4, '0')}`;

/** A prefix for serial and plant numbers: capitals and digits, so every serial fits the protocol. */
export const PREFIX = /^[A-Z][A-Z0-9]{1,9}$/;

/**
 * The plants numbered `from` … `from + count - 1` of a prefix. `ownerOf` may give some plants a
 * particular owner (the demo's house owner); the rest get an invented one.
 */
export function generatePlants(opts: {
  prefix: string;
  count: number;
  from?: number;
  ownerOf?: (i: number) => OwnerSpec | undefined;
}): PlantSpec[] {
  if (!PREFIX.test(opts.prefix)) throw new Error(`prefix "${opts.prefix}": 2-10 capitals and digits`);
  const from = opts.from ?? 1;
  return Array.from({ length: opts.count }, (_, k) => plantSpec(opts.prefix, from + k, opts.ownerOf));
}

type Draw = ReturnType<typeof mulberry32>;

/** The modules, their tilt and orientation, and the inverter's phases (a plant's draws, in their order). */
function drawArray(r: Draw, i: number, type: StationType) {
  const pick = <T>(items: readonly T[]) => items[Math.floor(r() * items.length)]!;
  const between = (a: number, b: number) => a + (b - a) * r();
  const balcony = type === 'BALCONY_PHOTOVOLTAICS';
  // Some PV-only plants are farm roofs of 20–30 kWp (one in every twenty plants at least); houses have 10–32 modules.
  const farm = type === 'PHOTOVOLTAIC' && (i % 20 === 9 || r() < 0.15);
  const moduleW = pick([400, 410, 425, 430, 445]);
  const modules = balcony
    ? pick([2, 2, 2, 4])
    : farm
      ? Math.min(Math.floor(30_000 / moduleW), 46 + Math.floor(r() * 25))
      : 10 + Math.floor(r() * 23);
  const installedCapacity = round((modules * moduleW) / 1000, 2);
  // Drawn here to keep the dice of everything after it; the battery is sized once the house is known.
  const storageDraw = type === 'ENERGY_STORAGE' ? r() : 0;
  // Roofs face south ± 60° at 20–45°, farm roofs are flatter, balcony railings face anywhere and are often upright.
  const tilt = balcony
    ? r() < 0.5
      ? 90
      : Math.round(between(25, 40))
    : Math.round(farm ? between(10, 25) : between(20, 45));
  const azimuth = (360 + Math.round(balcony ? between(-90, 90) : between(-60, 60))) % 360;
  const threePhase = !balcony && installedCapacity > 4.6;
  const inverterType: InverterType = threePhase ? 'THREE_PHASE' : 'SINGLE_PHASE';

  return { balcony, farm, installedCapacity, storageDraw, tilt, azimuth, threePhase, inverterType };
}

/** The dongle and the devices behind it, their firmware versions drawn (a plant's draws, in their order). */
function drawDevices(
  r: Draw,
  sn: (letter: string) => string,
  plant: {
    type: StationType;
    balcony: boolean;
    farm: boolean;
    threePhase: boolean;
    inverterType: InverterType;
  },
) {
  const { type, balcony, farm, threePhase, inverterType } = plant;
  const version = (major: number) => `V${major}.${Math.floor(r() * 4)}.${Math.floor(r() * 10)}`;
  const dongle = {
    sn: sn('D'),
    networkingMode: (farm || r() < 0.2 ? 'ETHERNET' : 'WIFI') as NetworkingMode,
    version: version(2),
  };
  const devices: DeviceSpec[] = [];
  const inverter: DeviceSpec = {
    sn: sn('I'),
    kind: 'INVERTER',
    manufacturer: 'PVSTAR',
    model: '',
    inverterType,
    ratedPower: null,
    versions: { inverter: version(1), dongle: dongle.version, safety: version(1), hmi: version(3) },
  };
  devices.push(inverter);
  const battery: DeviceSpec | null =
    type === 'ENERGY_STORAGE'
      ? {
          sn: sn('B'),
          kind: 'BATTERY',
          manufacturer: 'PVSTAR',
          model: '',
          inverterType: null,
          ratedPower: null,
          versions: { bms: version(1) },
        }
      : null;
  if (battery) devices.push(battery);
  // Hybrid inverters need a grid meter; PV-only houses often have one, balconies rarely.
  if (type === 'ENERGY_STORAGE' || r() < (balcony ? 0.2 : 0.5))
    devices.push({
      sn: sn('M'),
      kind: 'METER',
      manufacturer: 'PVSTAR',
      model: threePhase ? 'SM3-100' : 'SM1-60',
      inverterType: null,
      ratedPower: null,
      versions: {},
    });
  const wallbox = !balcony && !farm && r() < 0.3;
  if (wallbox)
    devices.push({
      sn: sn('E'),
      kind: 'EV_CHARGER',
      manufacturer: 'PVSTAR',
      model: '',
      inverterType: null,
      ratedPower: null,
      versions: {},
    });
  if (!balcony && !farm && r() < 0.25)
    devices.push({
      sn: sn('H'),
      kind: 'HEAT_PUMP',
      manufacturer: 'PVSTAR',
      model: 'HP-AW9',
      inverterType: null,
      ratedPower: 9000,
      versions: {},
    });
  return { dongle, devices, inverter, battery };
}

/** The street, the postcode and the owner with their contact (a plant's draws, in their order). */
function drawOwner(
  r: Draw,
  country: (typeof COUNTRIES)[keyof typeof COUNTRIES],
  town: (typeof COUNTRIES)[keyof typeof COUNTRIES]['home'][number],
  names: { first: string; last: string; given: OwnerSpec | undefined },
) {
  const { first, last, given } = names;
  const pick = <T>(items: readonly T[]) => items[Math.floor(r() * items.length)]!;
  const street = `${pick(country.streets)} ${1 + Math.floor(r() * 60)}`;
  const postcode =
    country.code === 'NL'
      ? `${town.postcode} ${String.fromCharCode(65 + Math.floor(r() * 26), 65 + Math.floor(r() * 26))}`
      : town.postcode;
  const owner: OwnerSpec = given
    ? { ...given }
    : {
        name: `${first} ${last}`,
        contactType: (r() < 0.5 ? 'MOBILE' : 'EMAIL') as ContactType,
        contact: '',
      };
  if (!owner.contact)
    owner.contact =
      owner.contactType === 'MOBILE'
        ? country.mobile(r)
        : `${ascii(first)}.${ascii(last)}@${country.mailDomain}`;
  return { street, postcode, owner };
}

function plantSpec(prefix: string, i: number, ownerOf?: (i: number) => OwnerSpec | undefined): PlantSpec {
  const r = mulberry32(hash('plant', prefix, i));
  const pick = <T>(items: readonly T[]) => items[Math.floor(r() * items.length)]!;
  const between = (a: number, b: number) => a + (b - a) * r();
  const country = COUNTRIES[COUNTRY_CYCLE[(i - 1) % COUNTRY_CYCLE.length]!];
  const type = TYPE_CYCLE[(i - 1) % TYPE_CYCLE.length]!;
  const anywhere = pick(country.towns);
  // An installer's first plants lie within a drive of its yard: every plant there has neighbours within
  // 50 km to compare its performance with (docs/energy.md); later ones spread over the country.
  const town =
    i <= HOME_AREA_PLANTS
      ? country.home[Math.floor((i - 1) / COUNTRY_CYCLE.length) % country.home.length]!
      : anywhere;
  const first = pick(country.first);
  const last = pick(country.last);

  const plant = { type, ...drawArray(r, i, type) };
  const { balcony, farm, installedCapacity, storageDraw, tilt, azimuth, threePhase } = plant;
  const sn = (letter: string) => serialOf(prefix, letter, i);
  const { dongle, devices, inverter, battery } = drawDevices(r, sn, plant);

  const timezone = country.timezone;
  const latitude = round(town.lat + between(-0.08, 0.08), 5);
  const longitude = round(town.lon + between(-0.12, 0.12), 5);
  const plantDef: PlantDef = {
    latitude,
    longitude,
    tilt,
    azimuth,
    capacityKwp: installedCapacity,
    storageKwh: 0,
    type,
    timezone,
  };
  const deviceDefs = devices.map(deviceDefOf);
  const storageCapacity = battery
    ? batteryKwh(
        yearlyDemandKwh(plantDef, systemOf(plantDef, deviceDefs, seedOf(dongle.sn))),
        installedCapacity,
        storageDraw,
      )
    : null;
  if (battery) battery.model = `LFP-${storageCapacity!.toFixed(1)}`;
  // Ratings as the simulator models them, so the device record and its telemetry agree.
  const system = systemOf({ ...plantDef, storageKwh: storageCapacity ?? 0 }, deviceDefs, seedOf(dongle.sn));
  inverter.ratedPower = system.ratedW;
  const kw = round(system.ratedW / 1000, 1);
  inverter.model = balcony
    ? `M${system.ratedW}`
    : `${type === 'ENERGY_STORAGE' ? 'H' : 'S'}${threePhase ? 3 : 1}-${kw}K`;
  const ev = devices.find((d) => d.kind === 'EV_CHARGER');
  if (ev) {
    ev.ratedPower = system.evChargerW;
    ev.model = `EVC-${round((system.evChargerW ?? 0) / 1000, 1)}`;
  }

  const { street, postcode, owner } = drawOwner(r, country, town, { first, last, given: ownerOf?.(i) });
  const surname = capitalize(owner.name.split(' ').slice(1).join(' ') || owner.name);
  const label = farm ? country.labels.FARM : country.labels[type];

  const connected = isoDate(2019 + Math.floor(r() * 6), Math.floor(r() * 360));
  const built = new Date(Date.parse(connected) - (7 + Math.floor(r() * 40)) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return {
    number: i,
    plantNo: sn('P'),
    name: `${label} ${surname}, ${town.name}`,
    type,
    installedCapacity,
    storageCapacity,
    tilt,
    azimuth,
    // Balcony systems usually feed in without pay.
    feedInPrice: balcony ? 0 : round(between(...country.feedIn), 4),
    purchasePrice: round(between(...country.purchase), 4),
    countryCode: country.code,
    regionCode: town.region,
    address: `${street}, ${postcode} ${town.name}`,
    latitude,
    longitude,
    timezone,
    gridConnectionDate: connected,
    buildDate: built,
    owner,
    dongle,
    devices,
  };
}

/** What the simulator needs of a plant, from its stored record. */
export function plantDefOf(p: {
  latitude: number;
  longitude: number;
  tilt: number | null;
  azimuth: number | null;
  installedCapacity: number;
  storageCapacity: number | null;
  type: StationType;
  timezone: string;
}): PlantDef {
  return {
    latitude: p.latitude,
    longitude: p.longitude,
    tilt: p.tilt ?? 30,
    azimuth: p.azimuth ?? 0,
    capacityKwp: p.installedCapacity,
    storageKwh: p.storageCapacity ?? 0,
    type: p.type,
    timezone: p.timezone,
  };
}

export const deviceDefOf = (d: {
  sn: string;
  kind: DeviceKind;
  inverterType: InverterType | null;
  manufacturer?: string | null;
  model?: string | null;
}): DeviceDef => ({
  sn: d.sn,
  kind: d.kind,
  ...(d.inverterType ? { inverterType: d.inverterType } : {}),
  // What the simulated device checks a firmware manifest against.
  ...(d.manufacturer ? { manufacturer: d.manufacturer } : {}),
  ...(d.model ? { model: d.model } : {}),
});
