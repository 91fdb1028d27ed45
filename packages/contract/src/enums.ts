/** The schemas and types of the closed value sets declared in enum-values.ts. */
import { z } from 'zod';
import {
  ALARM_LEVELS,
  BASIC_DEVICE_TYPES,
  CODE_PURPOSES,
  CONTACT_TYPES,
  DATA_SCOPES,
  DATE_TYPES,
  DEVICE_STATUSES,
  type ENERGY_FIGURES,
  INVERTER_TYPES,
  MENU_TYPES,
  NETWORKING_MODES,
  ORG_TYPES,
  PLANT_STATUSES,
  ROLE_STATUSES,
  STATION_TYPES,
  STATUSES,
} from './enum-values.ts';

export const OrgTypeSchema = z.enum(ORG_TYPES);
export type OrgType = z.infer<typeof OrgTypeSchema>;

export const StatusSchema = z.enum(STATUSES);
export type Status = z.infer<typeof StatusSchema>;

export const RoleStatusSchema = z.enum(ROLE_STATUSES);
export type RoleStatus = z.infer<typeof RoleStatusSchema>;

export const DataScopeSchema = z.enum(DATA_SCOPES);
export type DataScope = z.infer<typeof DataScopeSchema>;

export const MenuTypeSchema = z.enum(MENU_TYPES);
export type MenuType = z.infer<typeof MenuTypeSchema>;

export const ContactTypeSchema = z.enum(CONTACT_TYPES);
export type ContactType = z.infer<typeof ContactTypeSchema>;

export const CodePurposeSchema = z.enum(CODE_PURPOSES);
export type CodePurpose = z.infer<typeof CodePurposeSchema>;

// Monitoring (requirements §R16.1).
export const StationTypeSchema = z.enum(STATION_TYPES);
export type StationType = z.infer<typeof StationTypeSchema>;

export const PlantStatusSchema = z.enum(PLANT_STATUSES);
export type PlantStatus = z.infer<typeof PlantStatusSchema>;

export const DeviceStatusSchema = z.enum(DEVICE_STATUSES);
export type DeviceStatus = z.infer<typeof DeviceStatusSchema>;

export const InverterTypeSchema = z.enum(INVERTER_TYPES);
export type InverterType = z.infer<typeof InverterTypeSchema>;

export const NetworkingModeSchema = z.enum(NETWORKING_MODES);
export type NetworkingMode = z.infer<typeof NetworkingModeSchema>;

export const DateTypeSchema = z.enum(DATE_TYPES);
export type DateType = z.infer<typeof DateTypeSchema>;

export type EnergyFigure = (typeof ENERGY_FIGURES)[number];

// Basic data and alarms (requirements §R16.2).
export const BasicDeviceTypeSchema = z.enum(BASIC_DEVICE_TYPES);
export type BasicDeviceType = z.infer<typeof BasicDeviceTypeSchema>;

export const AlarmLevelSchema = z.enum(ALARM_LEVELS);
export type AlarmLevel = z.infer<typeof AlarmLevelSchema>;
