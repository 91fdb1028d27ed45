import type { AlarmStatus } from '@pvstar/contract/alarm';
import type { AlarmLevel } from '@pvstar/contract/enums';
import { Tag, theme } from 'antd';
import type { PresetColorKey } from 'antd/es/theme/interface';
import { useTranslation } from 'react-i18next';
import { ALARM_LEVEL_COLOR, ALARM_STATUS_COLOR, alarmLevelLabel, alarmStatusLabel } from './alarm-labels.ts';

/** The level in its colour, the same in every list, drawer and card. */
export function AlarmLevelTag({ level }: { level: AlarmLevel }) {
  const { t } = useTranslation();
  return (
    <Tag color={ALARM_LEVEL_COLOR[level]} data-testid="alarm-level" data-level={level}>
      {alarmLevelLabel(t, level)}
    </Tag>
  );
}

export function AlarmStatusTag({ status }: { status: AlarmStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={ALARM_STATUS_COLOR[status]} data-testid="alarm-status" data-status={status}>
      {alarmStatusLabel(t, status)}
    </Tag>
  );
}

/**
 * The level's tag colour as a CSS colour, for icons and bars beside the tags (`fill`) or for figures
 * written in it (`text`: shade 7 of the palette, 3:1 and more on white, as large figures need).
 */
export function useAlarmLevelColor(use: 'fill' | 'text' = 'fill'): (level: AlarmLevel) => string {
  const { token } = theme.useToken();
  return (level) => {
    const name = ALARM_LEVEL_COLOR[level];
    if (!(name in token)) return token.colorTextSecondary;
    return use === 'fill' ? token[name as PresetColorKey] : token[`${name as PresetColorKey}7`];
  };
}
