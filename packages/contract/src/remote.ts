import { z } from 'zod';
import { IdSchema } from './api.ts';
import { GRID_CODE_DEFAULTS, GRID_CODES, type GridCode } from './grid-codes.ts';
import { LocalDateSchema } from './plant-data.ts';
import { md5Schema } from './validation.ts';

export { GRID_CODE_DEFAULTS, GRID_CODES, type GridCode, GridCodeSchema } from './grid-codes.ts';

/**
 * Remote inverter settings (requirements §R8.1 tabs, §R8.3 protection parameters): what each
 * parameter is, its unit and the range the server accepts. The web builds its forms from this table and
 * the server validates every write with it, so a value outside the range never reaches a device.
 */

/** The tabs of requirements §R8.1 (the fourth, "Coming Soon", has no parameters). */
export const REMOTE_TABS = ['grid', 'general', 'activePower'] as const;
export type RemoteTab = (typeof REMOTE_TABS)[number];

export type ParamUnit = 'V' | 's' | 'Hz' | 'Hz/s' | '%' | 'W' | '';

interface NumberParam {
  kind: 'number';
  tab: RemoteTab;
  /** Sub-heading inside the tab (i18n key under `remote.section.*` of the web). */
  section: string;
  unit: ParamUnit;
  min: number;
  max: number;
  /** Decimal places the value may have (0.01 V steps are finer than any relay). */
  decimals: number;
}
interface EnumParam {
  kind: 'enum';
  tab: RemoteTab;
  section: string;
  options: readonly string[];
}
interface SwitchParam {
  kind: 'boolean';
  tab: RemoteTab;
  section: string;
}
export type ParamDef = NumberParam | EnumParam | SwitchParam;

const voltage = (section: string, min: number, max: number): NumberParam => ({
  kind: 'number',
  tab: 'grid',
  section,
  unit: 'V',
  min,
  max,
  decimals: 1,
});
const frequency = (section: string, min: number, max: number): NumberParam => ({
  kind: 'number',
  tab: 'grid',
  section,
  unit: 'Hz',
  min,
  max,
  decimals: 2,
});
const seconds = (section: string, min: number, max: number, tab: RemoteTab = 'grid'): NumberParam => ({
  kind: 'number',
  tab,
  section,
  unit: 's',
  min,
  max,
  decimals: 2,
});

export const POWER_FACTOR_MODES = ['FIXED_PF', 'FIXED_Q', 'COS_PHI_P', 'Q_U'] as const;
export const POWER_FACTOR_DIRECTIONS = ['OVER_EXCITED', 'UNDER_EXCITED'] as const;

/**
 * Every remote parameter, in the order the forms show them. Ranges are for a 230 V / 50 Hz low-voltage
 * connection: wide enough for every grid code of GRID_CODES, narrow enough that a typo (2530 V, 5.1 Hz)
 * is refused.
 */
