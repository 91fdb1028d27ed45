import { addDays, localMidnight, localTime } from '@pvstar/contract/calendar';
import { describe, expect, it } from 'vitest';
import { dailyEnergy } from './energy.ts';
import { type DeviceDef, ENERGY_FLOWS, type EnergyKwh, type PlantDef, PlantModel } from './plant.ts';

const house: PlantDef = {
  latitude: 48.14,
  longitude: 11.58,
  tilt: 30,
  azimuth: 0,
  capacityKwp: 10,
  storageKwh: 10,
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
const pvOnly: PlantDef = { ...house, storageKwh: 0, type: 'PHOTOVOLTAIC', capacityKwp: 6.5, azimuth: 300 };
const balcony: PlantDef = {
  ...house,
  latitude: 52.37,
  longitude: 4.9,
  tilt: 90,
  azimuth: 20,
  capacityKwp: 0.8,
  storageKwh: 0,
  type: 'BALCONY_PHOTOVOLTAICS',
  timezone: 'Europe/Amsterdam',
};
const inverterOnly: DeviceDef[] = [{ sn: 'INV0000002', kind: 'INVERTER' }];

const MINUTE = 60_000;

/** Runs the live model minute by minute from `from` to `to`, calling `each` after every step. */
function live(model: PlantModel, from: number, to: number, each: (m: PlantModel) => void, stepMs = MINUTE) {
  for (let t = from + stepMs; t <= to; t += stepMs) {
    model.advanceTo(t);
    each(model);
  }
}

describe('plant model', () => {
  it('balances every interval: generation + purchase + discharge = consumption + feed-in + charge', () => {
    for (const [plant, devices] of [
      [house, houseDevices],
      [pvOnly, inverterOnly],
      [balcony, inverterOnly],
    ] as const) {
      for (const date of ['2025-06-21', '2025-01-15']) {
        const start = localMidnight(date, plant.timezone);
        const model = new PlantModel(plant, devices, 42, start);
        let before = { ...model.counters.total };
        live(model, start, start + 86_400_000, (m) => {
          const d = Object.fromEntries(
            ENERGY_FLOWS.map((f) => [f, m.counters.total[f] - before[f]]),
          ) as EnergyKwh;
          expect(d.generation + d.purchase + d.discharge).toBeCloseTo(d.consumption + d.feedIn + d.charge, 9);
          const s = m.last;
          expect(s.pvW + s.gridW + s.batteryW).toBeCloseTo(s.loadW, 6);
          before = { ...m.counters.total };
        });
      }
    }
  });

  it('keeps the battery within 10–100 % and its power limit, and follows the sign conventions', () => {
    const start = localMidnight('2025-06-20', house.timezone);
    const model = new PlantModel(house, houseDevices, 42, start);
    const limit = model.system.battery!.maxW;
    let charged = false;
    let discharged = false;
    let fed = false;
    live(model, start, start + 3 * 86_400_000, ({ last: s }) => {
      expect(s.soc).toBeGreaterThanOrEqual(10);
      expect(s.soc).toBeLessThanOrEqual(100);
      expect(Math.abs(s.batteryW)).toBeLessThanOrEqual(limit + 1e-9);
      // Negative battery power = charging, and only from PV surplus.
      if (s.batteryW < 0) {
        charged = true;
        expect(s.pvW).toBeGreaterThan(s.loadW);
        expect(s.gridW).toBeLessThanOrEqual(1e-9);
      }
      // Positive = discharging to cover a deficit, never exporting battery energy.
      if (s.batteryW > 0) {
        discharged = true;
        expect(s.loadW).toBeGreaterThan(s.pvW);
        expect(s.gridW).toBeGreaterThanOrEqual(-1e-9);
      }
      // Feeding in (negative grid power) happens when the battery cannot take the surplus.
      if (s.gridW < -30) {
        fed = true;
        expect(s.soc > 99.9 || -s.batteryW >= limit - 1e-6).toBe(true);
      }
    });
    expect([charged, discharged, fed]).toEqual([true, true, true]);
  });

  it('resets daily counters at local midnight (also across DST) while totals never decrease', () => {
    for (const [plant, from] of [
      [house, '2025-03-29'],
      [house, '2025-10-25'],
      [{ ...pvOnly, timezone: 'America/New_York', latitude: 40.7, longitude: -74 }, '2025-06-20'],
    ] as const) {
      // Samples 17 s past each minute, so the step across midnight has to be split.
      const start = localMidnight(from, plant.timezone) + 17_000;
      const model = new PlantModel(plant, houseDevices, 7, start);
      let prev = structuredClone(model.counters);
      let resets = 0;
      // Collected rather than asserted per step: expect() on 4,000 steps × 30 values is slow.
      const wrong: string[] = [];
      const check = (ok: boolean, what: string) => {
        if (!ok && wrong.length < 5) wrong.push(`${new Date(model.t).toISOString()} ${what}`);
      };
      live(model, start, localMidnight(addDays(from, 3), plant.timezone) + MINUTE, (m) => {
        const c = m.counters;
        for (const f of ENERGY_FLOWS) check(c.total[f] >= prev.total[f], `total ${f} fell`);
        check(c.meterImport >= prev.meterImport && c.meterExport >= prev.meterExport, 'meter fell');
        check(c.evTotal >= prev.evTotal && c.hpTotal >= prev.hpTotal, 'EV or heat pump total fell');
        if (c.day !== prev.day) {
          resets++;
          const local = localTime(m.t, plant.timezone);
          // The first sample of the new local day (00:00:17) counts only the 17 s after midnight.
          check(Math.abs(local.hour * 3600 - 17) < 1e-6, `reset at ${local.hour}`);
          check(c.day === local.date, 'day is the local date');
          const step = c.total.consumption - prev.total.consumption;
          check(Math.abs(c.daily.consumption - (step * 17) / 60) < 1e-9, 'share after midnight');
          for (const f of ENERGY_FLOWS) check(c.daily[f] <= c.total[f] - prev.total[f] + 1e-12, `daily ${f}`);
        } else {
          for (const f of ENERGY_FLOWS)
            check(Math.abs(c.daily[f] - prev.daily[f] - (c.total[f] - prev.total[f])) < 1e-9, `daily ${f}`);
        }
        prev = { ...c, daily: { ...c.daily }, total: { ...c.total } };
      });
      expect(wrong).toEqual([]);
      expect(resets).toBe(3);
    }
  });

  it('backfill (dailyEnergy) equals the live model’s increments for that day within 1 %', () => {
    const cases = [
      [house, houseDevices, '2025-06-21'],
      [house, houseDevices, '2025-12-15'],
      [house, houseDevices, '2025-03-30'],
      [pvOnly, inverterOnly, '2025-09-02'],
      [balcony, inverterOnly, '2025-05-10'],
    ] as const;
    for (const [plant, devices, date] of cases) {
      const seed = 1234;
      const backfill = dailyEnergy(plant, devices, date, seed);
      // A dongle started yesterday at midnight, sampling every minute.
      const start = localMidnight(addDays(date, -1), plant.timezone);
      const model = new PlantModel(plant, devices, seed, start);
      model.advanceTo(localMidnight(date, plant.timezone), MINUTE);
      const sum = { ...model.counters.total };
      let lastDaily = model.counters.daily;
      live(
        model,
        localMidnight(date, plant.timezone),
        localMidnight(addDays(date, 1), plant.timezone),
        (m) => {
          if (m.counters.day === date) lastDaily = { ...m.counters.daily };
        },
      );
      for (const f of ENERGY_FLOWS) {
        const increments = model.counters.total[f] - sum[f];
        const tolerance = Math.max(0.01 * Math.max(increments, backfill[f]), 0.01);
        expect(Math.abs(backfill[f] - increments), `${date} ${plant.type} ${f}`).toBeLessThanOrEqual(
          tolerance,
        );
        // The daily counter's last reading of the day tells the same story (it misses the final minute).
        expect(Math.abs(lastDaily[f] - increments)).toBeLessThanOrEqual(tolerance + 0.2);
      }
    }
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const a = dailyEnergy(house, houseDevices, '2025-07-04', 1);
    expect(dailyEnergy(house, houseDevices, '2025-07-04', 1)).toEqual(a);
    expect(dailyEnergy(house, houseDevices, '2025-07-04', 2).consumption).not.toBe(a.consumption);
  });

  it('draws plausible household, EV and heat-pump demand', () => {
    const summer = dailyEnergy({ ...house, storageKwh: 0 }, inverterOnly, '2025-07-08', 5);
    expect(summer.consumption).toBeGreaterThan(4);
    expect(summer.consumption).toBeLessThan(20);
    // A freezing January day with a heat pump: 15–45 kWh of heating on top of the house.
    const hpOnly: DeviceDef[] = [...inverterOnly, { sn: 'HPU0000009', kind: 'HEAT_PUMP' }];
    const winter = dailyEnergy({ ...house, storageKwh: 0 }, hpOnly, '2025-01-20', 5);
    const winterNoHp = dailyEnergy({ ...house, storageKwh: 0 }, inverterOnly, '2025-01-20', 5);
    expect(winter.consumption - winterNoHp.consumption).toBeGreaterThan(8);
    expect(winter.consumption - winterNoHp.consumption).toBeLessThan(45);
    // An evening with an EV session adds its energy after 17:00.
    const start = localMidnight('2025-07-01', house.timezone);
    const model = new PlantModel(house, houseDevices, 3, start);
    let evPeak = 0;
    let evMorning = 0;
    live(model, start, start + 7 * 86_400_000, ({ last: s }) => {
      evPeak = Math.max(evPeak, s.evW);
      if (s.local.hour > 9 && s.local.hour < 16) evMorning = Math.max(evMorning, s.evW);
    });
    expect(evPeak).toBeGreaterThanOrEqual(7_400);
    expect(evMorning).toBe(0);
  });
});
