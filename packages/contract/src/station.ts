import { z } from 'zod';
import { IdSchema, sortedPageQuerySchema } from './api.ts';
import {
  ContactTypeSchema,
  DeviceStatusSchema,
  InverterTypeSchema,
  NetworkingModeSchema,
  PlantStatusSchema,
  StationTypeSchema,
} from './enums.ts';
import { DeviceKindSchema } from './metrics.ts';
import { SerialSchema } from './mqtt.ts';
import { PlantStatusCountsSchema, SpecificYieldsSchema } from './plant-data.ts';
import { emailSchema, phoneSchema, requiredText, withParams } from './validation.ts';

/**
 * The plant center (requirements §R5): list, KPIs, add/edit/delete, the plant's information and its dongles'
 * MQTT secrets. Field names follow the spec (stationName, angleOfRoll, onlineElectrovalence …).
 */

export const stationNameSchema = requiredText(1, 100).regex(/^[^<>{}\\]*$/, {
  message: 'validation.specialChars',
});

/** A number within [min, max]; one message naming both ends. */
const ranged = (min: number, max: number, key = 'station.range') =>
  z
    .number({ error: 'validation.type' })
    .finite()
    .min(min, { message: withParams(key, { min, max }) })
    .max(max, { message: withParams(key, { min, max }) });

export const latitudeSchema = z
  .number({ error: 'validation.required' })
  .min(-90, { message: 'validation.latitude' })
  .max(90, { message: 'validation.latitude' });
export const longitudeSchema = z
  .number({ error: 'validation.required' })
  .min(-180, { message: 'validation.longitude' })
  .max(180, { message: 'validation.longitude' });
/** Tilt of the modules, 0 (flat) to 90 (vertical), entered as a positive number (requirements §R5.5). */
export const tiltSchema = ranged(0, 90, 'station.tilt');
/** Bearing of the modules, 0 = due south, entered as a positive number up to 360 (requirements §R5.5). */
export const azimuthSchema = ranged(0, 360, 'station.azimuth');
/** kWp of PV, > 0 and within numeric(10,3). */
export const capacitySchema = z
  .number({ error: 'validation.required' })
  .gt(0, { message: 'station.positive' })
  .max(9_999_999, { message: withParams('validation.tooBig', { max: 9_999_999 }) });
/** A price per kWh in the plant's currency, ≥ 0 (numeric(10,4)). */
export const priceSchema = ranged(0, 999_999);
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid' });
/** What the upload answers (`POST /file/upload`): a random name under /file/pictures/. */
export const PICTURE_URL = /^\/file\/pictures\/[a-f0-9]{32}\.(png|jpg|webp)$/;
export const pictureUrlSchema = z.string().regex(PICTURE_URL, { message: 'validation.invalid' });

/** A device row is complete with its serial number; a blank one says "complete device and battery info". */
const deviceSerial = z
  .string({ error: 'validation.deviceInfo' })
  .trim()
  .min(1, { message: 'validation.deviceInfo' })
  .pipe(SerialSchema);
const optionalLabel = z
  .string()
  .trim()
  .max(64, { message: withParams('validation.length', { min: 0, max: 64 }) })
  .optional()
  .nullable();

/** A device's address on its dongle's bus (Modbus 1–247); optional. */
const deviceAddress = ranged(1, 247).int({ message: 'validation.invalid' }).optional().nullable();

export const InverterInputSchema = z.object({
  sn: deviceSerial,
  deviceAddress,
  inverterType: z.enum(InverterTypeSchema.options, { error: 'validation.deviceInfo' }),
  /** W. */
  ratedPower: ranged(1, 10_000_000).int({ message: 'validation.invalid' }).optional().nullable(),
  manufacturer: optionalLabel,
  model: optionalLabel,
});
export const BatteryInputSchema = z.object({
  sn: deviceSerial,
  deviceAddress,
  manufacturer: optionalLabel,
  model: optionalLabel,
});
export const MeterInputSchema = z.object({ sn: deviceSerial, deviceAddress });

export const DongleInputSchema = z.object({
  sn: deviceSerial,
  networkingMode: NetworkingModeSchema.default('WIFI'),
  inverters: z.array(InverterInputSchema).min(1, { message: 'validation.addDevice' }).max(16),
  batteries: z.array(BatteryInputSchema).max(16).default([]),
  meters: z.array(MeterInputSchema).max(4).default([]),
});
export type DongleInput = z.infer<typeof DongleInputSchema>;

export const StationDevicesSchema = z.object({
  dongles: z.array(DongleInputSchema).min(1, { message: 'validation.addDevice' }).max(32),
});
export type StationDevices = z.infer<typeof StationDevicesSchema>;

