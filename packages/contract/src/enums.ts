import { z } from 'zod';

export const OrgTypeSchema = z.enum(['PROVIDER', 'DEALER', 'INSTALLER', 'OWNER', 'GUEST']);
export type OrgType = z.infer<typeof OrgTypeSchema>;

/** Organisation and account status: normal, freeze (temporarily blocked), stop (deactivated). */
export const StatusSchema = z.enum(['NORMAL', 'FREEZE', 'STOP']);
export type Status = z.infer<typeof StatusSchema>;

export const RoleStatusSchema = z.enum(['ENABLED', 'DISABLED']);
export type RoleStatus = z.infer<typeof RoleStatusSchema>;

/** Ordered from widest to narrowest; a caller may only hand out a scope no wider than its own. */
export const DATA_SCOPES = ['ALL', 'ORG_AND_SUB', 'ORG', 'SELF'] as const;
export const DataScopeSchema = z.enum(DATA_SCOPES);
export type DataScope = z.infer<typeof DataScopeSchema>;

export const MenuTypeSchema = z.enum(['CATALOG', 'MENU', 'BUTTON']);
export type MenuType = z.infer<typeof MenuTypeSchema>;

export const ContactTypeSchema = z.enum(['MOBILE', 'EMAIL']);
export type ContactType = z.infer<typeof ContactTypeSchema>;

export const CodePurposeSchema = z.enum(['LOGIN', 'REGISTER', 'FORGET', 'BIND']);
export type CodePurpose = z.infer<typeof CodePurposeSchema>;

/** Which organisation types may sit directly below which (the guest fits anywhere but under an owner). */
export const CHILD_ORG_TYPES: Record<OrgType, OrgType[]> = {
  PROVIDER: ['DEALER', 'INSTALLER', 'GUEST'],
  DEALER: ['INSTALLER', 'OWNER', 'GUEST'],
  INSTALLER: ['OWNER', 'GUEST'],
  OWNER: [],
  GUEST: [],
};

// Monitoring (SPEC §3).
export const StationTypeSchema = z.enum(['ENERGY_STORAGE', 'PHOTOVOLTAIC', 'BALCONY_PHOTOVOLTAICS']);
export type StationType = z.infer<typeof StationTypeSchema>;

/** A plant's status, derived from its devices (and, later, its alarms): ingest/plant-status.ts. */
export const PlantStatusSchema = z.enum(['OFFLINE', 'NORMAL', 'WARNING', 'FAULT']);
export type PlantStatus = z.infer<typeof PlantStatusSchema>;

/** ONLINE is shown as "normal"; NOT_CONNECTED until the first message; OFFLINE after three missed intervals. */
export const DeviceStatusSchema = z.enum(['ONLINE', 'OFFLINE', 'NOT_CONNECTED', 'FAULT', 'ABNORMAL']);
export type DeviceStatus = z.infer<typeof DeviceStatusSchema>;

export const InverterTypeSchema = z.enum(['SINGLE_PHASE', 'THREE_PHASE']);
export type InverterType = z.infer<typeof InverterTypeSchema>;

export const NetworkingModeSchema = z.enum(['WIFI', 'ETHERNET']);
export type NetworkingMode = z.infer<typeof NetworkingModeSchema>;

/** Statistics granularity: one row per day, month or year, or the lifetime total. */
export const DateTypeSchema = z.enum(['date', 'month', 'year', 'total']);
export type DateType = z.infer<typeof DateTypeSchema>;

/** The energy figures every statistic, dashboard and report speaks of (kWh; revenue in the plant's currency). */
export const ENERGY_FIGURES = [
  'generation',
  'consumption',
  'charge',
  'discharge',
  'feedIn',
  'purchase',
  'selfConsumption',
  'selfSufficiency',
  'revenue',
] as const;
export type EnergyFigure = (typeof ENERGY_FIGURES)[number];

// Basic data and alarms (SPEC §3).
/** The basic-data device types of SPEC §3 (specifications and fault codes are filed under these). */
export const BasicDeviceTypeSchema = z.enum(['COMPONENT', 'CELL', 'INVERTER', 'METERBOX']);
export type BasicDeviceType = z.infer<typeof BasicDeviceTypeSchema>;

/** Alarm levels with their numeric codes of SPEC §3; a lower number is more serious. */
export const ALARM_LEVEL_CODES = { SERIOUS: 1, ERROR: 2, WARN: 3, INFO: 4, GENERAL: 999 } as const;
export const AlarmLevelSchema = z.enum(['SERIOUS', 'ERROR', 'WARN', 'INFO', 'GENERAL']);
export type AlarmLevel = z.infer<typeof AlarmLevelSchema>;
