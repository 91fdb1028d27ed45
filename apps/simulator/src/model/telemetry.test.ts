import { localMidnight } from '@pvstar/contract/calendar';
import { METRICS, metricDef } from '@pvstar/contract/metrics';
import { type TelemetryPayload, TelemetryPayloadSchema } from '@pvstar/contract/mqtt';
import { describe, expect, it } from 'vitest';
import { generateFleet } from '../fleet-file.ts';
import { type DeviceDef, type PlantDef, PlantModel } from './plant.ts';
import { seedOf } from './rng.ts';
import { pack, stateCode, telemetryPayload } from './telemetry.ts';

/** What is wrong with a payload: schema errors, undeclared metrics, values outside their limits. */
function problems(payload: TelemetryPayload): string[] {
  const out: string[] = [];
  if (!TelemetryPayloadSchema.safeParse(payload).success) out.push(`${payload.msgId}: schema`);
  for (const device of payload.devices) {
    for (const [key, value] of Object.entries(device.data)) {
      const def = metricDef(device.kind, key);
      if (!def) out.push(`${device.kind}.${key}: not in the catalogue`);
      else if (value < def.min || value > def.max) out.push(`${device.kind}.${key} = ${value}`);
      else if (def.type === 'state' && !Number.isInteger(value)) out.push(`${device.kind}.${key} = ${value}`);
    }
  }
  return out;
}

function payloadsOf(
  plant: PlantDef,
  devices: DeviceDef[],
  date: string,
  everyMinutes: number,
  faultsOn = false,
) {
  const start = localMidnight(date, plant.timezone);
  const model = new PlantModel(plant, devices, seedOf(devices[0]!.sn), start);
  const out: TelemetryPayload[] = [];
  for (let t = start; t <= start + 86_400_000; t += everyMinutes * 60_000) {
    model.advanceTo(t);
    const faults = new Map<string, Set<string>>();
    if (faultsOn) for (const d of devices) faults.set(d.sn, new Set(['BAT-BMS-COMM', 'MTR-COMM']));
    out.push(
      telemetryPayload(`m-${t}`, {
        plant,
        system: model.system,
        devices,
        sample: model.last,
        counters: model.counters,
        faults,
      }),
    );
  }
  return out;
}

