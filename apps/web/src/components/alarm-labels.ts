import type { AlarmLevel } from '@pvstar/contract/enums';
import type { TFunction } from 'i18next';

/**
 * Alarm levels (namespace `faultCode`), shared by the fault code library and the alert center. Every
 * key is spelled out so that the unused-key check can see it.
 */
export const alarmLevelLabel = (t: TFunction, level: AlarmLevel): string =>
  ({
    SERIOUS: t('faultCode:level.SERIOUS'),
    ERROR: t('faultCode:level.ERROR'),
    WARN: t('faultCode:level.WARN'),
    INFO: t('faultCode:level.INFO'),
    GENERAL: t('faultCode:level.GENERAL'),
  })[level];

/** antd tag colours, one per level and the same everywhere: the more urgent, the warmer. */
export const ALARM_LEVEL_COLOR: Record<AlarmLevel, string> = {
  SERIOUS: 'magenta',
  ERROR: 'red',
  WARN: 'orange',
  INFO: 'blue',
  GENERAL: 'default',
};
