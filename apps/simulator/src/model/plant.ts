import { addDays, type LocalTime, localMidnight, localTime } from '@pvstar/contract/calendar';
import type { DeviceKind } from '@pvstar/contract/metrics';
import { type BatteryConfig, dispatch } from './battery.ts';
import { EV_YEAR_KWH, type EvSession, evAt, evSessionOn } from './ev.ts';
import { type HeatPump, type HeatPumpReading, heatPumpAt, heatPumpOf } from './heat-pump.ts';
import { type Household, householdOf, householdPower } from './household.ts';
import { cellTemperature, clearSkyIrradiance, planeIrradiance, pvAcPower, pvDcPower } from './pv.ts';
import { rand01 } from './rng.ts';
import { snowCover } from './snow.ts';
import { ambientTemperature, cloudFactor, seasonalTemperature } from './weather.ts';

export type PlantType = 'ENERGY_STORAGE' | 'PHOTOVOLTAIC' | 'BALCONY_PHOTOVOLTAICS';
export type InverterType = 'SINGLE_PHASE' | 'THREE_PHASE';

export interface PlantDef {
  latitude: number;
  longitude: number;
  /** Degrees from horizontal. */
  tilt: number;
  /** Degrees clockwise from south: 0 = south, 90 = west, 180 = north, 270 = east (see pv.ts). */
  azimuth: number;
  capacityKwp: number;
  storageKwh: number;
  type: PlantType;
  /** IANA zone, e.g. Europe/Berlin: daily counters reset at its midnight. */
  timezone: string;
}

export interface DeviceDef {
  sn: string;
  kind: DeviceKind;
  inverterType?: InverterType;
  /** Maker and model as the device reports them: firmware manifests must name both. */
  manufacturer?: string;
  model?: string;
}

/** The six energy flows every inverter counts, in kWh (daily* and total* in metrics.ts). */
export const ENERGY_FLOWS = [
  'generation',
  'consumption',
  'charge',
  'discharge',
  'feedIn',
  'purchase',
] as const;
export type EnergyFlow = (typeof ENERGY_FLOWS)[number];
export type EnergyKwh = Record<EnergyFlow, number>;
export const zeroEnergy = (): EnergyKwh => ({
  generation: 0,
  consumption: 0,
  charge: 0,
  discharge: 0,
  feedIn: 0,
  purchase: 0,
});

/** What a plant is made of, derived once from its definition and seed. */
export interface PlantSystem {
  seed: number;
  /** Inverter AC rating, W (a balcony inverter is capped at the 800 W German limit). */
  ratedW: number;
  battery: BatteryConfig | null;
  household: Household;
  heatPump: HeatPump | null;
  evChargerW: number | null;
  /** Age of the plant in years when the simulation starts; seeds the lifetime counters. */
  ageYears: number;
  batterySoh: number;
}

export function systemOf(plant: PlantDef, devices: readonly DeviceDef[], seed: number): PlantSystem {
  const has = (kind: DeviceKind) => devices.some((d) => d.kind === kind);
  const ratedW =
    plant.type === 'BALCONY_PHOTOVOLTAICS'
      ? Math.min(800, plant.capacityKwp * 1000)
      : Math.max(1500, Math.round(plant.capacityKwp) * 1000);
  const storage = plant.storageKwh > 0 && (plant.type === 'ENERGY_STORAGE' || has('BATTERY'));
  const ageYears = 0.2 + 5 * rand01(seed, 'age');
  return {
    seed,
    ratedW,
    battery: storage
      ? {
          capacityKwh: plant.storageKwh,
          maxW: Math.min(ratedW, Math.max(2500, plant.storageKwh * 500)),
          socMin: 10,
          socMax: 100,
          efficiency: 0.95,
          standbyW: 20,
        }
      : null,
    household: householdOf(seed, { heatPump: has('HEAT_PUMP') }),
    heatPump: has('HEAT_PUMP') ? heatPumpOf(seed) : null,
    evChargerW: has('EV_CHARGER') ? (rand01(seed, 'wallbox') < 0.8 ? 11_000 : 7_400) : null,
    ageYears,
    batterySoh: Math.max(80, 100 - 1.2 * ageYears - 1.5 * rand01(seed, 'soh')),
  };
}

const DAYS_IN_MONTH = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * About what a plant's loads use in a year, kWh: the household and the heat pump over two days of each
 * month at the place's seasonal temperature, an EV at its sessions' expected energy. An installer's
 * estimate for sizing (the demo sizes batteries with it), not a counter: it misses the weather's spells.
 */
