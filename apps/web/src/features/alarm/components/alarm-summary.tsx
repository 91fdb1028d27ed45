import { BellOutlined, CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { type AlarmLevelGroup, AlarmLevelGroupSchema, type AlarmPageBody } from '@pvstar/contract/alarm';
import { Card, Flex, Skeleton, Statistic, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../components/energy-format.ts';
import { useAlarmSummary } from '../../../entities/alarm/alarm-api.ts';
import { ALARM_GROUP_LEVEL, alarmGroupLabel } from '../../../entities/alarm/alarm-labels.ts';
import { useAlarmLevelColor } from '../../../entities/alarm/alarm-tags.tsx';

/** What a click on the strip filters by. */
export type SummaryPick = { group: AlarmLevelGroup } | 'unacknowledged' | 'ended';

function Figure({
  testId,
  title,
  value,
  color,
  textColor = color,
  icon,
  active,
  onClick,
}: {
  testId: string;
  title: string;
  value: number | undefined;
  color: string;
  /** The figure's own colour: a darker shade of `color` where that is too light for words. */
  textColor?: string;
  icon: ReactNode;
  active: boolean;
  onClick: () => void;
}) {
  const { token } = theme.useToken();
  return (
    <Card
      size="small"
      hoverable
      role="button"
      tabIndex={0}
      aria-pressed={active}
      onClick={onClick}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onClick();
        }
      }}
      style={{
        flex: '1 1 170px',
        borderColor: active ? color : undefined,
        boxShadow: active ? `0 0 0 1px ${color}` : undefined,
        borderTop: `3px solid ${color}`,
      }}
      data-testid={testId}
      data-count={value ?? ''}
      data-active={active}
    >
      <Flex gap={12} align="center">
        <span style={{ fontSize: 22, color }}>{icon}</span>
        {value === undefined ? (
          <Skeleton active paragraph={false} />
        ) : (
          <Statistic
            title={<span style={{ color: token.colorTextSecondary }}>{title}</span>}
            value={formatNumber(value, 0)}
            styles={{ content: { color: value > 0 ? textColor : token.colorTextTertiary, fontSize: 24 } }}
          />
        )}
      </Flex>
    </Card>
  );
}

/**
 * The counts above the list: ongoing alarms per filter group (in the level colours), those nobody has
 * acknowledged, and those that ended in the period. A click filters the list by that figure.
 */
export function AlarmSummaryStrip({
  filter,
  onPick,
}: {
  filter: AlarmPageBody;
  onPick: (pick: SummaryPick) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const levelColor = useAlarmLevelColor();
  const levelTextColor = useAlarmLevelColor('text');
  // Counted under the list's filter without status, level and acknowledgement: the figures stay put
  // while the user clicks through them.
  const { levelGroup, alarmLevel, alarmStatus, acknowledged, ...scope } = filter;
  const summary = useAlarmSummary(scope).data;
  const ongoing = alarmStatus === 'ONGOING';
  return (
    <Flex gap={16} wrap data-testid="alarm-summary">
      {AlarmLevelGroupSchema.options.map((group) => (
        <Figure
          key={group}
          testId={`alarm-summary-${group}`}
          title={t('alarm:summary.ongoing', { group: alarmGroupLabel(t, group) })}
          value={summary?.ongoing[group]}
          color={levelColor(ALARM_GROUP_LEVEL[group])}
          textColor={levelTextColor(ALARM_GROUP_LEVEL[group])}
          icon={<BellOutlined />}
          active={ongoing && levelGroup === group && !alarmLevel}
          onClick={() => onPick({ group })}
        />
      ))}
      <Figure
        testId="alarm-summary-unacknowledged"
        title={t('alarm:summary.unacknowledged')}
        value={summary?.unacknowledged}
        color={token.colorPrimary}
        icon={<WarningOutlined />}
        active={ongoing && !levelGroup && acknowledged === false}
        onClick={() => onPick('unacknowledged')}
      />
      <Figure
        testId="alarm-summary-ended"
        title={t('alarm:summary.ended')}
        value={summary?.ended}
        color={token.colorSuccess}
        textColor={token.colorSuccessText}
        icon={<CheckCircleOutlined />}
        active={alarmStatus === 'ENDED' && !levelGroup}
        onClick={() => onPick('ended')}
      />
    </Flex>
  );
}
