import { z } from 'zod';
import { IdSchema, sortedPageQuerySchema } from './api.ts';
import {
  DeviceStatusSchema,
  type InverterType,
  InverterTypeSchema,
  NetworkingModeSchema,
  type StationType,
  StationTypeSchema,
} from './enums.ts';
import { type DeviceKind, DeviceKindSchema, METRICS, metricDef } from './metrics.ts';
import { PERM, type PermCode } from './perm.ts';
import { LocalDateSchema } from './plant-data.ts';
import { ReadingDecisionSchema, SetAsideReasonSchema } from './reading-quality.ts';
import { withParams } from './validation.ts';

/**
 * The device center (requirements §R6.1, §R6.2): lists per device type, a device's detail with
 * its latest values, the history of chosen metrics over one local day, and which metrics a plant of a
 * given type charts. Field names follow the spec (manufactor, deviceSpec, collectorSN …).
 */

/** The telemetry kinds plus the dongle (a data collector with its own table, not a telemetry device). */
export const DeviceTypeSchema = z.enum(
  ['INVERTER', 'DONGLE', 'BATTERY', 'METER', 'EV_CHARGER', 'HEAT_PUMP'],
  {
    error: 'validation.enum',
  },
);
export type DeviceType = z.infer<typeof DeviceTypeSchema>;

/**
 * The permission code each list needs (requirements §R2.3: inverter and dongle 2002001, battery 2002002).
 * Meters, EV chargers and heat pumps have no menu of their own: the device center's code covers them.
 */
export const DEVICE_TYPE_PERM: Record<DeviceType, PermCode> = {
  INVERTER: PERM.deviceInverter,
  DONGLE: PERM.deviceInverter,
  BATTERY: PERM.deviceBattery,
  METER: PERM.deviceCenter,
  EV_CHARGER: PERM.deviceCenter,
  HEAT_PUMP: PERM.deviceCenter,
};

const filterText = z
  .string()
  .trim()
  .max(64, { message: withParams('validation.length', { min: 0, max: 64 }) })
  .optional();

/**
 * What a device list may be sorted by on the server: serial number, plant name, status, the latest power,
 * state of charge and health, the last report. Dongles report no values of their own: sorting them by
 * power, soc or soh is a 400 naming `orderBy`. Default: by plant, then serial number.
 */
export const DEVICE_SORTS = [
  'sn',
  'stationName',
  'deviceStatus',
  'power',
  'soc',
  'soh',
  'lastSeenAt',
] as const;
export type DeviceSort = (typeof DEVICE_SORTS)[number];
export const DevicePageQuerySchema = sortedPageQuerySchema(DEVICE_SORTS);

export const DevicePageBodySchema = z.object({
  deviceType: DeviceTypeSchema,
  /** Serial number contains. */
  sn: filterText,
  plantId: IdSchema.optional(),
  /** Plant name contains. */
  stationName: filterText,
  status: DeviceStatusSchema.optional(),
  /** Manufacturer / model contains (dongles have neither: such a filter finds no dongle). */
  manufacturer: filterText,
  model: filterText,
});
export type DevicePageBody = z.infer<typeof DevicePageBodySchema>;

export const DeviceRowSchema = z.object({
  /** The device's id, or the dongle's for DONGLE rows. */
  id: z.number(),
  deviceType: DeviceTypeSchema,
  sn: z.string(),
  /** The model where known, else the serial number. */
  deviceName: z.string(),
  manufactor: z.string().nullable(),
  deviceSpec: z.string().nullable(),
  deviceStatus: DeviceStatusSchema,
  plantId: z.number(),
  stationName: z.string(),
  stationType: StationTypeSchema,
  /** The dongle the device reports through (its own serial for DONGLE rows). */
  collectorId: z.number(),
  collectorSN: z.string(),
  /**
   * The seed's per-kind serials: an inverter's own as `inverterSN` (a battery's or meter's: the first
   * inverter on its dongle, the one it works with), a battery's as `cellSN`, a meter's as `elecMeterSN`;
   * null where the kind has none.
   */
  inverterSN: z.string().nullable(),
  cellSN: z.string().nullable(),
  elecMeterSN: z.string().nullable(),
  /** Its address on the dongle's bus (Modbus 1–247), where the installer gave one; null for dongles. */
  deviceAddress: z.number().nullable(),
  inverterType: InverterTypeSchema.nullable(),
  /** Firmware versions: inverter, dongle, safety, hmi (and what else the device reports). */
  versions: z.record(z.string(), z.string()),
  /** The dongle's link (for devices: the link of their dongle). */
  networkingMode: NetworkingModeSchema,
  /** W. */
  ratedPower: z.number().nullable(),
  /** Latest power, W (null for dongles and before the first message). */
  power: z.number().nullable(),
  /** Latest state of charge / health, % (batteries; soc also for hybrid inverters). */
  soc: z.number().nullable(),
  soh: z.number().nullable(),
  lastSeenAt: z.string().nullable(),
  createTime: z.string(),
});
export type DeviceRow = z.infer<typeof DeviceRowSchema>;

export const DeviceDetailQuerySchema = z.object({ deviceType: DeviceTypeSchema, id: IdSchema });
export type DeviceDetailQuery = z.infer<typeof DeviceDetailQuerySchema>;