describe('telemetry payloads', () => {
  it('pass TelemetryPayloadSchema with every value a catalogue metric within min/max, for a whole fleet', () => {
    const { dongles } = generateFleet(60, 3);
    let checked = 0;
    const found: string[] = [];
    for (const [i, d] of dongles.entries()) {
      const date = i % 2 ? '2025-06-21' : '2025-01-08';
      for (const p of payloadsOf(d.plant, d.devices, date, 20, i % 7 === 0)) {
        found.push(...problems(p));
        checked++;
      }
    }
    expect(found).toEqual([]);
    expect(checked).toBeGreaterThan(4000);
  });

  it('carry the inverter’s electrical picture consistently with its power', () => {
    const plant: PlantDef = {
      latitude: 48.14,
      longitude: 11.58,
      tilt: 30,
      azimuth: 0,
      capacityKwp: 10,
      storageKwh: 10,
      type: 'ENERGY_STORAGE',
      timezone: 'Europe/Berlin',
    };
    const devices: DeviceDef[] = [
      { sn: 'INV0000001', kind: 'INVERTER', inverterType: 'THREE_PHASE' },
      { sn: 'BAT0000001', kind: 'BATTERY' },
      { sn: 'MTR0000001', kind: 'METER' },
    ];
    const payloads = payloadsOf(plant, devices, '2025-06-21', 5);
    expect(payloads.flatMap(problems)).toEqual([]);
    // The published (rounded) counters balance between any two messages.
    const counter = (p: TelemetryPayload, key: string) => p.devices[0]!.data[key]!;
    for (let i = 1; i < payloads.length; i++) {
      const d = (key: string) => counter(payloads[i]!, key) - counter(payloads[i - 1]!, key);
      const into = d('totalGeneration') + d('totalPurchase') + d('totalDischarge');
      const out = d('totalConsumption') + d('totalFeedIn') + d('totalCharge');
      expect(Math.abs(into - out)).toBeLessThanOrEqual(0.0061);
    }
    let noonSeen = false;
    for (const p of payloads) {
      const inv = p.devices.find((d) => d.kind === 'INVERTER')!.data;
      const bat = p.devices.find((d) => d.kind === 'BATTERY')!.data;
      const meter = p.devices.find((d) => d.kind === 'METER')!.data;
      // Voltages around 230 V, 50 Hz, currents that carry the AC power over three phases.
      for (const ph of ['A', 'B', 'C']) expect(Math.abs(inv[`phase${ph}Voltage`]! - 230)).toBeLessThan(12);
      expect(Math.abs(inv.frequency! - 50)).toBeLessThan(0.1);
      const acFromPhases = ['A', 'B', 'C'].reduce(
        (sum, ph) => sum + inv[`phase${ph}Voltage`]! * inv[`phase${ph}Current`]!,
        0,
      );
      expect(Math.abs(acFromPhases - inv.acOutput!)).toBeLessThan(20);
      expect(inv.power).toBe(inv.acOutput);
      expect(inv.pvPower! + inv.gridPower! + inv.batteryPower!).toBeCloseTo(inv.loadPower!, -1);
      expect(inv.soc).toBe(bat.soc);
      expect(bat.power).toBe(inv.batteryPower);
      expect(meter.power).toBe(inv.gridPower);
      expect(Math.abs(inv.mppt1Power! + inv.mppt2Power! - inv.dcInput!)).toBeLessThan(3);
      if (inv.dcInput! > 0) expect(inv.mppt1Voltage).toBeGreaterThan(200);
      const status = bat.status!;
      if (bat.power! < -20) expect(status).toBe(stateCode('BATTERY', 'status', 'CHARGING'));
      if (bat.power! > 20) expect(status).toBe(stateCode('BATTERY', 'status', 'DISCHARGING'));
      if (inv.pvPower! > 6500) {
        noonSeen = true;
        expect(inv.temperature).toBeGreaterThan(35);
      }
      if (inv.pvPower === 0) expect(inv.mppt1Current).toBe(0);
    }
    expect(noonSeen).toBe(true);
  });

  it('uses phase A only for a single-phase inverter and leaves the meter out while its link is down', () => {
    const plant: PlantDef = {
      latitude: 52.37,
      longitude: 4.9,
      tilt: 90,
      azimuth: 0,
      capacityKwp: 0.8,
      storageKwh: 0,
      type: 'BALCONY_PHOTOVOLTAICS',
      timezone: 'Europe/Amsterdam',
    };
    const devices: DeviceDef[] = [
      { sn: 'INV0000003', kind: 'INVERTER', inverterType: 'SINGLE_PHASE' },
      { sn: 'MTR0000003', kind: 'METER' },
    ];
    const [p] = payloadsOf(plant, devices, '2025-06-21', 60 * 24, true);
    const inv = p!.devices[0]!.data;
    expect(inv.phaseAVoltage).toBeGreaterThan(200);
    expect(inv.phaseBVoltage).toBeUndefined();
    expect(inv.soc).toBeUndefined();
    expect(p!.devices.map((d) => d.kind)).toEqual(['INVERTER']);
  });

  it('refuses a metric the catalogue does not declare and clamps to the declared limits', () => {
    expect(() => pack('INVERTER', { notAMetric: 1 })).toThrow(/not in the catalogue/);
    expect(() => pack('METER', { soc: 1 })).toThrow(/not in the catalogue/);
    expect(pack('BATTERY', { soc: 100.04, power: -2_000_000 })).toEqual({ soc: 100, power: -1_000_000 });
    expect(stateCode('BATTERY', 'workingMode', 'OWN_USE')).toBe(0);
    expect(() => stateCode('BATTERY', 'status', 'EXPLODED')).toThrow();
    // Every counter an inverter reports is a declared one.
    const counters = METRICS.filter((m) => m.kind === 'INVERTER' && m.type === 'counter').map((m) => m.key);
    expect(counters).toHaveLength(12);
  });
});
