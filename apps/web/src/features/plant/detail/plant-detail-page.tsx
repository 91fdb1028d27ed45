import { ArrowLeftOutlined } from '@ant-design/icons';
import { PERM } from '@pvstar/contract/perm';
import type { StationDetail } from '@pvstar/contract/station';
import { Button, Card, Flex, Skeleton, Tabs, Typography } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/http.ts';
import { formatCapacity } from '../../../components/energy-format.ts';
import { lazyRetrying } from '../../../components/lazy-retrying.ts';
import { stationTypeLabel } from '../../../components/monitor-labels.ts';
import { PlantStatusTag } from '../../../components/monitor-tags.tsx';
import { plantLinks } from '../../../components/page-links.ts';
import { useBack } from '../../../components/use-back.ts';
import { withTexts } from '../../../i18n/index.ts';
import { usePerm } from '../../../permissions/perm.tsx';
import { usePlantDetail } from '../api/plant-api.ts';
import { OverviewTab } from './components/overview-tab.tsx';

// Only a plant that cannot be shown needs antd's Result, with its illustrations.
const Result = lazyRetrying(() => import('antd/es/result'));
// The overview is the tab a plant opens on; the others load when chosen, the picture when there is one.
// With the texts only the other tabs show, so that the overview does not wait for them.
const tabs = withTexts(
  ['commissioning', 'device', 'metric', 'remote', 'share', 'tariff'],
  () => import('./components/tabs-on-demand.ts'),
);
const DevicesTab = lazyRetrying(() => tabs().then((m) => ({ default: m.DevicesTab })));
const AlarmsTab = lazyRetrying(() => tabs().then((m) => ({ default: m.AlarmsTab })));
const PlantInfo = lazyRetrying(() => tabs().then((m) => ({ default: m.PlantInfo })));
const RealtimeTab = lazyRetrying(() => tabs().then((m) => ({ default: m.RealtimeTab })));
const ParametersTab = lazyRetrying(() => tabs().then((m) => ({ default: m.ParametersTab })));
const StatisticsTab = lazyRetrying(() => tabs().then((m) => ({ default: m.StatisticsTab })));
const PerformanceTab = lazyRetrying(() => tabs().then((m) => ({ default: m.PerformanceTab })));
const PlantPicture = lazyRetrying(() =>
  import('../components/plant-picture.tsx').then((m) => ({ default: m.PlantPicture })),
);

const TABS = [
  'overview',
  'devices',
  'alarms',
  'information',
  'realtime',
  'parameters',
  'statistics',
  'performance',
] as const;
type TabKey = (typeof TABS)[number];

function Header({ plant, onBack }: { plant: StationDetail; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Card size="small">
      <Flex align="center" gap={16} wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="detail-back">
          {t('plant:detail.back')}
        </Button>
        {plant.stationPicture && (
          <Suspense fallback={<div style={{ width: 56, height: 56 }} />}>
            <PlantPicture path={plant.stationPicture} size={56} />
          </Suspense>
        )}
        <Flex vertical style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Flex align="center" gap={8} style={{ minWidth: 0 }}>
            <Typography.Title
              level={4}
              style={{ margin: 0, maxWidth: '100%' }}
              ellipsis={{ tooltip: plant.stationName }}
              data-testid="detail-name"
            >
              {plant.stationName}
            </Typography.Title>
            <PlantStatusTag
              status={plant.status}
              neverConnected={plant.neverConnected}
              commissioning={plant.commissioning}
            />
          </Flex>
          <Typography.Text type="secondary">
            {[
              plant.stationNo,
              stationTypeLabel(t, plant.stationType),
              `${t('plant:detail.capacity')} ${formatCapacity(plant.installedCapacity)}`,
              plant.energyStorage
                ? `${t('plant:detail.storage')} ${formatCapacity(plant.energyStorage, 'kWh')}`
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}

/** /station/monitor/detail?id=…&tab=…: one plant, its live state, devices, values and statistics. */
export default function PlantDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  // Owners and guests may not read inverter parameters: the tab is not offered to them at all.
  const mayReadParameters = usePerm([PERM.remoteRead]);
  const tabKeys = TABS.filter((key) => key !== 'parameters' || mayReadParameters);
  const tab: TabKey = (tabKeys as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TabKey)
    : 'overview';
  const station = usePlantDetail(id, { live: true });
  const back = useBack(plantLinks.list());

  if (id === null || station.isError) {
    const missing = id === null || (station.error instanceof ApiError && station.error.code === 404);
    return (
      <Card>
        <Suspense fallback={null}>
          <Result
            status={missing ? '404' : 'error'}
            title={missing ? t('plant:detail.notFoundTitle') : t('common:serviceFail')}
            subTitle={missing ? t('plant:detail.notFound') : (station.error as Error).message}
            extra={<Button onClick={() => navigate(plantLinks.list())}>{t('plant:detail.toList')}</Button>}
          />
        </Suspense>
      </Card>
    );
  }
  if (!station.data) return <Skeleton active />;
  const plant = station.data;

  const content: Record<TabKey, ReactNode> = {
    overview: <OverviewTab plantId={id} />,
    devices: <DevicesTab plant={plant} />,
    alarms: <AlarmsTab plantId={id} />,
    information: (
      <div data-testid="tab-information">
        <PlantInfo plantId={id} />
      </div>
    ),
    realtime: <RealtimeTab plantId={id} />,
    parameters: <ParametersTab plant={plant} />,
    statistics: <StatisticsTab plantId={id} />,
    performance: <PerformanceTab plantId={id} />,
  };
  return (
    <Flex vertical gap={16} data-testid="plant-detail" style={{ minWidth: 0 }}>
      <Header plant={plant} onBack={back} />
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          data-testid="detail-tabs"
          activeKey={tab}
          destroyOnHidden
          onChange={(key) => setParams({ id: String(id), tab: key }, { replace: true })}
          items={tabKeys.map((key) => ({
            key,
            label: t(`plant:tab.${key}`),
            children: <Suspense fallback={<Skeleton active />}>{content[key]}</Suspense>,
          }))}
        />
      </Card>
    </Flex>
  );
}
