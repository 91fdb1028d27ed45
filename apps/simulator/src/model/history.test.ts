import { localMidnight } from '@pvstar/contract/calendar';
import { describe, expect, it } from 'vitest';
import { dailyEnergyRange, plantHistory } from './energy.ts';
import { type DeviceDef, ENERGY_FLOWS, type PlantDef, PlantModel } from './plant.ts';

const house: PlantDef = {
  latitude: 53.14,
  longitude: 8.21,
  tilt: 35,
  azimuth: 10,
  capacityKwp: 12.8,
  storageKwh: 10.24,
  type: 'ENERGY_STORAGE',
  timezone: 'Europe/Berlin',
};
const houseDevices: DeviceDef[] = [
  { sn: 'INV0000001', kind: 'INVERTER', inverterType: 'THREE_PHASE' },
  { sn: 'BAT0000001', kind: 'BATTERY' },
  { sn: 'MTR0000001', kind: 'METER' },
  { sn: 'EVC0000001', kind: 'EV_CHARGER' },
  { sn: 'HPU0000001', kind: 'HEAT_PUMP' },
];
const PLANTS: [PlantDef, DeviceDef[]][] = [
  [house, houseDevices],
  [
    {
      ...house,
      latitude: 47.07,
      longitude: 15.44,
      timezone: 'Europe/Vienna',
      storageKwh: 0,
      type: 'PHOTOVOLTAIC',
    },
    [{ sn: 'INV0000002', kind: 'INVERTER' }],
  ],
  [
    {
      ...house,
      latitude: 52.09,
      longitude: 5.12,
      timezone: 'Europe/Amsterdam',
      capacityKwp: 0.8,
      tilt: 90,
      storageKwh: 0,
      type: 'BALCONY_PHOTOVOLTAICS',
    },
    [{ sn: 'INV0000003', kind: 'INVERTER' }],
  ],
];

describe('plant history', () => {
  it('balances a year of model days: generation + purchase + discharge = consumption + feed-in + charge', () => {
    // The flows are the inverter's AC side: the losses term there is zero; the battery's conversion
    // loss is inside it (charge − discharge = what its charge gained + its round-trip loss).
    for (const [plant, devices] of PLANTS) {
      const days = dailyEnergyRange(plant, devices, '2025-01-01', '2025-12-31', 5);
      expect(days).toHaveLength(365);
      for (const { energy: e } of days) {
        const losses = e.generation + e.purchase + e.discharge - (e.consumption + e.feedIn + e.charge);
        // Each figure is rounded to 1 Wh.
        expect(Math.abs(losses)).toBeLessThan(0.004);
      }
      const charged = days.reduce((s, d) => s + d.energy.charge, 0);
      const discharged = days.reduce((s, d) => s + d.energy.discharge, 0);
      if (plant.storageKwh) {
        // 95 % each way: ~90 % round trip, within one battery's worth of charge left at the year's end.
        expect(discharged).toBeGreaterThan(0.9 * 0.95 * 0.95 * charged - plant.storageKwh);
        expect(discharged).toBeLessThanOrEqual(0.95 * 0.95 * charged + plant.storageKwh);
      } else expect(charged + discharged).toBe(0);
    }
  });

  it('starts the counters at zero on the connection day: a sample holds the sum of the days before plus today', () => {
    const [plant, devices] = PLANTS[0]!;
    const samplesFrom = localMidnight('2025-03-25', plant.timezone);
    const until = localMidnight('2025-04-02', plant.timezone) - 3 * 60_000;
    const h = plantHistory(plant, devices, 9, { start: { connected: '2024-11-02' }, samplesFrom, until });
    expect(h.days[0]!.date).toBe('2024-11-02');
    expect(h.days.at(-1)!.date).toBe('2025-03-24');
    // Crossing the change to summer time: a day of 23 hours still has 288 − 12 samples.
    expect(h.samples).toHaveLength(8 * 288 - 12);
    expect(h.samples[0]!.ts).toBe(samplesFrom);
    expect(h.samples.at(-1)!.ts).toBe(h.end.at);
    const inverter = (i: number) => h.samples[i]!.devices.find((d) => d.kind === 'INVERTER')!.data;
    for (const flow of ENERGY_FLOWS) {
      const key = `total${flow[0]!.toUpperCase()}${flow.slice(1)}`;
      const before = h.days.reduce((s, d) => s + d.energy[flow], 0);
      expect(inverter(0)[key]).toBeCloseTo(before, 1);
      expect(inverter(h.samples.length - 1)[key]).toBeCloseTo(h.end.totals.total[flow], 2);
    }
    // Roughly a winter and spring of a 12.8 kWp roof in Oldenburg: MWh, not tens of MWh.
    expect(h.end.totals.total.generation).toBeGreaterThan(2000);
    expect(h.end.totals.total.generation).toBeLessThan(5000);
    // A battery reading in every sample, within its limits.
    for (const s of h.samples) {
      const soc = s.devices.find((d) => d.kind === 'BATTERY')!.data.soc!;
      expect(soc).toBeGreaterThanOrEqual(10);
      expect(soc).toBeLessThanOrEqual(100);
    }
  });

  it('continues from a stored reading with samples only, and a live model resuming from its end agrees', () => {
    const [plant, devices] = PLANTS[0]!;
    const at = localMidnight('2025-06-20', plant.timezone) + 7 * 3_600_000 + 123_000;
    const totals = { ...new PlantModel(plant, devices, 9, at).totals() };
    const h = plantHistory(plant, devices, 9, {
      start: { at, totals, soc: 40 },
      samplesFrom: at,
      until: at + 3_600_000,
    });
    expect(h.days).toEqual([]);
    expect(h.samples).toHaveLength(12);
    expect(h.samples[0]!.ts).toBeGreaterThan(at);
    expect(h.end.totals.total.generation).toBeGreaterThan(totals.total.generation);
  });
});