export const DeviceLatestSchema = z.object({ ts: z.string(), data: z.record(z.string(), z.number()) });

export const DongleDeviceSchema = z.object({
  id: z.number(),
  kind: DeviceKindSchema,
  sn: z.string(),
  model: z.string().nullable(),
  status: DeviceStatusSchema,
});

export const DeviceDetailSchema = DeviceRowSchema.extend({
  /** The plant's time zone: the history's days are its local days. */
  timezone: z.string(),
  /** Newest values (null before the first message; always null for a dongle). */
  latest: DeviceLatestSchema.nullable(),
  /** Dongles: the devices reporting through it and its learnt reporting interval (s). */
  devices: z.array(DongleDeviceSchema).optional(),
  intervalSeconds: z.number().optional(),
});
export type DeviceDetail = z.infer<typeof DeviceDetailSchema>;

export const HISTORY_MAX_METRICS = 8;
export const HISTORY_BUCKET_SECONDS = 300;

export const DeviceHistoryBodySchema = z.object({
  deviceId: IdSchema,
  date: LocalDateSchema,
  metrics: z
    .array(z.string().max(40, { message: 'device.metricUnknown' }), { error: 'validation.required' })
    .min(1, { message: 'validation.required' })
    .max(HISTORY_MAX_METRICS, { message: withParams('device.tooManyMetrics', { max: HISTORY_MAX_METRICS }) }),
});
export type DeviceHistoryBody = z.infer<typeof DeviceHistoryBodySchema>;

export const DeviceHistorySchema = z.object({
  date: z.string(),
  timezone: z.string(),
  /**
   * One series per requested metric: 5-minute buckets, `[epoch ms of the bucket start, value]`. Gauges are
   * the bucket's mean, counters its largest value, states its last code. Buckets without data are absent.
   * A counter leaves out the readings metering set aside and nobody accepted (decision 031): they are
   * `setAside`, so a glitch of 999,000,000 kWh is a marker, not the scale of the chart.
   */
  series: z.array(
    z.object({
      metric: z.string(),
      unit: z.string(),
      points: z.array(z.tuple([z.number(), z.number()])),
    }),
  ),
  /** The day's set-aside readings of the requested counters, oldest first, whatever their decision. */
  setAside: z.array(
    z.object({
      ts: z.number(),
      counter: z.string(),
      value: z.number(),
      reason: SetAsideReasonSchema,
      decision: ReadingDecisionSchema.nullable(),
    }),
  ),
});
export type DeviceHistory = z.infer<typeof DeviceHistorySchema>;

export const EquipmentParamsQuerySchema = z.object({
  stationType: StationTypeSchema,
  inverterType: InverterTypeSchema.default('SINGLE_PHASE'),
});
export type EquipmentParamsQuery = z.infer<typeof EquipmentParamsQuerySchema>;

export const EquipmentParamSchema = z.object({
  key: z.string(),
  kind: DeviceKindSchema,
  unit: z.string(),
  group: z.string(),
});
export type EquipmentParam = z.infer<typeof EquipmentParamSchema>;

/** Inverter metrics every plant charts; storage adds the battery flow, three phases add phases B and C. */
const PV_METRICS = [
  'power',
  'pvPower',
  'gridPower',
  'loadPower',
  'mppt1Power',
  'mppt2Power',
  'phaseAVoltage',
  'phaseACurrent',
  'frequency',
  'temperature',
  'dailyGeneration',
  'dailyConsumption',
  'dailyFeedIn',
  'dailyPurchase',
];
const STORAGE_METRICS = ['batteryPower', 'soc', 'dailyCharge', 'dailyDischarge'];
/** A balcony plant is a micro-inverter behind a socket: no meter, no battery. */
const BALCONY_METRICS = ['power', 'pvPower', 'mppt1Power', 'phaseAVoltage', 'temperature', 'dailyGeneration'];
const THREE_PHASE_METRICS = ['phaseBVoltage', 'phaseBCurrent', 'phaseCVoltage', 'phaseCCurrent'];

/**
 * Which metrics a plant of this type charts (GET /iot/stationPower/getEquipmentStatisticsParams), in the
 * catalogue's order. One rule for the server's answer and the web's defaults.
 */
export function equipmentStatisticsParams(
  stationType: StationType,
  inverterType: InverterType = 'SINGLE_PHASE',
): EquipmentParam[] {
  const kind: DeviceKind = 'INVERTER';
  const keys = new Set([
    ...(stationType === 'BALCONY_PHOTOVOLTAICS' ? BALCONY_METRICS : PV_METRICS),
    ...(stationType === 'ENERGY_STORAGE' ? STORAGE_METRICS : []),
    ...(inverterType === 'THREE_PHASE' ? THREE_PHASE_METRICS : []),
  ]);
  return METRICS.filter((m) => m.kind === kind && keys.has(m.key)).map((m) => ({
    key: m.key,
    kind: m.kind,
    unit: m.unit,
    group: m.group,
  }));
}

/** The telemetry kind of a device type (null for the dongle). */
export const kindOf = (type: DeviceType): DeviceKind | null => (type === 'DONGLE' ? null : type);

/** Whether every key is a metric of this kind; the first that is not, else null. */
export const unknownMetric = (kind: DeviceKind, keys: readonly string[]): string | null =>
  keys.find((k) => !metricDef(kind, k)) ?? null;
