import { SwapOutlined } from '@ant-design/icons';
import type { DeviceDetail, DeviceType } from '@pvstar/contract/device';
import { Alert, Button, Card, Descriptions, Drawer, Flex, Grid, Skeleton, Table, Typography } from 'antd';
import type { DescriptionsItemType } from 'antd/es/descriptions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/http.ts';
import { formatPower } from '../../../components/energy-format.ts';
import { formatDateTime } from '../../../components/format.ts';
import {
  deviceKindLabel,
  inverterTypeLabel,
  networkingModeLabel,
} from '../../../components/monitor-labels.ts';
import { DeviceStatusTag } from '../../../components/monitor-tags.tsx';
import { deviceLinks, plantLinks } from '../../../components/page-links.ts';
import { useDeviceDetail } from '../api/device-api.ts';
import { DeviceHistoryChart } from './device-history.tsx';
import { DeviceMetrics } from './device-metrics.tsx';
import type { ReplaceTarget } from './device-replace-modal.tsx';
import { DeviceReplacements } from './device-replacements.tsx';
import { SetAsideReadings } from './set-aside-readings.tsx';
import { VERSION_KEYS, versionLabel } from './versions.tsx';

const dash = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? <Typography.Text type="secondary">—</Typography.Text> : v;

function DeviceInfo({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const phone = !Grid.useBreakpoint().sm;
  const isDongle = device.deviceType === 'DONGLE';
  // An inverter always shows the spec's four versions (a dash when unknown); other devices what they report.
  const versionKeys = [
    ...VERSION_KEYS.filter(
      (k) => device.deviceType === 'INVERTER' || (isDongle && k === 'dongle') || device.versions[k],
    ),
    ...Object.keys(device.versions).filter((k) => !(VERSION_KEYS as readonly string[]).includes(k)),
  ];
  const items: (DescriptionsItemType | false)[] = [
    {
      key: 'sn',
      label: t('device:field.sn'),
      children: <span style={{ whiteSpace: 'nowrap' }}>{device.sn}</span>,
    },
    !isDongle && { key: 'model', label: t('device:field.model'), children: dash(device.deviceSpec) },
    !isDongle && {
      key: 'manufacturer',
      label: t('device:field.manufacturer'),
      children: dash(device.manufactor),
    },
    device.deviceType === 'INVERTER' && {
      key: 'inverterType',
      label: t('device:field.inverterType'),
      children: device.inverterType ? inverterTypeLabel(t, device.inverterType) : dash(null),
    },
    (device.deviceType === 'BATTERY' || device.deviceType === 'METER') &&
      device.inverterSN !== null && {
        key: 'inverterSN',
        label: t('device:field.inverterSn'),
        children: <span style={{ whiteSpace: 'nowrap' }}>{device.inverterSN}</span>,
      },
    !isDongle && {
      key: 'deviceAddress',
      label: t('device:field.deviceAddress'),
      children: device.deviceAddress ?? dash(null),
    },
    device.deviceType === 'INVERTER' && {
      key: 'ratedPower',
      label: t('device:field.ratedPower'),
      children: formatPower(device.ratedPower),
    },
    {
      key: 'plant',
      label: t('device:field.plant'),
      children: (
        <Link to={plantLinks.detail(device.plantId)} data-testid="detail-plant-link">
          {device.stationName}
        </Link>
      ),
    },
    !isDongle && {
      key: 'dongle',
      label: t('device:field.dongle'),
      children: (
        <Link to={deviceLinks.detail('DONGLE', device.collectorId)} style={{ whiteSpace: 'nowrap' }}>
          {device.collectorSN}
        </Link>
      ),
    },
    {
      key: 'status',
      label: t('device:field.status'),
      children: <DeviceStatusTag status={device.deviceStatus} />,
    },
    {
      key: 'networkingMode',
      label: t('device:field.networkingMode'),
      children: networkingModeLabel(device.networkingMode),
    },
    isDongle && {
      key: 'interval',
      label: t('device:field.interval'),
      children: t('device:detail.seconds', { seconds: device.intervalSeconds ?? 0 }),
    },
    ...versionKeys.map((k) => ({
      key: `version-${k}`,
      label: t('device:detail.versionOf', { name: versionLabel(t, k) }),
      children: dash(device.versions[k]),
    })),
    {
      key: 'lastSeen',
      label: t('device:field.lastSeen'),
      children: formatDateTime(device.lastSeenAt, { zone: true }),
    },
    { key: 'createTime', label: t('device:field.createTime'), children: formatDateTime(device.createTime) },
  ];
  return (
    <Descriptions
      size="small"
      bordered
      // On a phone each label stands over its value: side by side, a German label and a serial number
      // are wider than the screen.
      layout={phone ? 'vertical' : 'horizontal'}
      column={{ xs: 1, sm: 1, md: 2 }}
      items={items.filter((i): i is DescriptionsItemType => i !== false)}
      data-testid="device-info"
      styles={{ label: { whiteSpace: 'nowrap' } }}
    />
  );
}

function DongleDevices({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      // A phone's drawer is narrower than the four columns: the table scrolls inside its card.
      scroll={{ x: 'max-content' }}
      dataSource={device.devices ?? []}
      locale={{ emptyText: t('device:detail.noDevices') }}
      data-testid="dongle-devices"
      columns={[
        {
          title: t('device:field.sn'),
          dataIndex: 'sn',
          render: (sn: string, row) => <Link to={deviceLinks.detail(row.kind, row.id)}>{sn}</Link>,
        },
        { title: t('device:field.kind'), dataIndex: 'kind', render: (k) => deviceKindLabel(t, k) },
        { title: t('device:field.model'), dataIndex: 'model', render: (m: string | null) => dash(m) },
        {
          title: t('device:field.status'),
          dataIndex: 'status',
          render: (s) => <DeviceStatusTag status={s} />,
        },
      ]}
    />
  );
}

/**
 * A device's detail: who and where it is, every metric of its kind now, a chart of any day, the readings
 * metering set aside and the position's replacements. `onReplace` (given to the plant's managers) adds "Replace device".
 */
export function DeviceDetailDrawer({
  type,
  id,
  onClose,
  onReplace,
}: {
  type: DeviceType;
  id: number | null;
  onClose: () => void;
  onReplace?: (target: ReplaceTarget) => void;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const detail = useDeviceDetail(type, id);
  const device = detail.data;
  const kind = device && device.deviceType !== 'DONGLE' ? device.deviceType : null;
  const missing =
    detail.error instanceof ApiError && (detail.error.code === 404 || detail.error.code === 400);

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={screens.lg ? 960 : '100%'}
      destroyOnHidden
      title={
        device ? (
          <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
            {deviceKindLabel(t, device.deviceType)} · {device.sn}
          </Typography.Text>
        ) : (
          deviceKindLabel(t, type)
        )
      }
      data-testid="device-drawer"
    >
      {detail.isLoading && <Skeleton active />}
      {detail.isError && (
        <Alert
          type={missing ? 'warning' : 'error'}
          showIcon
          title={missing ? t('device:detail.notFound') : detail.error.message}
        />
      )}
      {device && (
        <Flex vertical gap={16}>
          <Card
            size="small"
            title={t('device:detail.info')}
            extra={
              onReplace && (
                <Button
                  size="small"
                  icon={<SwapOutlined />}
                  onClick={() => onReplace({ deviceType: device.deviceType, id: device.id, sn: device.sn })}
                  data-testid="detail-replace"
                >
                  {t('device:replace.action')}
                </Button>
              )
            }
          >
            <DeviceInfo device={device} />
          </Card>
          <Card size="small" title={t('device:replace.history')}>
            <DeviceReplacements deviceType={device.deviceType} id={device.id} />
          </Card>
          {device.deviceType === 'DONGLE' ? (
            <Card size="small" title={t('device:detail.devices')}>
              <DongleDevices device={device} />
            </Card>
          ) : (
            kind && (
              <>
                <Card size="small" title={t('device:history.title')}>
                  <DeviceHistoryChart
                    deviceId={device.id}
                    kind={kind}
                    timezone={device.timezone}
                    stationType={device.stationType}
                    inverterType={device.inverterType}
                  />
                </Card>
                <Card size="small" title={t('device:setAside.title')}>
                  <SetAsideReadings deviceId={device.id} kind={kind} timezone={device.timezone} />
                </Card>
                <Card size="small" title={t('device:detail.values')}>
                  <DeviceMetrics kind={kind} latest={device.latest} />
                </Card>
              </>
            )
          )}
        </Flex>
      )}
    </Drawer>
  );
}
