import type { EnergyPie } from '@pvstar/contract/dashboard';
import { Card, Col, Row, Segmented, Typography } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/echart.tsx';
import { formatEnergy } from '../../../components/energy-format.ts';

function Donut({
  testId,
  title,
  total,
  parts,
}: {
  testId: string;
  title: string;
  total: number;
  parts: { name: string; value: number; color: string }[];
}) {
  const { i18n } = useTranslation();
  const option = useMemo<EChartsOption>(
    () => ({
      tooltip: {
        trigger: 'item',
        valueFormatter: (v) => formatEnergy(Number(v), i18n.language),
      },
      legend: { bottom: 0, itemWidth: 12, itemHeight: 12 },
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          center: ['50%', '42%'],
          label: { show: false },
          data: parts.map((p) => ({ name: p.name, value: p.value, itemStyle: { color: p.color } })),
        },
      ],
    }),
    [parts, i18n.language],
  );
  return (
    <div style={{ textAlign: 'center' }}>
      <Typography.Text strong>{title}</Typography.Text>
      <div>
        <Typography.Text type="secondary" data-testid={`${testId}-total`}>
          {formatEnergy(total)}
        </Typography.Text>
      </div>
      <EChart option={option} height={220} testId={testId} />
    </div>
  );
}

/**
 * Where the yield went (self-consumed, sold, or kept by the battery: stored or lost) and where the consumption came from (own PV, directly
 * or through the battery, or bought), today or in total.
 */
export function EnergyPies({ today, total }: { today: EnergyPie; total: EnergyPie }) {
  const { t } = useTranslation('dashboard');
  const [period, setPeriod] = useState<'today' | 'total'>('today');
  const pie = period === 'today' ? today : total;
  const fromPv = Math.max(pie.consumption - pie.purchase, 0);
  return (
    <Card
      size="small"
      title={t('pie.title')}
      style={{ height: '100%' }}
      extra={
        <Segmented
          size="small"
          value={period}
          onChange={(v) => setPeriod(v as 'today' | 'total')}
          options={[
            { value: 'today', label: t('pie.today') },
            { value: 'total', label: t('pie.total') },
          ]}
          data-testid="pie-period"
        />
      }
    >
      <Row gutter={8}>
        <Col xs={24} sm={12}>
          <Donut
            testId="pie-yield"
            title={t('pie.yield')}
            total={pie.generation}
            parts={[
              { name: t('pie.selfConsumed'), value: pie.selfConsumption, color: '#52c41a' },
              { name: t('pie.fedIn'), value: pie.feedIn, color: '#1677ff' },
              // With a battery, self-consumption counts what came out of it: what went in and is still
              // stored, or was lost charging and discharging, is its own part, so the parts sum to the yield.
              ...(pie.batteryRetained > 0
                ? [{ name: t('pie.batteryRetained'), value: pie.batteryRetained, color: '#9254de' }]
                : []),
            ]}
          />
        </Col>
        <Col xs={24} sm={12}>
          <Donut
            testId="pie-consumption"
            title={t('pie.consumption')}
            total={pie.consumption}
            parts={[
              { name: t('pie.fromPv'), value: fromPv, color: '#f5a623' },
              { name: t('pie.bought'), value: pie.purchase, color: '#ff7a45' },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