export function yearlyDemandKwh(plant: PlantDef, system: PlantSystem): number {
  const QUARTER_HOUR = 15 * 60_000;
  let kwh = system.evChargerW ? EV_YEAR_KWH : 0;
  DAYS_IN_MONTH.forEach((days, m) => {
    for (const day of ['10', '20']) {
      const midnight = localMidnight(`2025-${String(m + 1).padStart(2, '0')}-${day}`, plant.timezone);
      for (let t = midnight; t < midnight + 96 * QUARTER_HOUR; t += QUARTER_HOUR) {
        const local = localTime(t, plant.timezone);
        const ambient = seasonalTemperature(
          plant.latitude,
          plant.longitude,
          local.dayOfYear + local.hour / 24,
        );
        const heatPumpW = system.heatPump ? heatPumpAt(system.heatPump, t, local, ambient).powerW : 0;
        kwh += ((householdPower(system.household, t, local, ambient) + heatPumpW) * days) / 8000;
      }
    }
  });
  return kwh;
}

/** One instant of the plant: every power in W with the signs of metrics.ts. */
export interface Sample {
  ts: number;
  local: LocalTime;
  ambient: number;
  /** Plane-of-array irradiance, W/m². */
  poa: number;
  cellTemp: number;
  dcW: number;
  pvW: number;
  houseW: number;
  evW: number;
  evState: ReturnType<typeof evAt>['state'];
  evSessionId: string | null;
  heatPump: HeatPumpReading | null;
  loadW: number;
  batteryW: number;
  gridW: number;
  soc: number;
}

export interface Counters {
  /** Local date the daily counters belong to. */
  day: string;
  daily: EnergyKwh;
  total: EnergyKwh;
  meterImport: number;
  meterExport: number;
  evSession: number;
  evSessionId: string | null;
  evTotal: number;
  hpTotal: number;
}

/** Lifetime counters, saved and resumed so a restarted simulator does not let totals fall. */
export type Totals = Pick<Counters, 'total' | 'meterImport' | 'meterExport' | 'evTotal' | 'hpTotal'>;

/** Lifetime counters of a plant on the day it was connected. */
export const zeroTotals = (): Totals => ({
  total: zeroEnergy(),
  meterImport: 0,
  meterExport: 0,
  evTotal: 0,
  hpTotal: 0,
});

/**
 * Rough lifetime counters for a plant of this age, so a new dongle without a history does not report a
 * brand-new meter. The demo does not use them: its dongles resume from the back-filled history.
 */
function estimatedTotals(plant: PlantDef, system: PlantSystem): Totals {
  const y = system.ageYears;
  const generation = plant.capacityKwp * 980 * y;
  const consumption = (3800 + (system.heatPump ? 4800 : 0) + (system.evChargerW ? 2200 : 0)) * y;
  const charge = system.battery ? system.battery.capacityKwh * 230 * y : 0;
  const feedIn = generation * (system.battery ? 0.45 : 0.6);
  const purchase = Math.max(0, consumption - generation + feedIn + charge * 0.1);
  return {
    total: { generation, consumption, charge, discharge: charge * 0.9, feedIn, purchase },
    meterImport: purchase,
    meterExport: feedIn,
    evTotal: system.evChargerW ? 2200 * y : 0,
    hpTotal: system.heatPump ? 4800 * y : 0,
  };
}

const KWH_PER_WS = 1 / 3.6e6;
const lerp = (a: number, b: number, f: number) => a + (b - a) * f;

/** Field by field rather than a loop over names: this runs half a million times per plant-year. */
function addEnergy(
  to: EnergyKwh,
  generation: number,
  consumption: number,
  charge: number,
  discharge: number,
  feedIn: number,
  purchase: number,
  share: number,
): void {
  to.generation += generation * share;
  to.consumption += consumption * share;
  to.charge += charge * share;
  to.discharge += discharge * share;
  to.feedIn += feedIn * share;
  to.purchase += purchase * share;
}
/** Longest integration step; all noise is piecewise linear on this grid (see valueNoise). */
export const MAX_STEP_MS = 5 * 60_000;
/** Resolution of the battery dispatch inside a step. */
const SUB_STEP_MS = 60_000;

/**
 * The live plant: call `advanceTo(t)` with the sample times; it integrates powers into the counters
 * (right-endpoint rule, steps of at most five minutes) exactly as the backfill does.
 */
export class PlantModel {
  readonly system: PlantSystem;
  t: number;
  soc: number;
  counters: Counters;
  last: Sample;
  private sessions = new Map<string, EvSession | null>();
  private grid = new Map<number, Sample>();

