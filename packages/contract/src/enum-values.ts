/**
 * The closed sets of values of the contract, as plain constants: enums.ts makes its schemas (and types)
 * from them. No zod here, so the web can list and check these values on pages that load no schema.
 */
import type { OrgType } from './enums.ts';

export const ORG_TYPES = ['PROVIDER', 'DEALER', 'INSTALLER', 'OWNER', 'GUEST'] as const;

/** Organisation and account status: normal, freeze (temporarily blocked), stop (deactivated). */
export const STATUSES = ['NORMAL', 'FREEZE', 'STOP'] as const;

export const ROLE_STATUSES = ['ENABLED', 'DISABLED'] as const;

/** Ordered from widest to narrowest; a caller may only hand out a scope no wider than its own. */
export const DATA_SCOPES = ['ALL', 'ORG_AND_SUB', 'ORG', 'SELF'] as const;

export const MENU_TYPES = ['CATALOG', 'MENU', 'BUTTON'] as const;

export const CONTACT_TYPES = ['MOBILE', 'EMAIL'] as const;

export const CODE_PURPOSES = ['LOGIN', 'REGISTER', 'FORGET', 'BIND'] as const;

/** Which organisation types may sit directly below which (the guest fits anywhere but under an owner). */
export const CHILD_ORG_TYPES: Record<OrgType, OrgType[]> = {
  PROVIDER: ['DEALER', 'INSTALLER', 'GUEST'],
  DEALER: ['INSTALLER', 'OWNER', 'GUEST'],
  INSTALLER: ['OWNER', 'GUEST'],
  OWNER: [],
  GUEST: [],
};

// Monitoring (requirements §R16.1).
export const STATION_TYPES = ['ENERGY_STORAGE', 'PHOTOVOLTAIC', 'BALCONY_PHOTOVOLTAICS'] as const;

/** A plant's status, derived from its devices (and, later, its alarms): ingest/plant-status.ts. */
export const PLANT_STATUSES = ['OFFLINE', 'NORMAL', 'WARNING', 'FAULT'] as const;

/** ONLINE is shown as "normal"; NOT_CONNECTED until the first message; OFFLINE after three missed intervals. */
export const DEVICE_STATUSES = ['ONLINE', 'OFFLINE', 'NOT_CONNECTED', 'FAULT', 'ABNORMAL'] as const;

export const INVERTER_TYPES = ['SINGLE_PHASE', 'THREE_PHASE'] as const;

export const NETWORKING_MODES = ['WIFI', 'ETHERNET'] as const;

/** Statistics granularity: one row per day, month or year, or the lifetime total. */
export const DATE_TYPES = ['date', 'month', 'year', 'total'] as const;

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

// Basic data and alarms (requirements §R16.2).
/** The basic-data device types of requirements §R16.2 (specifications and fault codes are filed by them). */
export const BASIC_DEVICE_TYPES = ['COMPONENT', 'CELL', 'INVERTER', 'METERBOX'] as const;

/** Alarm levels with their numeric codes of requirements §R7.2; a lower number is more serious. */
export const ALARM_LEVEL_CODES = { SERIOUS: 1, ERROR: 2, WARN: 3, INFO: 4, GENERAL: 999 } as const;
export const ALARM_LEVELS = ['SERIOUS', 'ERROR', 'WARN', 'INFO', 'GENERAL'] as const;

// The audit log (requirements §R17.4: sign-ins, permission changes, contact reveals, settings, upgrades).
/** Every action the audit log records; the server's audit() takes only these. */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.loginFailed',
  'auth.register',
  'auth.consent',
  'auth.passwordForgotten',
  'auth.secondFactorRequired',
  'auth.secondFactorFailed',
  'auth.recoveryCodeUsed',
  'auth.deviceRemembered',
  'account.passwordChanged',
  'account.bindContact',
  'account.contactChangeConfirmed',
  'account.cancelled',
  'account.confirmFailed',
  'account.twoFactorEnabled',
  'account.twoFactorDisabled',
  'account.stepUp',
  'account.credentialsEnded',
  'apiToken.add',
  'apiToken.revoke',
  'user.add',
  'user.edit',
  'user.delete',
  'user.status',
  'user.resetPassword',
  'user.revealContact',
  'user.contactChangeRequested',
  'user.resetTwoFactor',
  'role.add',
  'role.edit',
  'role.delete',
  'role.status',
  'menu.add',
  'menu.edit',
  'menu.delete',
  'org.add',
  'org.edit',
  'org.delete',
  'org.status',
  'station.add',
  'station.edit',
  'station.delete',
  'station.resetSecret',
  'device.replace',
  'reading.accept',
  'reading.reject',
  'plantShare.add',
  'plantShare.revoke',
  'tariff.add',
  'tariff.edit',
  'tariff.delete',
  'tariff.prices',
  'commissioning.tick',
  'commissioning.untick',
  'commissioning.complete',
  'invitation.add',
  'invitation.revoke',
  'invitation.accept',
  'consent.withdraw',
  'consent.grant',
  'alarm.acknowledge',
  'alarm.close',
  'manufacturer.add',
  'manufacturer.edit',
  'manufacturer.delete',
  'manufacturer.keyAdd',
  'manufacturer.keyRetire',
  'deviceSpec.add',
  'deviceSpec.edit',
  'deviceSpec.delete',
  'faultCode.add',
  'faultCode.edit',
  'faultCode.delete',
  'faultCode.import',
  'firmware.add',
  'firmware.edit',
  'firmware.delete',
  'firmware.status',
  'firmware.rollback',
  'firmware.rollbackWithdraw',
  'upgrade.add',
  'upgrade.pause',
  'upgrade.resume',
  'upgrade.cancel',
  'upgrade.retry',
] as const;

/** What an audit entry is about. */
export const AUDIT_TARGET_TYPES = [
  'account',
  'user',
  'role',
  'menu',
  'org',
  'plant',
  'dongle',
  'device',
  'alarm',
  'manufacturer',
  'deviceSpec',
  'faultCode',
  'firmwareProgram',
  'upgradeTask',
  'apiToken',
] as const;
