import type { FleetPowerFlow } from '@pvstar/contract/dashboard';
import { Card, Skeleton, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../components/energy-format.ts';
import { lazyRetrying } from '../../../components/lazy-retrying.ts';

// The drawing loads just after the dashboard's figures: it kept the dashboard's first load over budget.
const PowerFlowDiagram = lazyRetrying(() =>
  import('../../../components/power-flow.tsx').then((m) => ({ default: m.PowerFlowDiagram })),
);

/**
 * The fleet's power flow: the plant's drawing fed with the sums over the inverters that report now (the
 * plant list's and the overview's "power now", docs/energy.md), live with the dashboard's refresh.
 */
export function FlowCard({ flow, hasBattery }: { flow: FleetPowerFlow; hasBattery: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card
      size="small"
      title={t('flow.title')}
      style={{ height: '100%' }}
      data-testid="fleet-flow"
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
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 260 }} />}>
        <PowerFlowDiagram flow={{ ...flow, soc: null }} hasBattery={hasBattery} noLive={t('flow.noLive')} />
      </Suspense>
    </Card>
  );
}
