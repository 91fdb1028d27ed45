import { z } from 'zod';

/**
 * Every telemetry point, declared once: its device kind, unit, what kind of value it is and its sign
 * convention. The simulator produces these, ingest validates and stores them, the web labels and charts
 * them (labels in the web namespace `metric`: `label.<key>`, `group.<group>`, `state.<STATE>`,
 * apps/web/src/i18n/locales/<lang>/metric.json, looked up by apps/web/src/components/metric-label.ts).
 *
 * Sign conventions (the same everywhere):
 *  - battery power: positive = discharging into the house, negative = charging;
 *  - grid power: positive = buying from the grid, negative = feeding in;
 *  - PV, load and inverter output power are never negative.
 */
export const DeviceKindSchema = z.enum(['INVERTER', 'BATTERY', 'METER', 'EV_CHARGER', 'HEAT_PUMP']);
export type DeviceKind = z.infer<typeof DeviceKindSchema>;

export type MetricUnit = 'W' | 'var' | 'V' | 'A' | 'Hz' | '°C' | '%' | 'kWh' | '';
/** gauge: an instant value; counter: cumulative energy (daily counters reset at local midnight); state: an enumerated code. */
export type MetricType = 'gauge' | 'counter' | 'state';

export interface MetricDef {
  key: string;
  kind: DeviceKind;
  unit: MetricUnit;
  type: MetricType;
  /** Plausible limits: a value outside is a bad message, not a reading. */
  min: number;
  max: number;
  sign?: string;
  /** Display group in the real-time view and the device detail. */
  group: string;
  /** For counters: `daily` resets every local midnight, `total` only grows. */
  period?: 'daily' | 'total';
  /** For states: the meaning of each code. */
  states?: readonly string[];
}

const W = 1_000_000;
const gauge = (
  kind: DeviceKind,
  group: string,
  key: string,
  unit: MetricUnit,
  min: number,
  max: number,
  sign?: string,
): MetricDef => ({
  key,
  kind,
  unit,
  type: 'gauge',
  min,
  max,
  group,
  ...(sign ? { sign } : {}),
});
const counter = (kind: DeviceKind, key: string, period: 'daily' | 'total'): MetricDef => ({
  key,
  kind,
  unit: 'kWh',
  type: 'counter',
  min: 0,
  max: 1e9,
  group: 'energy',
  period,
});
const state = (kind: DeviceKind, group: string, key: string, states: readonly string[]): MetricDef => ({
  key,
  kind,
  unit: '',
  type: 'state',
  min: 0,
  max: states.length - 1,
  group,
  states,
});

export const BATTERY_STATES = [
  'IDLE',
  'CHARGING',
  'DISCHARGING',
  'FAULTY',
  'UNAVAILABLE',
  'UPDATEING',
] as const;
export const COMMUNICATION_STATES = ['NORMAL', 'FAULTY'] as const;
export const WORKING_MODES = ['OWN_USE'] as const;
export const CHARGER_STATES = ['AVAILABLE', 'PLUGGED', 'CHARGING', 'FINISHED', 'FAULTY'] as const;
export const HEAT_PUMP_STATES = ['OFF', 'HEATING', 'HOT_WATER', 'DEFROST', 'FAULTY'] as const;

const phases = (['A', 'B', 'C'] as const).flatMap((p) => [
  gauge('INVERTER', 'ac', `phase${p}Voltage`, 'V', 0, 500),
  gauge('INVERTER', 'ac', `phase${p}Current`, 'A', 0, 200),
]);
const mppt = ([1, 2] as const).flatMap((n) => [
  gauge('INVERTER', 'dc', `mppt${n}Voltage`, 'V', 0, 1500),
  gauge('INVERTER', 'dc', `mppt${n}Current`, 'A', 0, 100),
  gauge('INVERTER', 'dc', `mppt${n}Power`, 'W', 0, W),
]);
const strings = ([1, 2, 3, 4] as const).flatMap((n) => [
  gauge('INVERTER', 'dc', `dc${n}Voltage`, 'V', 0, 1500),
  gauge('INVERTER', 'dc', `dc${n}Current`, 'A', 0, 100),
]);
const energy = (['Generation', 'Consumption', 'Charge', 'Discharge', 'FeedIn', 'Purchase'] as const).flatMap(
  (name) => [counter('INVERTER', `daily${name}`, 'daily'), counter('INVERTER', `total${name}`, 'total')],
);

