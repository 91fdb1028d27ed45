import type { AlarmEndReason, AlarmKind, AlarmLevelGroup, AlarmStatus } from '@pvstar/contract/alarm';
import type { AlarmLevel } from '@pvstar/contract/enums';
import type { TFunction } from 'i18next';

/**
 * Alarm levels, shared by the fault code library, the alert center and the server's mail and exports
 * (the `common` catalogue of the contract). Every key is spelled out so that the unused-key check can see it.
 */
export const alarmLevelLabel = (t: TFunction, level: AlarmLevel): string =>
  ({
    SERIOUS: t('common:alarm.level.SERIOUS'),
    ERROR: t('common:alarm.level.ERROR'),
    WARN: t('common:alarm.level.WARN'),
    INFO: t('common:alarm.level.INFO'),
    GENERAL: t('common:alarm.level.GENERAL'),
  })[level];

/** antd tag colours, one per level and the same everywhere: the more urgent, the warmer. */
export const ALARM_LEVEL_COLOR: Record<AlarmLevel, string> = {
  SERIOUS: 'magenta',
  ERROR: 'red',
  WARN: 'orange',
  INFO: 'blue',
  GENERAL: 'default',
};

/** The filter groups of requirements §R7.4 (namespace `alarm`). */
export const alarmGroupLabel = (t: TFunction, group: AlarmLevelGroup): string =>
  ({
    ERROR: t('alarm:group.ERROR'),
    WARN: t('alarm:group.WARN'),
    GENERAL: t('alarm:group.GENERAL'),
  })[group];

/** A group takes the colour of its most frequent level (GENERAL's own grey would read as "nothing"). */
export const ALARM_GROUP_LEVEL: Record<AlarmLevelGroup, AlarmLevel> = {
  ERROR: 'ERROR',
  WARN: 'WARN',
  GENERAL: 'INFO',
};

export const alarmStatusLabel = (t: TFunction, status: AlarmStatus): string =>
  status === 'ONGOING' ? t('common:alarm.status.ONGOING') : t('common:alarm.status.ENDED');

/** Ongoing stands out, ended recedes. */
export const ALARM_STATUS_COLOR: Record<AlarmStatus, string> = { ONGOING: 'volcano', ENDED: 'default' };

export const alarmEndReasonLabel = (t: TFunction, reason: AlarmEndReason): string =>
  ({
    CLEARED: t('alarm:endReason.CLEARED'),
    RECOVERED: t('alarm:endReason.RECOVERED'),
    CLOSED: t('alarm:endReason.CLOSED'),
    REPLACED: t('alarm:endReason.REPLACED'),
  })[reason];

export const alarmKindLabel = (t: TFunction, kind: AlarmKind): string =>
  ({
    EVENT: t('alarm:kind.EVENT'),
    COMM: t('alarm:kind.COMM'),
    NO_PRODUCTION: t('alarm:kind.NO_PRODUCTION'),
    UNDERPERFORMING: t('alarm:kind.UNDERPERFORMING'),
    FLOOD: t('alarm:kind.FLOOD'),
    DATA_QUALITY: t('alarm:kind.DATA_QUALITY'),
  })[kind];