export const PARAM_DEFS = {
  gridCode: { kind: 'enum', tab: 'grid', section: 'gridCode', options: GRID_CODES },
  overVoltage1: voltage('overVoltage', 230, 330),
  overVoltage1Time: seconds('overVoltage', 0.02, 100),
  overVoltage2: voltage('overVoltage', 230, 330),
  overVoltage2Time: seconds('overVoltage', 0.02, 100),
  overVoltage3: voltage('overVoltage', 230, 330),
  overVoltage3Time: seconds('overVoltage', 0.02, 100),
  underVoltage1: voltage('underVoltage', 20, 230),
  underVoltage1Time: seconds('underVoltage', 0.02, 100),
  underVoltage2: voltage('underVoltage', 20, 230),
  underVoltage2Time: seconds('underVoltage', 0.02, 100),
  underVoltage3: voltage('underVoltage', 20, 230),
  underVoltage3Time: seconds('underVoltage', 0.02, 100),
  overFrequency1: frequency('overFrequency', 50, 55),
  overFrequency1Time: seconds('overFrequency', 0.02, 100),
  overFrequency2: frequency('overFrequency', 50, 55),
  overFrequency2Time: seconds('overFrequency', 0.02, 100),
  overFrequency3: frequency('overFrequency', 50, 55),
  overFrequency3Time: seconds('overFrequency', 0.02, 100),
  underFrequency1: frequency('underFrequency', 45, 50),
  underFrequency1Time: seconds('underFrequency', 0.02, 100),
  underFrequency2: frequency('underFrequency', 45, 50),
  underFrequency2Time: seconds('underFrequency', 0.02, 100),
  underFrequency3: frequency('underFrequency', 45, 50),
  underFrequency3Time: seconds('underFrequency', 0.02, 100),
  recoveryVoltageHigh: voltage('recovery', 230, 300),
  recoveryVoltageLow: voltage('recovery', 150, 230),
  recoveryFrequencyHigh: frequency('recovery', 50, 52),
  recoveryFrequencyLow: frequency('recovery', 47, 50),
  recoveryTime: seconds('recovery', 0, 1200),
  overVoltage10Min: voltage('overVoltage10Min', 230, 280),
  overVoltage10MinTime: seconds('overVoltage10Min', 0.02, 600),
  rocof: { kind: 'number', tab: 'grid', section: 'rocof', unit: 'Hz/s', min: 0.1, max: 5, decimals: 2 },
  rocofTime: seconds('rocof', 0.02, 10),
  remoteOnOff: { kind: 'boolean', tab: 'general', section: 'operation' },
  powerFactorMode: { kind: 'enum', tab: 'general', section: 'reactivePower', options: POWER_FACTOR_MODES },
  powerFactor: {
    kind: 'number',
    tab: 'general',
    section: 'reactivePower',
    unit: '',
    min: 0.8,
    max: 1,
    decimals: 3,
  },
  powerFactorDirection: {
    kind: 'enum',
    tab: 'general',
    section: 'reactivePower',
    options: POWER_FACTOR_DIRECTIONS,
  },
  reactivePowerPercent: {
    kind: 'number',
    tab: 'general',
    section: 'reactivePower',
    unit: '%',
    min: -60,
    max: 60,
    decimals: 1,
  },
  activePowerLimit: {
    kind: 'number',
    tab: 'activePower',
    section: 'powerLimit',
    unit: '%',
    min: 0,
    max: 100,
    decimals: 1,
  },
  exportLimitEnabled: { kind: 'boolean', tab: 'activePower', section: 'exportLimit' },
  exportLimit: {
    kind: 'number',
    tab: 'activePower',
    section: 'exportLimit',
    unit: 'W',
    min: 0,
    max: 1_000_000,
    decimals: 0,
  },
} as const satisfies Record<string, ParamDef>;

export type ParamKey = keyof typeof PARAM_DEFS;
export const PARAM_KEYS = Object.keys(PARAM_DEFS) as ParamKey[];
export type ParamValue = number | string | boolean;
export type ParamValues = Partial<Record<ParamKey, ParamValue>>;

const decimalsOf = (n: number) => {
  const s = String(n);
  const e = s.indexOf('e-');
  if (e >= 0) return Number(s.slice(e + 2));
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
};

/** Whether one value fits its parameter (type, range, decimals, offered options). */
export function isValidParamValue(key: ParamKey, value: unknown): boolean {
  const def: ParamDef = PARAM_DEFS[key];
  if (def.kind === 'boolean') return typeof value === 'boolean';
  if (def.kind === 'enum') return typeof value === 'string' && def.options.includes(value);
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= def.min &&
    value <= def.max &&
    decimalsOf(value) <= def.decimals
  );
}

/**
 * Rules between parameters: each stage trips further from nominal than the one before, and the
 * recovery window lies inside the first trip stages. `values` is the whole set after the change.
 */
const ORDERED: [lower: ParamKey, higher: ParamKey][] = [
  ['overVoltage1', 'overVoltage2'],
  ['overVoltage2', 'overVoltage3'],
  ['underVoltage2', 'underVoltage1'],
  ['underVoltage3', 'underVoltage2'],
  ['overFrequency1', 'overFrequency2'],
  ['overFrequency2', 'overFrequency3'],
  ['underFrequency2', 'underFrequency1'],
  ['underFrequency3', 'underFrequency2'],
  ['recoveryVoltageLow', 'recoveryVoltageHigh'],
  ['recoveryVoltageHigh', 'overVoltage1'],
  ['underVoltage1', 'recoveryVoltageLow'],
  ['recoveryFrequencyLow', 'recoveryFrequencyHigh'],
  ['recoveryFrequencyHigh', 'overFrequency1'],
  ['underFrequency1', 'recoveryFrequencyLow'],
];

