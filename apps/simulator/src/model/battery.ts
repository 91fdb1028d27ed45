/**
 * Self-consumption (OWN_USE) dispatch of a home battery: PV surplus charges it, a deficit is covered
 * from it, the grid does the rest. It never charges from the grid, so the inverter's AC output stays
 * non-negative as the catalogue requires.
 */
export interface BatteryConfig {
  capacityKwh: number;
  /** Charge and discharge limit in W. */
  maxW: number;
  socMin: number;
  socMax: number;
  /** One-way efficiency (charge and discharge each); ~0.95 gives the ~90 % round trip of LFP systems. */
  efficiency: number;
  /**
   * What the battery system draws for itself (BMS, idling converter), W, taken from its charge down to
   * the minimum: HTW Berlin's Stromspeicher-Inspektion measures ~5–50 W across systems.
   */
  standbyW: number;
}

export interface Dispatch {
  /** Battery power, W: positive = discharging, negative = charging (metrics.ts). */
  batteryW: number;
  /** Grid power, W: positive = buying, negative = feeding in (metrics.ts). */
  gridW: number;
  soc: number;
}

/** Hybrid inverters regulate the grid point to about ±25 W; below that the battery stays idle. */
const DEADBAND_W = 25;
/**
 * While discharging they hold the grid point at a small import rather than at zero, so that load steps
 * never push battery energy into the grid: a house with a battery still buys a little all night.
 */
const IMPORT_WHILE_DISCHARGING_W = 25;

/**
 * One step of length `dtSeconds` with constant PV and load. `maxAcW` caps discharging so PV plus
 * battery never exceeds what the inverter can put out.
 */
export function dispatch(
  pvW: number,
  loadW: number,
  soc: number,
  battery: BatteryConfig | null,
  maxAcW: number,
  dtSeconds: number,
): Dispatch {
  const surplus = pvW - loadW;
  if (!battery || battery.capacityKwh <= 0 || dtSeconds <= 0) return { batteryW: 0, gridW: -surplus, soc };
  const capacityWs = battery.capacityKwh * 3.6e6;
  let batteryW = 0;
  if (surplus > DEADBAND_W) {
    const room = ((battery.socMax - soc) / 100) * capacityWs;
    const charge = Math.min(surplus, battery.maxW, Math.max(0, room / battery.efficiency / dtSeconds));
    batteryW = charge > DEADBAND_W ? -charge : 0;
  } else if (surplus < -DEADBAND_W) {
    const stored = ((soc - battery.socMin) / 100) * capacityWs;
    const limit = Math.min(battery.maxW, Math.max(0, maxAcW - pvW));
    const discharge = Math.min(
      -surplus - IMPORT_WHILE_DISCHARGING_W,
      limit,
      Math.max(0, (stored * battery.efficiency) / dtSeconds),
    );
    batteryW = discharge > DEADBAND_W ? discharge : 0;
  }
  const storedDelta =
    (batteryW < 0 ? -batteryW * battery.efficiency : -batteryW / battery.efficiency) - battery.standbyW;
  const next = soc + ((storedDelta * dtSeconds) / capacityWs) * 100;
  return {
    batteryW,
    gridW: loadW - pvW - batteryW,
    soc: Math.min(battery.socMax, Math.max(battery.socMin, next)),
  };
}