  constructor(
    readonly plant: PlantDef,
    readonly devices: readonly DeviceDef[],
    readonly seed: number,
    start: number,
    init: { soc?: number; totals?: Totals } = {},
  ) {
    this.system = systemOf(plant, devices, seed);
    this.t = start;
    this.soc = this.system.battery ? (init.soc ?? 30) : 0;
    const totals = init.totals ? structuredClone(init.totals) : estimatedTotals(plant, this.system);
    this.counters = {
      day: localTime(start, plant.timezone).date,
      daily: zeroEnergy(),
      evSession: 0,
      evSessionId: null,
      ...totals,
    };
    this.last = this.sampleAt(start);
  }

  /** Moves the model to `t` and returns the sample there; a `t` in the past changes nothing. */
  advanceTo(t: number, maxStepMs = MAX_STEP_MS): Sample {
    while (this.t < t) this.step(Math.min(t, this.t + maxStepMs));
    return this.last;
  }

  /**
   * Continues lifetime counters saved earlier: `saved` was the reading when this model read `base`,
   * so what the model has counted since is added on top. A restart then neither rewinds the totals
   * nor counts the warm-up twice.
   */
  resumeTotals(saved: Totals, base: Totals): void {
    const c = this.counters;
    for (const flow of ENERGY_FLOWS) c.total[flow] = saved.total[flow] + (c.total[flow] - base.total[flow]);
    c.meterImport = saved.meterImport + (c.meterImport - base.meterImport);
    c.meterExport = saved.meterExport + (c.meterExport - base.meterExport);
    c.evTotal = saved.evTotal + (c.evTotal - base.evTotal);
    c.hpTotal = saved.hpTotal + (c.hpTotal - base.hpTotal);
  }

  totals(): Totals {
    const { total, meterImport, meterExport, evTotal, hpTotal } = this.counters;
    return structuredClone({ total, meterImport, meterExport, evTotal, hpTotal });
  }

  private session(dateISO: string): EvSession | null {
    if (!this.sessions.has(dateISO)) {
      if (this.sessions.size > 8) this.sessions.clear();
      const midnight = localMidnight(dateISO, this.plant.timezone);
      this.sessions.set(dateISO, evSessionOn(this.seed, dateISO, midnight, this.system.evChargerW ?? 0));
    }
    return this.sessions.get(dateISO) ?? null;
  }

  /** Everything at grid instant `t` that does not depend on the battery (see `sampleAt`). */
  private exogenous(t: number): Sample {
    const hit = this.grid.get(t);
    if (hit) return hit;
    const { plant, system } = this;
    const local = localTime(t, plant.timezone);
    const ambient = ambientTemperature(plant.latitude, plant.longitude, t, local);
    const clear = clearSkyIrradiance(t, plant);
    const cloud = clear.altitude > 0 ? cloudFactor(this.seed, plant.latitude, plant.longitude, t, local) : 0;
    const poa = planeIrradiance(clear, cloud);
    const snow = clear.altitude > 0 ? snowCover(plant.latitude, plant.longitude, plant.tilt, local.date) : 0;
    const dcW = pvDcPower(poa, ambient, plant.capacityKwp) * (1 - snow);
    const pvW = pvAcPower(dcW, system.ratedW);
    const houseW = householdPower(system.household, t, local, ambient);
    const ev = system.evChargerW
      ? evAt(t, [this.session(addDays(local.date, -1)), this.session(local.date)])
      : { powerW: 0, state: 'AVAILABLE' as const, session: null };
    const heatPump = system.heatPump ? heatPumpAt(system.heatPump, t, local, ambient) : null;
    const loadW = houseW + ev.powerW + (heatPump?.powerW ?? 0);
    const sample: Sample = {
      ts: t,
      local,
      ambient,
      poa,
      cellTemp: cellTemperature(ambient, poa),
      dcW: pvW > 0 ? dcW : 0,
      pvW,
      houseW,
      evW: ev.powerW,
      evState: ev.state,
      evSessionId: ev.session?.id ?? null,
      heatPump,
      loadW,
      batteryW: 0,
      gridW: loadW - pvW,
      soc: this.soc,
    };
    if (this.grid.size >= 4) this.grid.delete(this.grid.keys().next().value as number);
    this.grid.set(t, sample);
    return sample;
  }

