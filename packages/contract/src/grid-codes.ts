import { z } from 'zod';

/**
 * Grid codes an inverter can be set to, and the interface-protection defaults each publishes for a
 * 230 V / 50 Hz low-voltage connection. docs/grid-codes.md names the source of every value. Where a
 * code defines fewer than three stages, the unused stages repeat the last defined one, so they never
 * trip earlier than the code itself. Where a code does not specify a parameter (RoCoF in most), the
 * value is an inverter default, and the doc says so. These are starting points: the grid operator's
 * connection requirements take precedence, and a qualified person confirms them before they are written.
 */
export const GRID_CODES = [
  'VDE_AR_N_4105',
  'EN_50549_1',
  'CEI_0_21',
  'G98',
  'G99',
  'VDE_0126_1_1',
  'AS_NZS_4777_2',
  'CUSTOM',
] as const;
export const GridCodeSchema = z.enum(GRID_CODES);
export type GridCode = (typeof GRID_CODES)[number];

export interface ProtectionDefaults {
  overVoltage1: number;
  overVoltage1Time: number;
  overVoltage2: number;
  overVoltage2Time: number;
  overVoltage3: number;
  overVoltage3Time: number;
  underVoltage1: number;
  underVoltage1Time: number;
  underVoltage2: number;
  underVoltage2Time: number;
  underVoltage3: number;
  underVoltage3Time: number;
  overFrequency1: number;
  overFrequency1Time: number;
  overFrequency2: number;
  overFrequency2Time: number;
  overFrequency3: number;
  overFrequency3Time: number;
  underFrequency1: number;
  underFrequency1Time: number;
  underFrequency2: number;
  underFrequency2Time: number;
  underFrequency3: number;
  underFrequency3Time: number;
  recoveryVoltageHigh: number;
  recoveryVoltageLow: number;
  recoveryFrequencyHigh: number;
  recoveryFrequencyLow: number;
  recoveryTime: number;
  overVoltage10Min: number;
  overVoltage10MinTime: number;
  rocof: number;
  rocofTime: number;
}

/**
 * VDE-AR-N 4105:2018 (Germany). U>> is 1.25 Un = 287.5 V in the 2018 edition (the 2011 edition had
 * 1.15 Un); the retrieved sources showed only the 2011 value, see docs/grid-codes.md.
 */
const VDE_4105: ProtectionDefaults = {
  overVoltage1: 287.5,
  overVoltage1Time: 0.1,
  overVoltage2: 287.5,
  overVoltage2Time: 0.1,
  overVoltage3: 287.5,
  overVoltage3Time: 0.1,
  underVoltage1: 184,
  underVoltage1Time: 3,
  underVoltage2: 103.5,
  underVoltage2Time: 0.3,
  underVoltage3: 103.5,
  underVoltage3Time: 0.3,
  overFrequency1: 51.5,
  overFrequency1Time: 0.1,
  overFrequency2: 51.5,
  overFrequency2Time: 0.1,
  overFrequency3: 51.5,
  overFrequency3Time: 0.1,
  underFrequency1: 47.5,
  underFrequency1Time: 0.1,
  underFrequency2: 47.5,
  underFrequency2Time: 0.1,
  underFrequency3: 47.5,
  underFrequency3Time: 0.1,
  recoveryVoltageHigh: 253,
  recoveryVoltageLow: 195.5,
  recoveryFrequencyHigh: 50.1,
  recoveryFrequencyLow: 47.5,
  recoveryTime: 60,
  overVoltage10Min: 253,
  overVoltage10MinTime: 0.1,
  rocof: 2,
  rocofTime: 0.5,
};

/**
 * EN 50549-1:2019 (European baseline). The standard gives adjustable ranges and leaves the thresholds to
 * the DSO; the frequency stages follow a manufacturer's generic EU data set.
 */
const EN_50549_1: ProtectionDefaults = {
  overVoltage1: 264.5,
  overVoltage1Time: 0.1,
  overVoltage2: 264.5,
  overVoltage2Time: 0.1,
  overVoltage3: 264.5,
  overVoltage3Time: 0.1,
  underVoltage1: 195.5,
  underVoltage1Time: 3,
  underVoltage2: 103.5,
  underVoltage2Time: 0.3,
  underVoltage3: 103.5,
  underVoltage3Time: 0.3,
  overFrequency1: 51.5,
  overFrequency1Time: 2,
  overFrequency2: 52,
  overFrequency2Time: 0.1,
  overFrequency3: 52,
  overFrequency3Time: 0.1,
  underFrequency1: 47.5,
  underFrequency1Time: 2,
  underFrequency2: 47,
  underFrequency2Time: 0.1,
  underFrequency3: 47,
  underFrequency3Time: 0.1,
  recoveryVoltageHigh: 253,
  recoveryVoltageLow: 195.5,
  recoveryFrequencyHigh: 50.2,
  recoveryFrequencyLow: 49.5,
  recoveryTime: 60,
  overVoltage10Min: 253,
  overVoltage10MinTime: 3,
  rocof: 2,
  rocofTime: 0.5,
};

