import { PLANT_STATUSES } from '@pvstar/contract/enum-values';
import type { PlantStatus } from '@pvstar/contract/enums';
import type { PlantStatusCounts } from '@pvstar/contract/plant-data';
import { Card, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../components/energy-format.ts';
import { plantStatusLabel } from '../../../components/monitor-labels.ts';

/** One status: its count under a coloured edge. */
function StatusCount(props: {
  label: string;
  count: number;
  color: string;
  textColor: string;
  muted: boolean;
  testId: string;
}) {
  return (
    <div
      data-testid={props.testId}
      style={{ borderInlineStart: `4px solid ${props.color}`, paddingInlineStart: 10 }}
    >
      <Typography.Text type="secondary" ellipsis>
        {props.label}
      </Typography.Text>
      <div style={{ fontSize: 22, fontWeight: 600, color: props.muted ? undefined : props.textColor }}>
        {formatNumber(props.count, 0)}
      </div>
    </div>
  );
}

/**
 * Plants per status (requirements §R4.3), each in its colour. Not a link yet: the plant list takes no
 * status from the address (a `?status=` there would make each count open its plants).
 */
export function StatusCard({ counts }: { counts: PlantStatusCounts }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const color: Record<PlantStatus, string> = {
    OFFLINE: token.colorTextQuaternary,
    NORMAL: token.colorSuccess,
    WARNING: token.colorWarning,
    FAULT: token.colorError,
  };
  // The counts in the darker shade of their colour: the bright one is too light for words.
  const textColor: Record<PlantStatus, string> = {
    ...color,
    NORMAL: token.colorSuccessText,
    WARNING: token.colorWarningText,
    FAULT: token.colorErrorText,
  };
  const total = PLANT_STATUSES.reduce((s, k) => s + counts[k], 0);
  return (
    <Card size="small" title={t('status.title')} style={{ height: '100%' }} data-testid="plant-status-card">
      {/* Share of each status as one bar. */}
      <div
        style={{
          display: 'flex',
          height: 8,
          borderRadius: 4,
          overflow: 'hidden',
          background: token.colorFillSecondary,
          marginBottom: 16,
        }}
        aria-hidden
      >
        {PLANT_STATUSES.map((s) =>
          counts[s] > 0 ? (
            <div key={s} style={{ width: `${(counts[s] / total) * 100}%`, background: color[s] }} />
          ) : null,
        )}
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 12 }}>
        {PLANT_STATUSES.map((s) => (
          <StatusCount
            key={s}
            label={plantStatusLabel(t, s)}
            count={counts[s]}
            color={color[s]}
            textColor={textColor[s]}
            muted={s === 'OFFLINE'}
            testId={`status-${s}`}
          />
        ))}
      </div>
    </Card>
  );
}
