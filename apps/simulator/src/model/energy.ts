import {
  type DeviceDef,
  ENERGY_FLOWS,
  type EnergyKwh,
  type PlantDef,
  PlantModel,
  zeroEnergy,
} from './plant.ts';
import { addDays, localMidnight } from './time.ts';

/**
 * Backfill: the energy of whole local days, integrating the live model at five-minute steps. The
 * battery's state of charge carries over from the day before, so each call first runs the previous
 * day (from the same starting charge a freshly started dongle uses) — the figures then match what a
 * dongle running since yesterday's midnight reports for that day.
 *
 * The seed must be the dongle's (`seedOf(sn)` unless the fleet file gives one) for the backfill to
 * join up with the live data.
 */
export function dailyEnergy(
  plant: PlantDef,
  devices: readonly DeviceDef[],
  dateISO: string,
  seed: number,
): EnergyKwh {
  const [day] = dailyEnergyRange(plant, devices, dateISO, dateISO, seed);
  return day!.energy;
}

/**
 * Consecutive days in one continuous run (one warm-up day in front), for backfilling a year at once:
 * about a second per plant-year.
 */
export function dailyEnergyRange(
  plant: PlantDef,
  devices: readonly DeviceDef[],
  fromISO: string,
  toISO: string,
  seed: number,
): { date: string; energy: EnergyKwh }[] {
  if (toISO < fromISO) return [];
  const tz = plant.timezone;
  const model = new PlantModel(plant, devices, seed, localMidnight(addDays(fromISO, -1), tz));
  model.advanceTo(localMidnight(fromISO, tz));
  const days: { date: string; energy: EnergyKwh }[] = [];
  for (let date = fromISO; date <= toISO; date = addDays(date, 1)) {
    const before = { ...model.counters.total };
    model.advanceTo(localMidnight(addDays(date, 1), tz));
    const energy = zeroEnergy();
    for (const flow of ENERGY_FLOWS) energy[flow] = round3(model.counters.total[flow] - before[flow]);
    days.push({ date, energy });
  }
  return days;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
