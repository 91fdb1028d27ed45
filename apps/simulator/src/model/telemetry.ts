import { type DeviceKind, type MetricUnit, metricDef } from '@pvstar/contract/metrics';
import type { TelemetryPayload } from '@pvstar/contract/mqtt';
import {
  type Counters,
  type DeviceDef,
  ENERGY_FLOWS,
  type PlantDef,
  type PlantSystem,
  type Sample,
} from './plant.ts';
import { clamp, valueNoise } from './rng.ts';

/**
 * Turns a model sample into what each device reports. Metric names and state codes come from the
 * catalogue: `pack` refuses a name the catalogue does not declare and keeps every value within its
 * declared limits, so a payload can never carry a metric ingest would reject.
 */

const DECIMALS: Record<MetricUnit, number> = {
  W: 0,
  var: 0,
  V: 1,
  A: 2,
  Hz: 2,
  '°C': 1,
  '%': 1,
  kWh: 3,
  '': 0,
};

export function pack(kind: DeviceKind, values: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(values)) {
    const def = metricDef(kind, key);
    if (!def) throw new Error(`${kind} metric "${key}" is not in the catalogue`);
    const scale = 10 ** DECIMALS[def.unit];
    const v = Math.round(clamp(Number.isFinite(value) ? value : 0, def.min, def.max) * scale) / scale;
    out[key] = Object.is(v, -0) ? 0 : v;
  }
  return out;
}

/** The code of a state name as the catalogue's `states` index. */
export function stateCode(kind: DeviceKind, key: string, name: string): number {
  const code = metricDef(kind, key)?.states?.indexOf(name) ?? -1;
  if (code < 0) throw new Error(`${kind}.${key} has no state "${name}"`);
  return code;
}

export interface TelemetryContext {
  plant: PlantDef;
  system: PlantSystem;
  devices: readonly DeviceDef[];
  sample: Sample;
  counters: Counters;
  /** Fault codes currently raised, by device serial number. */
  faults: ReadonlyMap<string, ReadonlySet<string>>;
}

/** One synchronous grid: every plant sees the same frequency wander around 50 Hz. */
const GRID_SEED = 0x50_48_7a;
const MODULE_VMP = 31.5;

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

function gridVoltage(seed: number, phase: number, s: Sample, ratedW: number): number {
  const rise = 6 * Math.max(0, -s.gridW / ratedW); // feeding in lifts the local voltage
  return (
    230 +
    3.5 * valueNoise(seed ^ (phase * 0x9e37), s.ts, 10 * 60_000) +
    1.2 * valueNoise(seed ^ (phase * 0x7f4a), s.ts, 60_000) +
    rise
  );
}

const frequency = (t: number) =>
  50 + 0.03 * valueNoise(GRID_SEED, t, 120_000) + 0.012 * valueNoise(GRID_SEED ^ 1, t, 20_000);

/** Modules per MPPT and how many parallel strings each has, from the array size. */
function stringLayout(plant: PlantDef): { modules: number; strings: number }[] {
  const n = Math.max(2, Math.round((plant.capacityKwp * 1000) / 420));
  if (plant.type === 'BALCONY_PHOTOVOLTAICS') {
    // A micro-inverter's two inputs each take one module, or two in parallel.
    const perInput = Math.max(1, Math.round(n / 2));
    return [
      { modules: 1, strings: perInput },
      { modules: 1, strings: perInput },
    ];
  }
  return [Math.ceil(n / 2), Math.floor(n / 2)].map((m) =>
    m > 18 ? { modules: Math.ceil(m / 2), strings: 2 } : { modules: m, strings: 1 },
  );
}

