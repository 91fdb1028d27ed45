import { ReloadOutlined } from '@ant-design/icons';
import { PERM } from '@pvstar/contract/perm';
import { Alert, Button, Col, Flex, Row, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { usePerm } from '../../permissions/perm.tsx';
import { useDashboard } from './api/dashboard-api.ts';
import { AlertsCard } from './components/alerts-card.tsx';
import { EnergyPies } from './components/energy-pies.tsx';
import { FlowCard } from './components/flow-card.tsx';
import { KpiCards } from './components/kpi-cards.tsx';
import { PlantList } from './components/plant-list.tsx';
import { SocialCard } from './components/social-card.tsx';
import { StatusCard } from './components/status-card.tsx';
import { TrendChart } from './components/trend-chart.tsx';
import { Areas, Greeting } from './components/welcome.tsx';

/** The plant figures of the caller's scope, refreshed every 30 s. */
function PlantDashboard() {
  const { t } = useTranslation('dashboard');
  const query = useDashboard();
  const data = query.data;
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
            <Row gutter={[16, 16]}>
              <Col xs={24} lg={8}>
                <StatusCard counts={data.statusCounts} />
              </Col>
              <Col xs={24} lg={8}>
                <FlowCard flow={data.powerFlow} />
              </Col>
              <Col xs={24} lg={8}>
                <SocialCard social={data.social} />
              </Col>
            </Row>
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={16}>
                <TrendChart trend={data.trend} />
              </Col>
              <Col xs={24} xl={8}>
                <EnergyPies today={data.pie.today} total={data.pie.total} />
              </Col>
            </Row>
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={16}>
                <PlantList plants={data.plants} />
              </Col>
              <Col xs={24} xl={8}>
                <AlertsCard alerts={data.recentAlerts} />
              </Col>
            </Row>
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
          <Areas />
        </Flex>
      )}
    </div>
  );
}
