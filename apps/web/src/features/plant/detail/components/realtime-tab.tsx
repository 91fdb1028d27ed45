import { type MetricDef, metricsOf } from '@pvstar/contract/metrics';
import type { RealtimeDevice } from '@pvstar/contract/plant-data';
import { Card, Descriptions, Empty, Flex, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../components/format.ts';
import { formatMetric, metricGroupLabel, metricLabel } from '../../../../components/metric-label.ts';
import { deviceKindLabel } from '../../../../components/monitor-labels.ts';
import { DeviceStatusTag } from '../../../../components/monitor-tags.tsx';
import { usePlantRealtime } from '../api/plant-data-api.ts';

/** The catalogue's metrics of a kind, grouped in the catalogue's order. */
function groupsOf(device: RealtimeDevice): [string, MetricDef[]][] {
  const groups = new Map<string, MetricDef[]>();
  for (const def of metricsOf(device.kind)) groups.set(def.group, [...(groups.get(def.group) ?? []), def]);
  return [...groups];
}

function DeviceValues({ device }: { device: RealtimeDevice }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      data-testid="realtime-device"
      data-sn={device.sn}
      title={
        <Space wrap size={8}>
          <span>{deviceKindLabel(t, device.kind)}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {device.sn}
          </Typography.Text>
          <DeviceStatusTag status={device.status} />
          {device.model && (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {device.model}
            </Typography.Text>
          )}
        </Space>
      }
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="realtime-time">
          {device.ts
            ? t('plant:realtime.valuesOf', { time: formatDateTime(device.ts, { zone: true }) })
            : t('plant:realtime.never')}
        </Typography.Text>
      }
    >
      <Flex vertical gap={12}>
        {groupsOf(device).map(([group, defs]) => (
          <Descriptions
            key={group}
            size="small"
            title={metricGroupLabel(t, group)}
            column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }}
            items={defs.map((def) => ({
              key: def.key,
              label: metricLabel(t, def.key),
              children: <span data-metric={def.key}>{formatMetric(def, device.data[def.key])}</span>,
            }))}
          />
        ))}
      </Flex>
    </Card>
  );
}

/** Real-time info: the latest value of every catalogue metric, per device, refreshing every 10 s. */
export function RealtimeTab({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const realtime = usePlantRealtime(plantId);
  if (!realtime.data) return <Skeleton active />;
  if (!realtime.data.devices.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:noData')} />;
  return (
    <Flex vertical gap={16} data-testid="tab-realtime">
      {realtime.data.devices.map((d) => (
        <DeviceValues key={d.id} device={d} />
      ))}
    </Flex>
  );
}