export interface ParamProblem {
  field: ParamKey;
  /** `validation.correctValue` (type or range) or `remote.order` (stage order, names the other field). */
  key: 'validation.correctValue' | 'remote.order';
  params: Record<string, string | number>;
}

/** The display range of a number parameter, e.g. "230–330 V". */
export function paramRange(key: ParamKey): string {
  const def: ParamDef = PARAM_DEFS[key];
  if (def.kind !== 'number') return '';
  return `${def.min}–${def.max}${def.unit ? ` ${def.unit}` : ''}`;
}

/**
 * Checks changed values against the contract: unknown keys, types and ranges of `changes`, then the
 * order rules on the set as it would be after the change (`current` is what the device last reported).
 */
export function checkParamChanges(changes: Record<string, unknown>, current: ParamValues): ParamProblem[] {
  const problems: ParamProblem[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (!(key in PARAM_DEFS) || !isValidParamValue(key as ParamKey, value))
      problems.push({
        field: key as ParamKey,
        key: 'validation.correctValue',
        params: key in PARAM_DEFS ? { range: paramRange(key as ParamKey) } : {},
      });
  }
  if (problems.length) return problems;
  const after = { ...current, ...changes } as ParamValues;
  for (const [lower, higher] of ORDERED) {
    const lo = after[lower];
    const hi = after[higher];
    if (typeof lo !== 'number' || typeof hi !== 'number' || lo <= hi) continue;
    const field = lower in changes ? lower : higher;
    problems.push({ field, key: 'remote.order', params: { other: field === lower ? higher : lower } });
  }
  return problems;
}

/**
 * Whether two values of a parameter are the same: numbers within float noise (a device may report 49.8
 * as 49.800000000000004), anything else exactly. The one rule for "changed": the web's form, the
 * server's "nothing changed" refusal and its read-back check all use it.
 */
export const sameParamValue = (a: unknown, b: unknown): boolean =>
  typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) < 1e-9 : a === b;

/** The protection defaults a grid code stands for (what choosing it fills in). */
export const gridCodeValues = (code: GridCode): ParamValues => ({
  gridCode: code,
  ...GRID_CODE_DEFAULTS[code],
});

// ---------------------------------------------------------------------------------------------- API

/**
 * A remote command's life: sent (PENDING), acknowledged by the device (ACCEPTED), written and being
 * read back (VERIFYING), and the end: CONFIRMED (read back equal), FAILED (the device said no, or the
 * read-back differs) or TIMED_OUT (no final answer before it expired).
 */
export const RemoteCommandStatusSchema = z.enum([
  'PENDING',
  'ACCEPTED',
  'VERIFYING',
  'CONFIRMED',
  'FAILED',
  'TIMED_OUT',
]);
export type RemoteCommandStatus = z.infer<typeof RemoteCommandStatusSchema>;
export const REMOTE_FINAL_STATUSES: RemoteCommandStatus[] = ['CONFIRMED', 'FAILED', 'TIMED_OUT'];

export const RemoteActionSchema = z.enum(['READ', 'WRITE']);
export type RemoteAction = z.infer<typeof RemoteActionSchema>;

/** The inverter a read or write is about (an inverter of the caller's scope). */
export const RemoteDeviceBodySchema = z.object({ deviceId: IdSchema });
export type RemoteDeviceBody = z.infer<typeof RemoteDeviceBodySchema>;

/**
 * A write. `values` holds only what changed; it is checked against PARAM_DEFS by the service (so that
 * a refused attempt is still written to the audit log), hence the loose record here.
 */
export const RemoteWriteBodySchema = z.object({
  deviceId: IdSchema,
  values: z.record(z.string().max(40), z.union([z.number(), z.string().max(40), z.boolean()])),
  /** The liability disclaimer, ticked by the user (aimed at qualified persons). */
  disclaimerAccepted: z.boolean(),
  /** The user's own password again (MD5 on the client, like every password field). */
  password: md5Schema,
});
export type RemoteWriteBody = z.infer<typeof RemoteWriteBodySchema>;

