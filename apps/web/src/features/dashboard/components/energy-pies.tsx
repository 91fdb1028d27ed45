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
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          center: ['50%', '50%'],
          label: { show: false },
          // Nothing to split (0 kWh, e.g. the yield at night): an empty grey ring, not equal slices.
          stillShowZeroSum: false,
          emptyCircleStyle: { color: '#f0f0f0' },
          data:
            total > 0
              ? parts.map((p) => ({ name: p.name, value: p.value, itemStyle: { color: p.color } }))
              : [],
        },
      ],
    }),
    [parts, total, i18n.language],
  );
  return (
    <div style={{ textAlign: 'center' }}>
      <Typography.Text strong>{title}</Typography.Text>
      <div>
        <Typography.Text type="secondary" data-testid={`${testId}-total`}>
          {formatEnergy(total)}
        </Typography.Text>
      </div>
      <EChart option={option} height={170} testId={testId} />
      {/* The legend in HTML, with each part's energy: long labels ("kept by the battery (stored or
          lost)") wrap here, where the chart's own legend ran out of its half of the card. */}
      <div style={{ display: 'grid', gap: 2, textAlign: 'start', fontSize: 12 }}>
        {parts.map((p) => (
          <div
            key={p.name}
            style={{ display: 'flex', gap: 6, alignItems: 'baseline' }}
            data-testid={`${testId}-part`}
          >
            <span
              style={{ flex: 'none', width: 10, height: 10, borderRadius: 2, background: p.color }}
              aria-hidden
            />
            <Typography.Text style={{ flex: 1, fontSize: 12 }}>{p.name}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {formatEnergy(p.value)}
            </Typography.Text>
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * Where the yield went (self-consumed, sold, or kept by the battery: stored or lost) and where the
 * consumption came from (own PV, directly or through the battery, or bought), today or in total.
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
              // The parts of this period's yield, which sum to it (docs/dashboard.md "Pies"): what the
              // battery gave back from earlier days is in the consumption pie, what it kept is a part.
              { name: t('pie.selfConsumed'), value: pie.yieldSelfConsumed, color: '#52c41a' },
              { name: t('pie.fedIn'), value: pie.yieldFedIn, color: '#1677ff' },
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