/** CEI 0-21 (Italy): the SPI's permissive thresholds 59.S2, 27.S1, 27.S2, 81>.S2, 81<.S2 and 59.S1. */
const CEI_0_21: ProtectionDefaults = {
  overVoltage1: 264.5,
  overVoltage1Time: 0.2,
  overVoltage2: 264.5,
  overVoltage2Time: 0.2,
  overVoltage3: 264.5,
  overVoltage3Time: 0.2,
  underVoltage1: 195.5,
  underVoltage1Time: 1.5,
  underVoltage2: 34.5,
  underVoltage2Time: 0.2,
  underVoltage3: 34.5,
  underVoltage3Time: 0.2,
  overFrequency1: 51.5,
  overFrequency1Time: 0.1,
  overFrequency2: 51.5,
  overFrequency2Time: 0.1,
  overFrequency3: 51.5,
  overFrequency3Time: 0.1,
  underFrequency1: 47.5,
  underFrequency1Time: 0.1,
  underFrequency2: 47.5,
  underFrequency2Time: 0.1,
  underFrequency3: 47.5,
  underFrequency3Time: 0.1,
  recoveryVoltageHigh: 253,
  recoveryVoltageLow: 195.5,
  recoveryFrequencyHigh: 50.1,
  recoveryFrequencyLow: 49.9,
  recoveryTime: 300,
  overVoltage10Min: 253,
  overVoltage10MinTime: 3,
  rocof: 2,
  rocofTime: 0.5,
};

/** EREC G98 and G99 (Great Britain) share the LV interface-protection settings. */
const GB_LV: ProtectionDefaults = {
  overVoltage1: 262.2,
  overVoltage1Time: 1,
  overVoltage2: 273.7,
  overVoltage2Time: 0.5,
  overVoltage3: 273.7,
  overVoltage3Time: 0.5,
  underVoltage1: 200.1,
  underVoltage1Time: 2.5,
  underVoltage2: 184,
  underVoltage2Time: 0.5,
  underVoltage3: 184,
  underVoltage3Time: 0.5,
  overFrequency1: 52,
  overFrequency1Time: 0.5,
  overFrequency2: 52,
  overFrequency2Time: 0.5,
  overFrequency3: 52,
  overFrequency3Time: 0.5,
  underFrequency1: 47.5,
  underFrequency1Time: 20,
  underFrequency2: 47,
  underFrequency2Time: 0.5,
  underFrequency3: 47,
  underFrequency3Time: 0.5,
  recoveryVoltageHigh: 253,
  recoveryVoltageLow: 207,
  recoveryFrequencyHigh: 50.4,
  recoveryFrequencyLow: 47.5,
  recoveryTime: 20,
  overVoltage10Min: 253,
  overVoltage10MinTime: 3,
  rocof: 1,
  rocofTime: 0.5,
};

/** DIN V VDE V 0126-1-1 (automatic disconnection device, also used in France): single-stage limits. */
const VDE_0126_1_1: ProtectionDefaults = {
  overVoltage1: 264.5,
  overVoltage1Time: 0.2,
  overVoltage2: 264.5,
  overVoltage2Time: 0.2,
  overVoltage3: 264.5,
  overVoltage3Time: 0.2,
  underVoltage1: 184,
  underVoltage1Time: 0.2,
  underVoltage2: 184,
  underVoltage2Time: 0.2,
  underVoltage3: 184,
  underVoltage3Time: 0.2,
  overFrequency1: 50.2,
  overFrequency1Time: 0.2,
  overFrequency2: 50.2,
  overFrequency2Time: 0.2,
  overFrequency3: 50.2,
  overFrequency3Time: 0.2,
  underFrequency1: 47.5,
  underFrequency1Time: 0.2,
  underFrequency2: 47.5,
  underFrequency2Time: 0.2,
  underFrequency3: 47.5,
  underFrequency3Time: 0.2,
  recoveryVoltageHigh: 253,
  recoveryVoltageLow: 195.5,
  recoveryFrequencyHigh: 50.05,
  recoveryFrequencyLow: 47.5,
  recoveryTime: 30,
  overVoltage10Min: 253,
  overVoltage10MinTime: 0.2,
  rocof: 2,
  rocofTime: 0.5,
};

/**
 * AS/NZS 4777.2:2020, region Australia A. Times are the trip delay times of the passive anti-islanding
 * tables; where the standard gives no trip delay (V>>, F>), the maximum disconnection time (0.2 s).
 */
const AS_NZS_4777_2: ProtectionDefaults = {
  overVoltage1: 265,
  overVoltage1Time: 1,
  overVoltage2: 275,
  overVoltage2Time: 0.2,
  overVoltage3: 275,
  overVoltage3Time: 0.2,
  underVoltage1: 180,
  underVoltage1Time: 10,
  underVoltage2: 70,
  underVoltage2Time: 1,
  underVoltage3: 70,
  underVoltage3Time: 1,
  overFrequency1: 52,
  overFrequency1Time: 0.2,
  overFrequency2: 52,
  overFrequency2Time: 0.2,
  overFrequency3: 52,
  overFrequency3Time: 0.2,
  underFrequency1: 47,
  underFrequency1Time: 1,
  underFrequency2: 47,
  underFrequency2Time: 1,
  underFrequency3: 47,
  underFrequency3Time: 1,
  recoveryVoltageHigh: 253,
  recoveryVoltageLow: 205,
  recoveryFrequencyHigh: 50.15,
  recoveryFrequencyLow: 47.5,
  recoveryTime: 60,
  overVoltage10Min: 258,
  overVoltage10MinTime: 3,
  rocof: 4,
  rocofTime: 0.25,
};

/** Published defaults per grid code; CUSTOM starts from the European baseline (EN 50549-1). */
export const GRID_CODE_DEFAULTS: Record<GridCode, ProtectionDefaults> = {
  VDE_AR_N_4105: VDE_4105,
  EN_50549_1,
  CEI_0_21,
  G98: GB_LV,
  G99: GB_LV,
  VDE_0126_1_1,
  AS_NZS_4777_2,
  CUSTOM: EN_50549_1,
};