export const ParamChangeSchema = z.object({
  key: z.string(),
  old: z.union([z.number(), z.string(), z.boolean()]).nullable(),
  new: z.union([z.number(), z.string(), z.boolean()]),
});
export type ParamChange = z.infer<typeof ParamChangeSchema>;

export const RemoteCommandSchema = z.object({
  id: z.number(),
  cmdId: z.string(),
  action: RemoteActionSchema,
  status: RemoteCommandStatusSchema,
  /** Writes: what changes (old → new). */
  changes: z.array(ParamChangeSchema),
  /** The device's error, or why the cloud gave up (`expired`, `read-back mismatch` …). */
  error: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RemoteCommand = z.infer<typeof RemoteCommandSchema>;

/** What the parameter screens show: the device's values as last read, and recent commands. */
export const RemoteStateSchema = z.object({
  device: z.object({
    id: z.number(),
    sn: z.string(),
    model: z.string().nullable(),
    manufacturer: z.string().nullable(),
    ratedPower: z.number().nullable(),
    status: z.string(),
    plantId: z.number(),
    plantName: z.string(),
    dongleSn: z.string(),
  }),
  /** Null until the device has answered a read once. */
  values: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).nullable(),
  readAt: z.string().nullable(),
  /** Newest first; the first unfinished one is what the screen follows. */
  commands: z.array(RemoteCommandSchema),
  /** What the caller may do here (the buttons to show). */
  canRead: z.boolean(),
  canWrite: z.boolean(),
});
export type RemoteState = z.infer<typeof RemoteStateSchema>;

/**
 * What came of an attempt on remote settings. REFUSED attempts never left the cloud; the others follow
 * the command (SENT, then the device's answers: ACCEPTED, and CONFIRMED, FAILED or TIMED_OUT).
 */
export const RemoteAuditOutcomeSchema = z.enum([
  'REFUSED',
  'SENT',
  'ACCEPTED',
  'CONFIRMED',
  'FAILED',
  'TIMED_OUT',
]);
export type RemoteAuditOutcome = z.infer<typeof RemoteAuditOutcomeSchema>;

export const RemoteAuditPageBodySchema = z.object({
  deviceId: IdSchema.optional(),
  plantId: IdSchema.optional(),
  action: RemoteActionSchema.optional(),
  outcome: RemoteAuditOutcomeSchema.optional(),
  /** Part of the device serial number. */
  deviceSn: z.string().trim().max(32).optional(),
  startDate: LocalDateSchema.optional(),
  endDate: LocalDateSchema.optional(),
});
export type RemoteAuditPageBody = z.infer<typeof RemoteAuditPageBodySchema>;

/** One state an attempt reached, and when. */
export const RemoteAuditStepSchema = z.object({ outcome: RemoteAuditOutcomeSchema, at: z.string() });
export type RemoteAuditStep = z.infer<typeof RemoteAuditStepSchema>;

/**
 * One attempt of the log, as an installer reads it: a write is one row from sent to confirmed (the log
 * keeps an append-only entry per state; the list folds a command's entries into its row).
 */
export const RemoteAuditRowSchema = z.object({
  id: z.number(),
  /** When the attempt was made (sent, or refused by the cloud). */
  at: z.string(),
  cmdId: z.string().nullable(),
  action: RemoteActionSchema,
  /** The state it reached last (the outcome filter matches this one). */
  outcome: RemoteAuditOutcomeSchema,
  /** Every state it reached, oldest first, with its time: SENT, ACCEPTED, CONFIRMED… or REFUSED. */
  steps: z.array(RemoteAuditStepSchema),
  username: z.string(),
  plantId: z.number(),
  plantName: z.string(),
  deviceId: z.number().nullable(),
  deviceSn: z.string(),
  changes: z.array(ParamChangeSchema),
  /** What the device answered last (values read back, its error), as sent. */
  deviceAnswer: z.string().nullable(),
  /** Why an attempt was refused or failed, in the reader's language. */
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type RemoteAuditRow = z.infer<typeof RemoteAuditRowSchema>;

/** How long a device has to answer: a read is quick; a write may wait for the inverter to apply it. */
export const READ_TTL_MS = 60_000;
export const WRITE_TTL_MS = 120_000;
