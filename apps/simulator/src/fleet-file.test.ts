import { SERIAL } from '@pvstar/contract/mqtt';
import { describe, expect, it } from 'vitest';
import { Dongle } from './dongle.ts';
import { generateFleet, parseFleetFile } from './fleet-file.ts';

describe('fleet file', () => {
  it('generates the same plausible fleet for the same seed', () => {
    const a = generateFleet(300, 9);
    expect(generateFleet(300, 9)).toEqual(a);
    expect(generateFleet(300, 10)).not.toEqual(a);
    const types = new Map<string, number>();
    const zones = new Set<string>();
    for (const d of a.dongles) {
      const p = d.plant;
      types.set(p.type, (types.get(p.type) ?? 0) + 1);
      zones.add(p.timezone);
      expect(p.latitude).toBeGreaterThan(45.5);
      expect(p.latitude).toBeLessThan(54.5);
      expect(p.longitude).toBeGreaterThan(4);
      expect(p.longitude).toBeLessThan(17);
      if (p.type === 'BALCONY_PHOTOVOLTAICS') {
        expect(p.capacityKwp).toBe(0.8);
        expect(d.devices[0]!.inverterType).toBe('SINGLE_PHASE');
      } else {
        expect(p.capacityKwp).toBeGreaterThanOrEqual(5);
        expect(p.capacityKwp).toBeLessThanOrEqual(15);
      }
      if (p.type === 'ENERGY_STORAGE') {
        expect(p.storageKwh).toBeGreaterThanOrEqual(5);
        expect(p.storageKwh).toBeLessThanOrEqual(15);
        expect(d.devices.some((x) => x.kind === 'BATTERY')).toBe(true);
      } else expect(p.storageKwh).toBe(0);
      for (const sn of [d.sn, ...d.devices.map((x) => x.sn)]) expect(sn).toMatch(SERIAL);
    }
    expect([...zones].sort()).toEqual(['Europe/Amsterdam', 'Europe/Berlin', 'Europe/Vienna']);
    expect(types.size).toBe(3);
    const kinds = new Set(a.dongles.flatMap((d) => d.devices.map((x) => x.kind)));
    expect(kinds).toEqual(new Set(['INVERTER', 'BATTERY', 'METER', 'EV_CHARGER', 'HEAT_PUMP']));
    const phases = new Set(a.dongles.map((d) => d.devices[0]!.inverterType));
    expect(phases).toEqual(new Set(['SINGLE_PHASE', 'THREE_PHASE']));
  });

  it('reads back what it writes and names what is wrong in a bad file', () => {
    const fleet = generateFleet(5, 1);
    expect(parseFleetFile(JSON.parse(JSON.stringify(fleet)))).toEqual(fleet);
    expect(parseFleetFile(fleet.dongles).dongles).toHaveLength(5);
    const bad = (patch: (d: Record<string, any>) => void) => {
      const copy = JSON.parse(JSON.stringify(fleet));
      patch(copy.dongles[2]);
      return () => parseFleetFile(copy);
    };
    expect(bad((d) => (d.sn = 'bad sn'))).toThrow(/dongles\[2\]\.sn/);
    expect(bad((d) => (d.secret = ''))).toThrow(/dongles\[2\]\.secret/);
    expect(bad((d) => (d.plant.latitude = 95))).toThrow(/dongles\[2\]\.plant\.latitude/);
    expect(bad((d) => (d.plant.timezone = 'Mars/Olympus'))).toThrow(/timezone/);
    expect(bad((d) => (d.plant.type = 'NUCLEAR'))).toThrow(/plant\.type/);
    expect(bad((d) => (d.devices[0].kind = 'TOASTER'))).toThrow(/devices\[0\]\.kind/);
    expect(bad((d) => (d.devices = []))).toThrow(/devices/);
    expect(bad((d) => (d.sn = fleet.dongles[0]!.sn))).toThrow(/twice/);
    expect(() => parseFleetFile({ plants: [] })).toThrow(/dongles/);
  });

  it('resumes lifetime counters from a snapshot, so a restart never lets totals fall', () => {
    const [def] = generateFleet(1, 4).dongles;
    const opts = { brokerUrl: 'mqtt://127.0.0.1:1', interval: 60 };
    const first = new Dongle(def!, opts, Date.parse('2025-05-01T10:00:00Z'));
    const saved = first.snapshot();
    saved.totals.total.generation += 5_000;
    // Restarted two hours later: the totals go on from the saved ones plus those two hours.
    const second = new Dongle(def!, { ...opts, resume: saved }, Date.parse('2025-05-01T12:00:00Z'));
    const now = second.snapshot();
    const uninterrupted = new Dongle(def!, opts, Date.parse('2025-05-01T10:00:00Z'));
    uninterrupted.model.advanceTo(Date.parse('2025-05-01T12:00:00Z'));
    const twoHours = uninterrupted.model.totals().total.generation - first.model.totals().total.generation;
    expect(twoHours).toBeGreaterThan(0);
    expect(now.totals.total.generation - saved.totals.total.generation).toBeCloseTo(twoHours, 6);
    expect(now.totals.meterImport).toBeGreaterThanOrEqual(saved.totals.meterImport);
  });
});