function inverterData(ctx: TelemetryContext, share: number, phases: number): Record<string, number> {
  const { plant, system, sample: s, counters: c } = ctx;
  const acW = Math.max(0, s.pvW + s.batteryW) * share;
  const data: Record<string, number> = {
    power: acW,
    acOutput: acW,
    dcInput: s.dcW * share,
    frequency: frequency(s.ts),
    pvPower: s.pvW * share,
    gridPower: s.gridW * share,
    loadPower: s.loadW * share,
    batteryPower: s.batteryW * share,
    gridPortPower: s.gridW * share,
  };
  // Balcony micro-inverters sit behind the module outdoors; house inverters hang in a garage or cellar.
  data.temperature =
    plant.type === 'BALCONY_PHOTOVOLTAICS'
      ? s.ambient + 0.02 * s.poa + (12 * acW) / system.ratedW
      : 10 + 0.45 * s.ambient + (28 * acW) / (system.ratedW * share);
  (['A', 'B', 'C'] as const).slice(0, phases).forEach((p, i) => {
    const v = gridVoltage(system.seed, i, s, system.ratedW);
    data[`phase${p}Voltage`] = v;
    data[`phase${p}Current`] = acW / phases / v;
  });
  // Module voltage falls with heat and, logarithmically, in weak light.
  const vmp =
    s.dcW > 0
      ? MODULE_VMP * (1 - 0.0029 * (s.cellTemp - 25)) * (1 + 0.035 * Math.log(Math.max(20, s.poa) / 1000))
      : 0;
  const layout = stringLayout(plant);
  const totalModules = layout.reduce((sum, m) => sum + m.modules * m.strings, 0);
  let dc = 1;
  layout.forEach((m, i) => {
    const mismatch = i === 0 ? 1.004 : 0.996;
    const power = ((s.dcW * share * m.modules * m.strings) / totalModules) * mismatch;
    const voltage = vmp * m.modules;
    const current = voltage > 0 ? power / voltage : 0;
    data[`mppt${i + 1}Voltage`] = voltage;
    data[`mppt${i + 1}Current`] = current;
    data[`mppt${i + 1}Power`] = voltage > 0 ? power : 0;
    for (let k = 0; k < m.strings && dc <= 4; k++, dc++) {
      data[`dc${dc}Voltage`] = voltage;
      data[`dc${dc}Current`] = current / m.strings;
    }
  });
  for (; dc <= 4; dc++) {
    data[`dc${dc}Voltage`] = 0;
    data[`dc${dc}Current`] = 0;
  }
  if (system.battery) {
    // The backed-up circuit (fridge, router, heating controls) runs through the EPS port.
    const eps = Math.min(s.loadW, 70 + 40 * valueNoise(system.seed ^ 0xe95, s.ts, 5 * 60_000)) * share;
    const v = gridVoltage(system.seed, 0, s, system.ratedW) + 0.4;
    Object.assign(data, {
      soc: s.soc,
      epsVoltage: v,
      epsCurrent: eps / v,
      epsActivePower: eps,
      epsReactivePower: eps * 0.2,
      offGridPortPower: eps,
    });
  }
  for (const flow of ENERGY_FLOWS) {
    data[`daily${cap(flow)}`] = c.daily[flow] * share;
    data[`total${cap(flow)}`] = c.total[flow] * share;
  }
  return pack('INVERTER', data);
}

