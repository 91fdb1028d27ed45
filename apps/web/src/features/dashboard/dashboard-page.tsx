import { ReloadOutlined } from '@ant-design/icons';
import { PERM } from '@pvstar/contract/perm';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCharts } from '../../components/echart.tsx';
import { lazyRetrying } from '../../components/lazy-retrying.ts';
import { withTexts } from '../../i18n/index.ts';
import { usePerm } from '../../permissions/perm.tsx';
import { useDashboard } from './api/dashboard-api.ts';
import { FlowCard } from './components/flow-card.tsx';
import { KpiCards } from './components/kpi-cards.tsx';
import { SocialCard } from './components/social-card.tsx';
import { StatusCard } from './components/status-card.tsx';
import { Greeting } from './components/welcome.tsx';

// The figures show first. The rows below them, the charts (with ECharts) and the plant list and newest
// alarms (with antd's table and list), load once the figures are on screen, so as not to hold them up.
const below = () => import('./components/below-figures.tsx');
const DashboardCharts = lazyRetrying(() => below().then((m) => ({ default: m.DashboardCharts })));
const DashboardLists = lazyRetrying(() => below().then((m) => ({ default: m.DashboardLists })));
// The fleet map (and Leaflet with it) loads after the figures too, with the pages' texts it names plants in.
const MapCard = lazyRetrying(
  withTexts(['plant'], () => import('./components/map-card.tsx').then((m) => ({ default: m.MapCard }))),
);
const MAP_HEIGHT = 380;
// Only users without plant figures see the areas (and antd's Empty): not in everyone's first load.
const Areas = lazyRetrying(() => import('./components/areas.tsx'));

/** True from the frame after `ready` turned true: what renders then loads after that frame is painted. */
function useAfterPaint(ready: boolean) {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setAfter(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ready, after]);
  return after;
}

/** A row of two cards where a row still loads: titled as the real ones, empty at `height`, else skeletons. */
function RowLoading({ titles, height }: { titles: [string, string]; height?: number }) {
  const { t } = useTranslation('dashboard');
  const card = (title: string) => (
    <Card size="small" title={t(title)} loading={!height} style={{ height: '100%' }}>
      {height && <div style={{ height }} />}
    </Card>
  );
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        {card(titles[0])}
      </Col>
      <Col xs={24} xl={8}>
        {card(titles[1])}
      </Col>
    </Row>
  );
}

/** The plants on a map, for those who may open the plant list (the map's data is the list's). */
function MapRow({ shown }: { shown: boolean }) {
  const { t } = useTranslation('dashboard');
  const canList = usePerm([PERM.stationMonitor]);
  if (!canList) return null;
  const waiting = (
    <Card size="small" title={t('map.title')}>
      <div style={{ height: MAP_HEIGHT + 30 }} />
    </Card>
  );
  return <Suspense fallback={waiting}>{shown ? <MapCard height={MAP_HEIGHT} /> : waiting}</Suspense>;
}

/** The plant figures of the caller's scope, refreshed every 10 s. */
function PlantDashboard() {
  const { t } = useTranslation('dashboard');
  const query = useDashboard();
  const data = query.data;
  const shown = useAfterPaint(!!data);
  useEffect(() => {
    if (shown) void loadCharts();
  }, [shown]);
  const refresh = (
    <Space size={4} wrap>
      {data && (
        <Typography.Text type="secondary" data-testid="dashboard-updated">
          {t('updated', { time: dayjs(data.updatedAt).format('HH:mm:ss') })}
        </Typography.Text>
      )}
      <Button
        type="text"
        icon={<ReloadOutlined />}
        loading={query.isFetching}
        onClick={() => void query.refetch()}
        aria-label={t('refresh')}
        data-testid="dashboard-refresh"
      />
    </Space>
  );
  // As high as the trend chart.
  const charts = <RowLoading titles={['trend.title', 'pie.title']} height={320} />;
  const lists = <RowLoading titles={['plants.title', 'alerts.title']} />;
  return (
    <Flex vertical gap={16}>
      <Greeting extra={refresh} />
      {query.isError && !data && (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('refresh')}
            </Button>
          }
        />
      )}
      {!data ? (
        !query.isError && <Skeleton active paragraph={{ rows: 8 }} className="pv-page" />
      ) : (
        <div data-testid="dashboard-figures">
          <Flex vertical gap={16}>
            {data.plantCount === 0 && <Alert type="info" showIcon title={t('noFigures')} />}
            <KpiCards data={data} />
            {/* The power flow needs room for its drawing: half the row, status and CO₂ share the rest. */}
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={12}>
                <FlowCard
                  flow={data.powerFlow}
                  hasBattery={data.energyStorage > 0 || data.powerFlow.batteryPower !== 0}
                />
              </Col>
              <Col xs={24} md={12} xl={6}>
                <StatusCard counts={data.statusCounts} />
              </Col>
              <Col xs={24} md={12} xl={6}>
                <SocialCard social={data.social} />
              </Col>
            </Row>
            <MapRow shown={shown} />
            <Suspense fallback={charts}>{shown ? <DashboardCharts data={data} /> : charts}</Suspense>
            <Suspense fallback={lists}>{shown ? <DashboardLists data={data} /> : lists}</Suspense>
          </Flex>
        </div>
      )}
    </Flex>
  );
}

/**
 * The start page. Users whose roles open the plant area see the figures of their plants; everyone else
 * the greeting and the areas they may open.
 */
export default function DashboardPage() {
  const hasPlants = usePerm([PERM.station]);
  return (
    <div data-testid="dashboard">
      {hasPlants ? (
        <PlantDashboard />
      ) : (
        <Flex vertical gap={16}>
          <Greeting />
          <Suspense fallback={null}>
            <Areas />
          </Suspense>
        </Flex>
      )}
    </div>
  );
}
