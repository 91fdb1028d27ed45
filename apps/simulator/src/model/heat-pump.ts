import type { LocalTime } from '@pvstar/contract/calendar';
import type { HEAT_PUMP_STATES } from '@pvstar/contract/metrics';
import { clamp, rand01 } from './rng.ts';

/**
 * An air-source heat pump heating a house and its hot water. Heat demand grows linearly below the
 * heating limit (15.5 °C); the COP falls in the cold, so consumption rises faster than demand — about
 * 20–30 kWh on a freezing day and 2–3 kWh (hot water only) in summer, ~3,300–4,600 kWh a year in the
 * climates of DE/AT/NL (climate.ts).
 */
export type HeatPumpState = (typeof HEAT_PUMP_STATES)[number];

export interface HeatPump {
  seed: number;
  /** Heat loss of the house, kW per kelvin. */
  lossKwPerK: number;
  /** Electrical power while heating hot water, kW. */
  hotWaterKw: number;
}

export function heatPumpOf(seed: number): HeatPump {
  return {
    seed,
    lossKwPerK: 0.14 + 0.1 * rand01(seed, 'hp-loss'),
    hotWaterKw: 1.5 + 0.6 * rand01(seed, 'hp-dhw'),
  };
}

const HEATING_LIMIT = 15.5;
/** Hot-water runs [start, end] in local hours. */
const HOT_WATER_RUNS = [
  [6.0, 6.75],
  [18.5, 19.25],
] as const;
const RAMP_H = 5 / 60;

/** 0 … 1 inside a hot-water run, with five-minute ramps so the energy integrates at any step. */
function hotWaterShare(hour: number): number {
  let w = 0;
  for (const [a, b] of HOT_WATER_RUNS) w = Math.max(w, clamp(Math.min(hour - a, b - hour) / RAMP_H, 0, 1));
  return w;
}

function hoursSinceHotWater(hour: number): number {
  const [[, morningEnd], [, eveningEnd]] = HOT_WATER_RUNS;
  if (hour >= eveningEnd) return hour - eveningEnd;
  if (hour >= morningEnd) return hour - morningEnd;
  return hour + 24 - eveningEnd;
}

export interface HeatPumpReading {
  powerW: number;
  state: HeatPumpState;
  flowTemperature: number;
  returnTemperature: number;
  hotWaterTemperature: number;
}

export function heatPumpAt(hp: HeatPump, t: number, local: LocalTime, ambient: number): HeatPumpReading {
  // Night set-back between ~22:00 and ~05:30, eased in and out over an hour.
  const fromNight = Math.min(Math.abs(local.hour - 1.75), 24 - Math.abs(local.hour - 1.75));
  const daytime = clamp(fromNight - 3.25, 0, 1);
  const demandKw = Math.max(0, hp.lossKwPerK * (HEATING_LIMIT - ambient)) * (0.85 + 0.15 * daytime);
  const cop = clamp(2.2 + 0.09 * (ambient + 10), 1.8, 5);
  // Below its minimum modulation the compressor cycles; what it averages to is what a meter sees.
  const heatingKw = demandKw < 0.3 ? 0 : demandKw / cop;
  const dhw = hotWaterShare(local.hour);
  const powerW = 1000 * (dhw * hp.hotWaterKw + (1 - dhw) * heatingKw);

  const since = hoursSinceHotWater(local.hour);
  const hotWaterTemperature = dhw > 0 ? 46 + 7 * dhw : clamp(53 - 0.45 * since, 41, 53);
  if (dhw >= 0.5)
    return { powerW, state: 'HOT_WATER', flowTemperature: 56, returnTemperature: 49, hotWaterTemperature };
  if (heatingKw > 0) {
    const flow = clamp(28 + 0.55 * (20 - ambient), 25, 55);
    const knot = Math.floor(t / 300_000);
    // Below ~5 °C the outdoor coil ices up now and then and runs a defrost cycle.
    const defrost = ambient < 5 && ambient > -8 && rand01(hp.seed, 'defrost', knot) < 0.1;
    return {
      powerW,
      state: defrost ? 'DEFROST' : 'HEATING',
      flowTemperature: defrost ? flow - 8 : flow,
      returnTemperature: flow - 3 - 2 * Math.min(1, demandKw / 5),
      hotWaterTemperature,
    };
  }
  return { powerW, state: 'OFF', flowTemperature: 24, returnTemperature: 23, hotWaterTemperature };
}
