import { HomeOutlined, SunOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { PowerFlow } from '@pvstar/contract/dashboard';
import { Card, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPower } from '../../../components/energy-format.ts';

/** Below this a flow counts as none (standby and rounding). */
const QUIET_W = 5;

function BatteryGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden
    >
      <rect x="3" y="7" width="16" height="10" rx="2" />
      <path d="M21 10v4M7 10v4M11 10v4" />
    </svg>
  );
}

function Tile({
  testId,
  icon,
  color,
  label,
  watts,
  state,
}: {
  testId: string;
  icon: ReactNode;
  color: string;
  label: string;
  watts: number;
  state?: string;
}) {
  const { token } = theme.useToken();
  return (
    <div
      data-testid={testId}
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: 8,
        padding: '10px 12px',
        display: 'flex',
        gap: 10,
        alignItems: 'center',
        minWidth: 0,
      }}
    >
      <span style={{ fontSize: 24, color, flex: 'none', display: 'grid' }}>{icon}</span>
      <div style={{ minWidth: 0 }}>
        <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
          {label}
        </Typography.Text>
        <div style={{ fontSize: 18, fontWeight: 600, whiteSpace: 'nowrap' }}>
          {formatPower(Math.abs(watts))}
        </div>
        {state && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {state}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}

/** Power now, summed over the reporting inverters: PV, grid (buying or feeding in), load, battery. */
export function FlowCard({ flow }: { flow: PowerFlow }) {
  const { t } = useTranslation('dashboard');
  const gridState =
    flow.gridPower > QUIET_W
      ? t('flow.buying')
      : flow.gridPower < -QUIET_W
        ? t('flow.feedingIn')
        : t('flow.idle');
  const batteryState =
    flow.batteryPower > QUIET_W
      ? t('flow.discharging')
      : flow.batteryPower < -QUIET_W
        ? t('flow.charging')
        : t('flow.idle');
  return (
    <Card
      size="small"
      title={t('flow.title')}
      style={{ height: '100%' }}
      data-testid="power-flow"
      extra={
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12 }}
          data-testid="flow-inverters"
          data-count={flow.inverterCount}
        >
          {t('flow.inverters', { n: formatNumber(flow.inverterCount, 0) })}
        </Typography.Text>
      }
    >
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 12 }}>
        <Tile
          testId="flow-pv"
          icon={<SunOutlined />}
          color="#f5a623"
          label={t('flow.pv')}
          watts={flow.pvPower}
        />
        <Tile
          testId="flow-load"
          icon={<HomeOutlined />}
          color="#52c41a"
          label={t('flow.load')}
          watts={flow.loadPower}
        />
        <Tile
          testId="flow-grid"
          icon={<ThunderboltOutlined />}
          color="#1677ff"
          label={t('flow.grid')}
          watts={flow.gridPower}
          state={gridState}
        />
        <Tile
          testId="flow-battery"
          icon={<BatteryGlyph />}
          color="#722ed1"
          label={t('flow.battery')}
          watts={flow.batteryPower}
          state={batteryState}
        />
      </div>
    </Card>
  );
}