export const METRICS: readonly MetricDef[] = [
  // Inverter: the plant's view of power flows and its own electrical state.
  gauge('INVERTER', 'summary', 'power', 'W', 0, W, 'AC output, never negative'),
  gauge('INVERTER', 'summary', 'temperature', '°C', -40, 120),
  gauge('INVERTER', 'summary', 'acOutput', 'W', 0, W),
  gauge('INVERTER', 'summary', 'dcInput', 'W', 0, W),
  gauge('INVERTER', 'summary', 'frequency', 'Hz', 0, 70),
  gauge('INVERTER', 'summary', 'soc', '%', 0, 100),
  ...phases,
  gauge('INVERTER', 'ac', 'gridPortPower', 'W', -W, W, 'positive = from the grid'),
  gauge('INVERTER', 'ac', 'offGridPortPower', 'W', 0, W),
  ...mppt,
  ...strings,
  gauge('INVERTER', 'eps', 'epsVoltage', 'V', 0, 500),
  gauge('INVERTER', 'eps', 'epsCurrent', 'A', 0, 200),
  gauge('INVERTER', 'eps', 'epsActivePower', 'W', 0, W),
  gauge('INVERTER', 'eps', 'epsReactivePower', 'var', -W, W),
  gauge('INVERTER', 'flow', 'pvPower', 'W', 0, W),
  gauge('INVERTER', 'flow', 'gridPower', 'W', -W, W, 'positive = buying, negative = feeding in'),
  gauge('INVERTER', 'flow', 'loadPower', 'W', 0, W),
  gauge('INVERTER', 'flow', 'batteryPower', 'W', -W, W, 'positive = discharging, negative = charging'),
  ...energy,
  // Battery.
  state('BATTERY', 'summary', 'status', BATTERY_STATES),
  gauge('BATTERY', 'summary', 'voltage', 'V', 0, 1000),
  gauge('BATTERY', 'summary', 'current', 'A', -500, 500, 'positive = discharging'),
  gauge('BATTERY', 'summary', 'temperature', '°C', -40, 100),
  gauge('BATTERY', 'summary', 'power', 'W', -W, W, 'positive = discharging, negative = charging'),
  gauge('BATTERY', 'summary', 'soh', '%', 0, 100),
  gauge('BATTERY', 'summary', 'soc', '%', 0, 100),
  state('BATTERY', 'summary', 'communicationStatus', COMMUNICATION_STATES),
  state('BATTERY', 'summary', 'workingMode', WORKING_MODES),
  // Meter at the grid connection point.
  gauge('METER', 'summary', 'power', 'W', -W, W, 'positive = buying, negative = feeding in'),
  gauge('METER', 'summary', 'voltage', 'V', 0, 500),
  gauge('METER', 'summary', 'current', 'A', -500, 500),
  gauge('METER', 'summary', 'frequency', 'Hz', 0, 70),
  counter('METER', 'totalImport', 'total'),
  counter('METER', 'totalExport', 'total'),
  // EV charger.
  state('EV_CHARGER', 'summary', 'state', CHARGER_STATES),
  gauge('EV_CHARGER', 'summary', 'power', 'W', 0, 50_000),
  counter('EV_CHARGER', 'sessionEnergy', 'daily'),
  counter('EV_CHARGER', 'totalEnergy', 'total'),
  // Heat pump.
  state('HEAT_PUMP', 'summary', 'state', HEAT_PUMP_STATES),
  gauge('HEAT_PUMP', 'summary', 'power', 'W', 0, 50_000),
  gauge('HEAT_PUMP', 'summary', 'flowTemperature', '°C', -20, 100),
  gauge('HEAT_PUMP', 'summary', 'returnTemperature', '°C', -20, 100),
  gauge('HEAT_PUMP', 'summary', 'outdoorTemperature', '°C', -50, 60),
  gauge('HEAT_PUMP', 'summary', 'hotWaterTemperature', '°C', 0, 100),
  counter('HEAT_PUMP', 'totalEnergy', 'total'),
];

export const metricsOf = (kind: DeviceKind) => METRICS.filter((m) => m.kind === kind);
export const metricDef = (kind: DeviceKind, key: string) =>
  METRICS.find((m) => m.kind === kind && m.key === key);

/**
 * Which way a signed value flows, as data (the `sign` texts above say the same in words): BATTERY,
 * positive = discharging, negative = charging; GRID, positive = buying (import), negative = feeding in.
 * Pages show such a value as its magnitude with the direction in words, never as a bare sign.
 */
export type FlowSign = 'BATTERY' | 'GRID';
const SIGNED: Partial<Record<DeviceKind, Record<string, FlowSign>>> = {
  INVERTER: { gridPower: 'GRID', gridPortPower: 'GRID', batteryPower: 'BATTERY' },
  BATTERY: { power: 'BATTERY', current: 'BATTERY' },
  METER: { power: 'GRID' },
};
export const flowSignOf = (def: Pick<MetricDef, 'kind' | 'key'>): FlowSign | undefined =>
  SIGNED[def.kind]?.[def.key];