/** Every serial of a request, with the path of the field that holds it. */
export function serialsOf(devices: StationDevices): { sn: string; path: (string | number)[] }[] {
  const out: { sn: string; path: (string | number)[] }[] = [];
  devices.dongles.forEach((d, i) => {
    out.push({ sn: d.sn, path: ['devices', 'dongles', i, 'sn'] });
    for (const kind of ['inverters', 'batteries', 'meters'] as const)
      d[kind].forEach((x, j) => {
        out.push({ sn: x.sn, path: ['devices', 'dongles', i, kind, j, 'sn'] });
      });
  });
  return out;
}

/** Optional fields take null, undefined or (for text) '' as "not given". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: withParams('validation.length', { min: 0, max }) })
    .nullish()
    .or(z.literal(''));

const stationFields = {
  stationName: stationNameSchema,
  stationType: StationTypeSchema,
  installedCapacity: capacitySchema,
  /** kWh; required for ENERGY_STORAGE. */
  energyStorage: capacitySchema.nullish(),
  gridConnectionTime: dateSchema.nullish().or(z.literal('')),
  buildDate: dateSchema.nullish().or(z.literal('')),
  angleOfRoll: tiltSchema.nullish(),
  azimuth: azimuthSchema.nullish(),
  onlineElectrovalence: priceSchema.nullish(),
  buyElectrovalence: priceSchema.nullish(),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { message: 'validation.invalid' })
    .default('EUR'),
  stationPicture: pictureUrlSchema.nullish().or(z.literal('')),
  countryCode: z
    .string({ error: 'validation.required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: 'validation.required' }),
  regionCode: optionalText(20),
  detailAddress: optionalText(255),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  /** IANA zone; default from the country. */
  timezone: optionalText(40),
  /** The managing organisation (dealer, installer or provider); default the caller's. */
  orgId: IdSchema.nullish(),
  devices: StationDevicesSchema,
  ownerName: requiredText(1, 64).nullish().or(z.literal('')),
  contactType: ContactTypeSchema.nullish(),
  /** On edit, left empty keeps the stored contact (the form shows it masked). */
  contactInformation: optionalText(254),
};

const given = <T>(v: T | null | undefined | ''): v is T => v !== undefined && v !== null && v !== '';

type StationFieldsOut = z.infer<z.ZodObject<typeof stationFields>>;

/** Cross-field rules: storage for storage plants, the owner group, serials unique within the request. */
function checkStation(b: StationFieldsOut, ctx: z.RefinementCtx, editing: boolean) {
  if (b.stationType === 'ENERGY_STORAGE' && !given(b.energyStorage))
    ctx.addIssue({ code: 'custom', path: ['energyStorage'], message: 'validation.required' });
  if (given(b.ownerName) || given(b.contactType) || given(b.contactInformation)) {
    if (!given(b.ownerName))
      ctx.addIssue({ code: 'custom', path: ['ownerName'], message: 'validation.required' });
    if (!given(b.contactType))
      ctx.addIssue({ code: 'custom', path: ['contactType'], message: 'validation.required' });
    if (!given(b.contactInformation) && !editing)
      ctx.addIssue({ code: 'custom', path: ['contactInformation'], message: 'validation.required' });
    if (given(b.contactInformation) && given(b.contactType)) {
      // Spaces, dashes and brackets are how people write phone numbers; the server stores digits only.
      const ok =
        b.contactType === 'EMAIL'
          ? emailSchema.safeParse(b.contactInformation)
          : phoneSchema.safeParse(b.contactInformation.replace(/[\s()/-]/g, ''));
      if (!ok.success)
        ctx.addIssue({
          code: 'custom',
          path: ['contactInformation'],
          message: b.contactType === 'EMAIL' ? 'validation.email' : 'validation.phone',
        });
    }
  }
  const seen = new Set<string>();
  for (const { sn, path } of serialsOf(b.devices)) {
    if (seen.has(sn)) ctx.addIssue({ code: 'custom', path, message: 'station.serialRepeated' });
    seen.add(sn);
  }
}

export const StationAddBodySchema = z
  .object(stationFields)
  .superRefine((b, ctx) => checkStation(b, ctx, false));
export type StationAddBody = z.infer<typeof StationAddBodySchema>;
export type StationAddInput = z.input<typeof StationAddBodySchema>;

export const StationEditBodySchema = z
  .object({ id: IdSchema, ...stationFields })
  .superRefine((b, ctx) => checkStation(b, ctx, true));
export type StationEditBody = z.infer<typeof StationEditBodySchema>;

/** The plain secret of each dongle registered by this call: shown once, only its hash is kept. */
export const DongleSecretSchema = z.object({ sn: z.string(), secret: z.string() });
export type DongleSecret = z.infer<typeof DongleSecretSchema>;
export const StationSaveResultSchema = z.object({
  id: z.number(),
  stationNo: z.string(),
  dongles: z.array(DongleSecretSchema),
});
export type StationSaveResult = z.infer<typeof StationSaveResultSchema>;

export const StationDeleteBodySchema = z.object({
  id: IdSchema,
  /** The plant name, typed by the user to confirm. */
  confirmName: z.string().max(200),
});
export const ResetSecretBodySchema = z.object({ dongleId: IdSchema });

/**
 * What the plant list may be sorted by on the server: name, status (normal → warning → fault → offline),
 * capacity, current power, today's generation, the specific yields (kWh/kWp) of today, this month and
 * this year in each plant's local calendar, grid connection and registration time (the default, newest first).
 */
export const STATION_SORTS = [
  'stationName',
  'status',
  'installedCapacity',
  'currentPower',
  'todayGeneration',
  'todayYield',
  'monthYield',
  'yearYield',
  'gridConnectionTime',
  'createTime',
] as const;
export type StationSort = (typeof STATION_SORTS)[number];
export const StationPageQuerySchema = sortedPageQuerySchema(STATION_SORTS);

export const StationPageBodySchema = z.object({
  stationName: z.string().trim().max(100).optional(),
  stationNo: z.string().trim().max(24).optional(),
  stationType: StationTypeSchema.optional(),
  status: PlantStatusSchema.optional(),
  /** That organisation and its sub-organisations (within the caller's scope). */
  orgId: IdSchema.optional(),
  /** Owner name or owner account, contains. */
  ownerName: z.string().trim().max(64).optional(),
});
export type StationPageBody = z.infer<typeof StationPageBodySchema>;

export const StationRowSchema = z.object({
  id: z.number(),
  stationNo: z.string(),
  stationName: z.string(),
  stationType: StationTypeSchema,
  status: PlantStatusSchema,
  /** Offline because no dongle of the plant has ever reported: shown as "not connected yet". */
  neverConnected: z.boolean(),
  /** Added through the portal and its commissioning checklist not completed yet (docs/commissioning.md). */
  commissioning: z.boolean(),
  /** kWp. */
  installedCapacity: z.number(),
  /** kWh. */
  energyStorage: z.number().nullable(),
  orgId: z.number(),
  orgName: z.string(),
  ownerName: z.string().nullable(),
  ownerUserId: z.number().nullable(),
  /** W: the plant's PV power now (docs/energy.md "Power now"); 0 while the plant is offline. */
  currentPower: z.number(),
  /** kWh generated on the plant's local today. */
  todayGeneration: z.number(),
  /** kWh/kWp of today, this month and this year (the plant's local calendar); null without capacity. */
  specificYield: SpecificYieldsSchema,
  gridConnectionTime: z.string().nullable(),
  createTime: z.string(),
  deviceCount: z.number(),
});
export type StationRow = z.infer<typeof StationRowSchema>;

export const StationKpiSchema = z.object({
  total: z.number(),
  byStatus: PlantStatusCountsSchema,
  installedCapacity: z.number(),
  energyStorage: z.number(),
  todayGeneration: z.number(),
  currentPower: z.number(),
});
export type StationKpi = z.infer<typeof StationKpiSchema>;

export const StationDeviceSchema = z.object({
  id: z.number(),
  sn: z.string(),
  kind: DeviceKindSchema,
  status: DeviceStatusSchema,
  inverterType: InverterTypeSchema.nullable(),
  ratedPower: z.number().nullable(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  /** Its address on the dongle's bus, where the installer gave one. */
  deviceAddress: z.number().nullable(),
  versions: z.record(z.string(), z.string()),
  lastSeenAt: z.string().nullable(),
});
export type StationDevice = z.infer<typeof StationDeviceSchema>;

export const StationDongleSchema = z.object({
  id: z.number(),
  sn: z.string(),
  networkingMode: NetworkingModeSchema,
  status: DeviceStatusSchema,
  version: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  devices: z.array(StationDeviceSchema),
});
export type StationDongle = z.infer<typeof StationDongleSchema>;

/** A plant on the fleet map: where it is, its status as the list shows it, and its figures now. */
export const PlantMapPointSchema = z.object({
  id: z.number(),
  stationName: z.string(),
  status: PlantStatusSchema,
  /** Offline because no dongle of the plant has ever reported: shown as "not connected yet". */
  neverConnected: z.boolean(),
  latitude: z.number(),
  longitude: z.number(),
  /** kWp. */
  installedCapacity: z.number(),
  /** W: the inverters' latest power; 0 while the plant is offline. */
  currentPower: z.number(),
});
export type PlantMapPoint = z.infer<typeof PlantMapPointSchema>;

/** Every plant of the caller's scope (and the list's filters) that has coordinates; not a page. */
export const PlantMapSchema = z.object({
  list: z.array(PlantMapPointSchema),
  /** Plants of the same scope and filters without coordinates, so not on the map. */
  withoutLocation: z.number(),
});
export type PlantMap = z.infer<typeof PlantMapSchema>;

/** GET /station/station/{id}: the plant in the spec's field names; the owner's contact masked. */
export const StationDetailSchema = z.object({
  id: z.number(),
  stationNo: z.string(),
  stationName: z.string(),
  stationType: StationTypeSchema,
  status: PlantStatusSchema,
  /** Offline because no dongle of the plant has ever reported: shown as "not connected yet". */
  neverConnected: z.boolean(),
  /** Added through the portal and its commissioning checklist not completed yet (docs/commissioning.md). */
  commissioning: z.boolean(),
  orgId: z.number(),
  organization: z.string(),
  ownerUserId: z.number().nullable(),
  /** The linked owner's account name. */
  userName: z.string().nullable(),
  ownerName: z.string().nullable(),
  contactType: ContactTypeSchema.nullable(),
  contactInformation: z.string().nullable(),
  countryCode: z.string().nullable(),
  regionCode: z.string().nullable(),
  /** Country and region, as names in the caller's language where known. */
  stationArea: z.string().nullable(),
  detailAddress: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timezone: z.string(),
  installedCapacity: z.number(),
  energyStorage: z.number().nullable(),
  stationPicture: z.string().nullable(),
  gridConnectionTime: z.string().nullable(),
  buildDate: z.string().nullable(),
  registrationTime: z.string(),
  angleOfRoll: z.number().nullable(),
  azimuth: z.number().nullable(),
  onlineElectrovalence: z.number().nullable(),
  buyElectrovalence: z.number().nullable(),
  currency: z.string(),
  updateTime: z.string(),
  updateByName: z.string().nullable(),
  dongles: z.array(StationDongleSchema),
});
export type StationDetail = z.infer<typeof StationDetailSchema>;

export const StationAddressSchema = z.object({
  countryCode: z.string().nullable(),
  countryName: z.string().nullable(),
  regionCode: z.string().nullable(),
  /** From the country down to the plant's region. */
  regionNames: z.array(z.string()),
  detailAddress: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timezone: z.string(),
});
export type StationAddress = z.infer<typeof StationAddressSchema>;

/** Pictures: PNG, JPEG or WebP by their signature, at most 5 MB. */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * …and at most 50 million pixels by their header (a 50-megapixel phone photo fits): a browser decodes a
 * picture into 4 bytes a pixel whatever its file size, so 1 KB claiming 60,000 × 60,000 would take 14 GB.
 */
export const PICTURE_MAX_PIXELS = 50_000_000;
export const UploadResultSchema = z.object({ url: z.string() });
export type UploadResult = z.infer<typeof UploadResultSchema>;

/**
 * The zone a new plant gets when none is chosen: the capital's zone of each country of the region list
 * (a plant in another zone of a large country picks its own).
 */
export const DEFAULT_TIMEZONE: Record<string, string> = {
  AT: 'Europe/Vienna',
  BE: 'Europe/Brussels',
  BG: 'Europe/Sofia',
  HR: 'Europe/Zagreb',
  CY: 'Asia/Nicosia',
  CZ: 'Europe/Prague',
  DK: 'Europe/Copenhagen',
  EE: 'Europe/Tallinn',
  FI: 'Europe/Helsinki',
  FR: 'Europe/Paris',
  DE: 'Europe/Berlin',
  GR: 'Europe/Athens',
  HU: 'Europe/Budapest',
  IE: 'Europe/Dublin',
  IT: 'Europe/Rome',
  LV: 'Europe/Riga',
  LT: 'Europe/Vilnius',
  LU: 'Europe/Luxembourg',
  MT: 'Europe/Malta',
  NL: 'Europe/Amsterdam',
  PL: 'Europe/Warsaw',
  PT: 'Europe/Lisbon',
  RO: 'Europe/Bucharest',
  SK: 'Europe/Bratislava',
  SI: 'Europe/Ljubljana',
  ES: 'Europe/Madrid',
  SE: 'Europe/Stockholm',
  GB: 'Europe/London',
  CH: 'Europe/Zurich',
  NO: 'Europe/Oslo',
  IS: 'Atlantic/Reykjavik',
  LI: 'Europe/Vaduz',
  CN: 'Asia/Shanghai',
  US: 'America/New_York',
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
  CA: 'America/Toronto',
  JP: 'Asia/Tokyo',
  KR: 'Asia/Seoul',
  IN: 'Asia/Kolkata',
  BR: 'America/Sao_Paulo',
  ZA: 'Africa/Johannesburg',
  TR: 'Europe/Istanbul',
  UA: 'Europe/Kyiv',
};