  /**
   * The plant at any instant: the model is evaluated on the five-minute grid (where all its noise has
   * its knots) and joined by straight lines in between, states taken from the grid point before. So a
   * dongle sampling every minute and the backfill stepping every five integrate the very same curves.
   */
  private sampleAt(t: number): Sample {
    const g0 = Math.floor(t / MAX_STEP_MS) * MAX_STEP_MS;
    const a = this.exogenous(g0);
    if (t === g0) return { ...a, soc: this.soc };
    const b = this.exogenous(g0 + MAX_STEP_MS);
    const f = (t - g0) / MAX_STEP_MS;
    const pvW = lerp(a.pvW, b.pvW, f);
    const loadW = lerp(a.loadW, b.loadW, f);
    return {
      ...a,
      ts: t,
      local: localTime(t, this.plant.timezone),
      ambient: lerp(a.ambient, b.ambient, f),
      poa: lerp(a.poa, b.poa, f),
      cellTemp: lerp(a.cellTemp, b.cellTemp, f),
      dcW: lerp(a.dcW, b.dcW, f),
      pvW,
      houseW: lerp(a.houseW, b.houseW, f),
      evW: lerp(a.evW, b.evW, f),
      heatPump:
        a.heatPump && b.heatPump
          ? {
              ...a.heatPump,
              powerW: lerp(a.heatPump.powerW, b.heatPump.powerW, f),
              flowTemperature: lerp(a.heatPump.flowTemperature, b.heatPump.flowTemperature, f),
              returnTemperature: lerp(a.heatPump.returnTemperature, b.heatPump.returnTemperature, f),
              hotWaterTemperature: lerp(a.heatPump.hotWaterTemperature, b.heatPump.hotWaterTemperature, f),
            }
          : a.heatPump,
      loadW,
      gridW: loadW - pvW,
      soc: this.soc,
    };
  }

  /**
   * Integrates from the previous sample to `t`. PV and load are taken as straight lines between the
   * two samples (all noise is piecewise linear on the five-minute grid, so that is nearly exact) and
   * the battery is dispatched on that line minute by minute: its non-linear limits then come out the
   * same whether the dongle samples every minute or the backfill every five.
   */
  private step(t: number): void {
    const prev = this.last;
    const s = this.sampleAt(t);
    const c = this.counters;
    if (s.evSessionId && s.evSessionId !== c.evSessionId) {
      c.evSessionId = s.evSessionId;
      c.evSession = 0;
    }
    const dtMs = t - this.t;
    const n = Math.max(1, Math.ceil(dtMs / SUB_STEP_MS));
    const seconds = dtMs / n / 1000;
    // A step across local midnight: only its part after midnight belongs to the new day.
    let midnight = Number.NEGATIVE_INFINITY;
    if (s.local.date !== c.day) {
      midnight = localMidnight(s.local.date, this.plant.timezone);
      c.day = s.local.date;
      c.daily = zeroEnergy();
      c.evSession = 0;
    }
    const hpPrev = prev.heatPump?.powerW ?? 0;
    const hpNow = s.heatPump?.powerW ?? 0;
    for (let j = 1; j <= n; j++) {
      const f = j / n;
      const pvW = lerp(prev.pvW, s.pvW, f);
      const loadW = lerp(prev.loadW, s.loadW, f);
      const d = dispatch(pvW, loadW, this.soc, this.system.battery, this.system.ratedW, seconds);
      this.soc = d.soc;
      s.batteryW = d.batteryW;
      s.gridW = d.gridW;
      const k = seconds * KWH_PER_WS;
      const purchase = Math.max(0, d.gridW) * k;
      const feedIn = Math.max(0, -d.gridW) * k;
      // The share of this sub-step that lies after midnight (1 on any ordinary step).
      const today = Math.min(1, Math.max(0, (this.t + dtMs * f - midnight) / (seconds * 1000)));
      addEnergy(
        c.total,
        pvW * k,
        loadW * k,
        Math.max(0, -d.batteryW) * k,
        Math.max(0, d.batteryW) * k,
        feedIn,
        purchase,
        1,
      );
      addEnergy(
        c.daily,
        pvW * k,
        loadW * k,
        Math.max(0, -d.batteryW) * k,
        Math.max(0, d.batteryW) * k,
        feedIn,
        purchase,
        today,
      );
      c.meterImport += purchase;
      c.meterExport += feedIn;
      const evKwh = lerp(prev.evW, s.evW, f) * k;
      c.evTotal += evKwh;
      c.evSession += evKwh * today;
      c.hpTotal += lerp(hpPrev, hpNow, f) * k;
    }
    s.soc = this.soc;
    this.t = t;
    this.last = s;
  }
}
