import { addDays, localMidnight, localTime } from '@pvstar/contract/calendar';
import type { DeviceKind } from '@pvstar/contract/metrics';
import {
  type DeviceDef,
  ENERGY_FLOWS,
  type EnergyKwh,
  MAX_STEP_MS,
  type PlantDef,
  PlantModel,
  type Totals,
  zeroEnergy,
  zeroTotals,
} from './plant.ts';
import { telemetryPayload } from './telemetry.ts';

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

/** Where a history run starts: a plant's grid connection (counters at zero), or a stored reading. */
export type HistoryStart = { connected: string } | { at: number; totals: Totals; soc: number };

/** The plant's counters and battery at an instant: what a dongle resumes from. */
export interface PlantState {
  at: number;
  totals: Totals;
  soc: number;
}

export interface PlantHistory {
  /** Whole local days from the connection up to the day `samplesFrom` falls on (none after a stored reading). */
  days: { date: string; energy: EnergyKwh }[];
  /** Every device's telemetry on the five-minute grid from `samplesFrom` up to `until`. */
  samples: { ts: number; devices: { sn: string; kind: DeviceKind; data: Record<string, number> }[] }[];
  /** The state at the last sample (or at the start when there is none). */
  end: PlantState;
}

const NO_FAULTS = new Map<string, ReadonlySet<string>>();

/**
 * A plant's past in one continuous run of the live model: from its grid connection, where every lifetime
 * counter is zero, daily energy for each whole day before `samplesFrom` (a local midnight), then the
 * telemetry a dongle would have sent every five minutes up to `until`. So the lifetime counters at any
 * sample are exactly the sum of the days before plus the increase since, and a dongle resuming from `end`
 * continues them. After a stored reading (`{ at, totals, soc }`) there are no days, only samples.
 */
export function plantHistory(
  plant: PlantDef,
  devices: readonly DeviceDef[],
  seed: number,
  opts: { start: HistoryStart; samplesFrom: number; until: number },
): PlantHistory {
  const tz = plant.timezone;
  const start = 'connected' in opts.start ? localMidnight(opts.start.connected, tz) : opts.start.at;
  const model = new PlantModel(
    plant,
    devices,
    seed,
    start,
    'connected' in opts.start ? { totals: zeroTotals() } : { totals: opts.start.totals, soc: opts.start.soc },
  );
  const days: PlantHistory['days'] = [];
  if ('connected' in opts.start) {
    const last = localTime(opts.samplesFrom - 1, tz).date;
    for (let date = opts.start.connected; date <= last; date = addDays(date, 1)) {
      const before = { ...model.counters.total };
      model.advanceTo(localMidnight(addDays(date, 1), tz));
      const energy = zeroEnergy();
      for (const flow of ENERGY_FLOWS) energy[flow] = round3(model.counters.total[flow] - before[flow]);
      days.push({ date, energy });
    }
  }
  const samples: PlantHistory['samples'] = [];
  const first = Math.ceil(Math.max(opts.samplesFrom, start + 1) / MAX_STEP_MS) * MAX_STEP_MS;
  for (let ts = first; ts <= opts.until; ts += MAX_STEP_MS) {
    const sample = model.advanceTo(ts);
    const payload = telemetryPayload('', {
      plant,
      system: model.system,
      devices,
      sample,
      counters: model.counters,
      faults: NO_FAULTS,
    });
    samples.push({ ts, devices: payload.devices.map((d) => ({ sn: d.sn, kind: d.kind, data: d.data })) });
  }
  return { days, samples, end: { at: model.t, totals: model.totals(), soc: model.soc } };
}
