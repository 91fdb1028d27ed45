import { MAX_YEARS_AWAY, type PlantOverview } from '@pvstar/contract/plant-data';
import { Card, Col, DatePicker, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEnergy, formatMoney, formatPercent } from '../../../../components/energy-format.ts';
import { formatDateTime } from '../../../../components/format.ts';
import { energyFigureLabel } from '../../../../components/monitor-labels.ts';
import { PowerFlowDiagram } from '../../../../components/power-flow.tsx';
import { usePlantOverview, usePowerCurve } from '../api/plant-data-api.ts';
import { GenerationTotal, SpecificYieldCard } from './generation-total.tsx';
import { PowerCurveChart } from './power-curve.tsx';

/**
 * A KPI card: today's figure large, beneath it the figure since the plant is in the portal (the sum of its
 * stored days); generation shows its total from the inverters' counters as well.
 */
function Kpi({
  title,
  today,
  total,
  testId,
}: {
  title: string;
  today: string;
  total: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" data-testid={testId} style={{ height: '100%' }}>
      <Statistic title={`${title} · ${t('plant:kpi.today')}`} value={today} />
      {typeof total === 'string' ? (
        <Typography.Text type="secondary">{`${t('plant:kpi.sinceInPortal')}: ${total}`}</Typography.Text>
      ) : (
        total
      )}
    </Card>
  );
}

function Kpis({ o }: { o: PlantOverview }) {
  const { t } = useTranslation();
  const items = [
    {
      key: 'generation',
      title: energyFigureLabel(t, 'generation'),
      today: formatEnergy(o.today.generation),
      total: <GenerationTotal o={o} />,
    },
    {
      key: 'consumption',
      title: energyFigureLabel(t, 'consumption'),
      today: formatEnergy(o.today.consumption),
      total: formatEnergy(o.total.consumption),
    },
    {
      key: 'selfSufficiency',
      title: energyFigureLabel(t, 'selfSufficiency'),
      today: formatPercent(o.today.selfSufficiency),
      total: formatPercent(o.total.selfSufficiency),
    },
    {
      key: 'revenue',
      title: energyFigureLabel(t, 'revenue'),
      today: formatMoney(o.today.revenue, o.currency),
      total: formatMoney(o.total.revenue, o.currency),
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {items.map((k) => (
        <Col key={k.key} xs={12} lg={8} xxl={{ flex: '1 1 0' }}>
          <Kpi title={k.title} today={k.today} total={k.total} testId={`kpi-${k.key}`} />
        </Col>
      ))}
      <Col xs={12} lg={8} xxl={{ flex: '1 1 0' }}>
        <SpecificYieldCard o={o} />
      </Col>
    </Row>
  );
}

/** Overview: live power flow, the energy KPIs and a day's power curve (today unless another is picked). */
export function OverviewTab({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const overview = usePlantOverview(plantId);
  const [date, setDate] = useState<string | undefined>(undefined);
  const o = overview.data;
  const today = o?.day;
  const live = date === undefined || date === today;
  const curve = usePowerCurve(plantId, date, live);

  if (!o) return <Skeleton active />;
  return (
    <Flex vertical gap={16} data-testid="tab-overview">
      <Kpis o={o} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card
            title={t('plant:flow.title')}
            extra={
              o.powerFlow.ts && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('plant:flow.updated', { time: formatDateTime(o.powerFlow.ts, { zone: true }) })}
                </Typography.Text>
              )
            }
            style={{ height: '100%' }}
          >
            <PowerFlowDiagram flow={o.powerFlow} hasBattery={o.hasBattery} noLive={t('plant:flow.noLive')} />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card
            title={t('plant:curve.title')}
            extra={
              <DatePicker
                data-testid="curve-date"
                allowClear={false}
                value={dayjs(date ?? today)}
                disabledDate={(d) =>
                  d.isAfter(dayjs(today), 'day') ||
                  d.isBefore(dayjs(today).subtract(MAX_YEARS_AWAY, 'year'), 'day')
                }
                onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))}
              />
            }
            style={{ height: '100%' }}
          >
            {curve.data ? (
              <PowerCurveChart curve={curve.data} showSoc={o.hasBattery} />
            ) : (
              <Skeleton active paragraph={{ rows: 6 }} />
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