function batteryData(ctx: TelemetryContext, device: DeviceDef, share: number): Record<string, number> {
  const { system, sample: s } = ctx;
  const battery = system.battery;
  const capacity = battery?.capacityKwh ?? ctx.plant.storageKwh;
  // A high-voltage LFP stack of 2.56 kWh modules (16 cells each); cell voltage rises with charge.
  const cells = 16 * Math.max(2, Math.round(capacity / 2.56));
  const x = s.soc / 100;
  const cellV = 3.08 + 0.24 * x + 0.12 * Math.max(0, x - 0.95) * 20 - 0.15 * Math.max(0, 0.12 - x) * 8;
  const open = cells * cellV;
  const powerW = s.batteryW * share;
  const current = powerW / open;
  const voltage = open - current * cells * 0.0015;
  const status = Math.abs(powerW) < 20 ? 'IDLE' : powerW < 0 ? 'CHARGING' : 'DISCHARGING';
  const commFault = ctx.faults.get(device.sn)?.has('BAT-BMS-COMM') ?? false;
  return pack('BATTERY', {
    status: stateCode('BATTERY', 'status', status),
    voltage,
    current: powerW / voltage,
    temperature: 18 + 0.25 * (s.ambient - 10) + (5 * Math.abs(powerW)) / (battery?.maxW ?? 5000),
    power: powerW,
    soh: system.batterySoh,
    soc: s.soc,
    communicationStatus: stateCode('BATTERY', 'communicationStatus', commFault ? 'FAULTY' : 'NORMAL'),
    workingMode: stateCode('BATTERY', 'workingMode', 'OWN_USE'),
  });
}

function meterData(ctx: TelemetryContext): Record<string, number> {
  const { system, sample: s, counters: c } = ctx;
  const v = gridVoltage(system.seed, 0, s, system.ratedW) - 0.6;
  return pack('METER', {
    power: s.gridW,
    voltage: v,
    // A three-phase house connection: the mean phase current, signed like the power.
    current: s.gridW / 3 / v,
    frequency: frequency(s.ts),
    totalImport: c.meterImport,
    totalExport: c.meterExport,
  });
}

function evChargerData(ctx: TelemetryContext): Record<string, number> {
  const { sample: s, counters: c } = ctx;
  return pack('EV_CHARGER', {
    state: stateCode('EV_CHARGER', 'state', s.evState),
    power: s.evW,
    sessionEnergy: c.evSession,
    totalEnergy: c.evTotal,
  });
}

function heatPumpData(ctx: TelemetryContext): Record<string, number> {
  const { sample: s, counters: c } = ctx;
  const hp = s.heatPump;
  return pack('HEAT_PUMP', {
    state: stateCode('HEAT_PUMP', 'state', hp?.state ?? 'OFF'),
    power: hp?.powerW ?? 0,
    flowTemperature: hp?.flowTemperature ?? 22,
    returnTemperature: hp?.returnTemperature ?? 22,
    outdoorTemperature: s.ambient,
    hotWaterTemperature: hp?.hotWaterTemperature ?? 45,
    totalEnergy: c.hpTotal,
  });
}

/** Balcony inverters feed one phase; a house inverter without a declared type is taken as three-phase. */
const phasesOf = (plant: PlantDef, device: DeviceDef) =>
  (device.inverterType ?? (plant.type === 'BALCONY_PHOTOVOLTAICS' ? 'SINGLE_PHASE' : 'THREE_PHASE')) ===
  'SINGLE_PHASE'
    ? 1
    : 3;

/** One message holding every device of the dongle. A meter whose link is down sends nothing. */
export function telemetryPayload(msgId: string, ctx: TelemetryContext): TelemetryPayload {
  const count = (kind: DeviceKind) => Math.max(1, ctx.devices.filter((d) => d.kind === kind).length);
  const devices: TelemetryPayload['devices'] = [];
  for (const device of ctx.devices) {
    const faults = ctx.faults.get(device.sn);
    let data: Record<string, number>;
    switch (device.kind) {
      case 'INVERTER':
        data = inverterData(ctx, 1 / count('INVERTER'), phasesOf(ctx.plant, device));
        break;
      case 'BATTERY':
        data = batteryData(ctx, device, 1 / count('BATTERY'));
        break;
      case 'METER':
        if (faults?.has('MTR-COMM')) continue;
        data = meterData(ctx);
        break;
      case 'EV_CHARGER':
        data = evChargerData(ctx);
        break;
      case 'HEAT_PUMP':
        data = heatPumpData(ctx);
        break;
    }
    devices.push({ sn: device.sn, kind: device.kind, data });
  }
  return { msgId, ts: ctx.sample.ts, devices };
}
