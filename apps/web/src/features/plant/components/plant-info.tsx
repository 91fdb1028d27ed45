import { KeyOutlined } from '@ant-design/icons';
import type { DeviceStatus } from '@pvstar/contract/enums';
import type { DeviceKind } from '@pvstar/contract/metrics';
import { PERM } from '@pvstar/contract/perm';
import type { DongleSecret, StationDetail } from '@pvstar/contract/station';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Flex,
  Modal,
  Result,
  Skeleton,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { ContactReveal } from '../../../components/contact-reveal.tsx';
import { EllipsisText } from '../../../components/ellipsis-text.tsx';
import { formatCapacity, formatNumber } from '../../../components/energy-format.ts';
import { formatDateTime } from '../../../components/format.ts';
import {
  deviceKindLabel,
  inverterTypeLabel,
  networkingModeLabel,
  stationTypeLabel,
} from '../../../components/monitor-labels.ts';
import { DeviceStatusTag, PlantStatusTag } from '../../../components/monitor-tags.tsx';
import { usePerm } from '../../../permissions/perm.tsx';
import { useCanManage } from '../../../permissions/use-can-manage.ts';
import { usePlantAddress, usePlantDetail, useResetSecret } from '../api/plant-api.ts';
import { CommissioningCard } from './commissioning-card.tsx';
import { LocationMap } from './location-map.tsx';
import { OwnerInvitation } from './owner-invitation.tsx';
import { PlantPicture } from './plant-picture.tsx';
import { PlantShare } from './plant-share.tsx';
import { formatPrice } from './price.ts';
import { SecretModal } from './secret-modal.tsx';
import { PlantTariffs } from './tariff/plant-tariffs.tsx';

/** Inverters first, then what hangs on them. */
const KIND_ORDER: DeviceKind[] = ['INVERTER', 'BATTERY', 'METER', 'EV_CHARGER', 'HEAT_PUMP'];

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const text = (v: string | null | undefined) => (v ? v : dash);
const degrees = (v: number | null) => (v === null ? dash : `${formatNumber(v, 1)}°`);

/** Firmware versions a device reports, by their keys; an unknown key shows as it is. */
function versionLabel(t: TFunction, key: string): string {
  const known: Record<string, string> = {
    inverter: t('plant:version.inverter'),
    dongle: t('plant:version.dongle'),
    safety: t('plant:version.safety'),
    hmi: t('plant:version.hmi'),
  };
  return known[key] ?? key;
}

interface DeviceRow {
  key: string;
  dongleId: number | null;
  kind: DeviceKind | 'DONGLE';
  sn: string;
  status: DeviceStatus;
  detail: string | null;
  networkingMode: string | null;
  versions: string | null;
  lastSeenAt: string | null;
  children?: DeviceRow[];
}

function deviceRows(t: TFunction, plant: StationDetail): DeviceRow[] {
  return plant.dongles.map((g) => ({
    key: `g${g.id}`,
    dongleId: g.id,
    kind: 'DONGLE',
    sn: g.sn,
    status: g.status,
    detail: null,
    networkingMode: networkingModeLabel(g.networkingMode),
    versions: g.version ? `${versionLabel(t, 'dongle')} ${g.version}` : null,
    lastSeenAt: g.lastSeenAt,
    children: [...g.devices]
      .sort((x, y) => KIND_ORDER.indexOf(x.kind) - KIND_ORDER.indexOf(y.kind))
      .map((d) => ({
        key: `d${d.id}`,
        dongleId: null,
        kind: d.kind,
        sn: d.sn,
        status: d.status,
        detail:
          [d.inverterType ? inverterTypeLabel(t, d.inverterType) : null, d.manufacturer, d.model]
            .filter(Boolean)
            .join(' · ') || null,
        networkingMode: null,
        versions:
          Object.entries(d.versions)
            .map(([k, v]) => `${versionLabel(t, k)} ${v}`)
            .join(', ') || null,
        lastSeenAt: d.lastSeenAt,
      })),
  }));
}

/** The dongles and their devices; a plant manager may reissue a dongle's secret here. */
function DeviceTable({ plant }: { plant: StationDetail }) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const canReissue = useCanManage([PERM.stationEdit]);
  const reset = useResetSecret();
  const [issued, setIssued] = useState<DongleSecret[] | null>(null);

  const confirmReissue = (row: DeviceRow) =>
    modal.confirm({
      title: t('plant:secret.reissueTitle', { sn: row.sn }),
      content: t('plant:secret.reissueWarning'),
      okText: t('plant:secret.reissue'),
      cancelText: t('system:action.cancel'),
      onOk: () => reset.mutateAsync(row.dongleId!).then((s) => setIssued([s])),
    });

  const columns: TableColumnsType<DeviceRow> = [
    {
      title: t('plant:device.kind'),
      dataIndex: 'kind',
      render: (kind: DeviceRow['kind']) => deviceKindLabel(t, kind),
    },
    {
      title: t('plant:device.sn'),
      dataIndex: 'sn',
      render: (sn: string) => <Typography.Text code>{sn}</Typography.Text>,
    },
    {
      title: t('plant:device.model'),
      dataIndex: 'detail',
      render: (v: string | null) => <EllipsisText text={v} />,
    },
    {
      title: t('plant:device.status'),
      dataIndex: 'status',
      render: (s: DeviceStatus) => <DeviceStatusTag status={s} />,
    },
    { title: t('plant:device.networkingMode'), dataIndex: 'networkingMode', render: text },
    {
      title: t('plant:device.versions'),
      dataIndex: 'versions',
      render: (v: string | null) => <EllipsisText text={v} />,
    },
    {
      title: t('plant:device.lastSeen'),
      dataIndex: 'lastSeenAt',
      render: (v: string | null) => formatDateTime(v),
    },
  ];
  if (canReissue)
    columns.push({
      title: t('system:action.actions'),
      key: 'actions',
      render: (_, row) =>
        row.dongleId ? (
          <Tooltip title={t('plant:secret.reissueHint')}>
            <Button
              size="small"
              type="link"
              icon={<KeyOutlined />}
              onClick={() => confirmReissue(row)}
              data-testid="dongle-reissue"
            >
              {t('plant:secret.reissue')}
            </Button>
          </Tooltip>
        ) : null,
    });

  return (
    <>
      {holder}
      <Table<DeviceRow>
        rowKey="key"
        size="small"
        columns={columns.map((c) => ({ minWidth: 80, ...c }))}
        dataSource={deviceRows(t, plant)}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ defaultExpandAllRows: true }}
        locale={{ emptyText: t('common:noData') }}
        data-testid="plant-devices"
      />
      <SecretModal secrets={issued} onClose={() => setIssued(null)} />
    </>
  );
}

/**
 * The plant's information (SPEC §2 "information" tab and /station/monitor/info): basic, geographic,
 * device and owner details. The owner's contact comes masked; a caller allowed to reveal contacts may
 * show a linked owner's real one.
 */
export function PlantInfo({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const detail = usePlantDetail(plantId);
  const address = usePlantAddress(plantId);
  const canReveal = usePerm([PERM.userRevealContact, PERM.ownerRevealContact]);
  // Share links are the plant's managers' (those who may edit it), like on the server.
  const canShare = useCanManage([PERM.stationEdit]);

  if (detail.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.code === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('plant:info.notFound') : t('common:serviceFail')}
        subTitle={missing ? undefined : (detail.error as Error).message}
      />
    );
  }
  const p = detail.data;
  const columns = { xs: 1, sm: 1, md: 2, xl: 3 };

  const basic: DescriptionsProps['items'] = [
    {
      key: 'stationName',
      label: t('plant:field.stationName'),
      children: <span style={{ wordBreak: 'break-word' }}>{p.stationName}</span>,
    },
    {
      key: 'stationNo',
      label: t('plant:field.stationNo'),
      children: (
        <Typography.Text copyable style={{ whiteSpace: 'nowrap' }}>
          {p.stationNo}
        </Typography.Text>
      ),
    },
    {
      key: 'stationType',
      label: t('plant:field.stationType'),
      children: stationTypeLabel(t, p.stationType),
    },
    {
      key: 'status',
      label: t('plant:field.status'),
      children: (
        <PlantStatusTag status={p.status} neverConnected={p.neverConnected} commissioning={p.commissioning} />
      ),
    },
    {
      key: 'installedCapacity',
      label: t('plant:field.installedCapacity'),
      children: formatCapacity(p.installedCapacity, 'kWp'),
    },
    {
      key: 'energyStorage',
      label: t('plant:field.energyStorage'),
      children: p.energyStorage === null ? dash : formatCapacity(p.energyStorage, 'kWh'),
    },
    { key: 'angleOfRoll', label: t('plant:field.angleOfRoll'), children: degrees(p.angleOfRoll) },
    {
      key: 'azimuth',
      label: t('plant:field.azimuth'),
      children:
        p.azimuth === null ? dash : <Tooltip title={t('plant:hint.azimuth')}>{degrees(p.azimuth)}</Tooltip>,
    },
    {
      key: 'organization',
      label: t('plant:field.orgId'),
      children: <EllipsisText text={p.organization} maxWidth={260} />,
    },
    {
      key: 'onlineElectrovalence',
      label: t('plant:field.onlineElectrovalence'),
      children: formatPrice(p.onlineElectrovalence, p.currency),
    },
    {
      key: 'buyElectrovalence',
      label: t('plant:field.buyElectrovalence'),
      children: formatPrice(p.buyElectrovalence, p.currency),
    },
    { key: 'currency', label: t('plant:field.currency'), children: p.currency },
    {
      key: 'gridConnectionTime',
      label: t('plant:field.gridConnectionTime'),
      children: text(p.gridConnectionTime),
    },
    { key: 'buildDate', label: t('plant:field.buildDate'), children: text(p.buildDate) },
    {
      key: 'registrationTime',
      label: t('plant:field.registrationTime'),
      children: formatDateTime(p.registrationTime),
    },
    { key: 'updateTime', label: t('plant:field.updateTime'), children: formatDateTime(p.updateTime) },
    { key: 'updateByName', label: t('plant:field.updateByName'), children: text(p.updateByName) },
  ];

  const a = address.data;
  const location: DescriptionsProps['items'] = [
    { key: 'country', label: t('plant:field.countryCode'), children: text(a?.countryName) },
    {
      key: 'region',
      label: t('plant:field.regionCode'),
      children: text(a?.regionNames.slice(1).join(' / ')),
    },
    { key: 'detailAddress', label: t('plant:field.detailAddress'), children: text(p.detailAddress) },
    {
      key: 'latitude',
      label: t('plant:field.latitude'),
      children: p.latitude === null ? dash : formatNumber(p.latitude, 6),
    },
    {
      key: 'longitude',
      label: t('plant:field.longitude'),
      children: p.longitude === null ? dash : formatNumber(p.longitude, 6),
    },
    { key: 'timezone', label: t('plant:field.timezone'), children: p.timezone },
  ];

  const contact =
    p.contactInformation && p.contactType && p.ownerUserId !== null && canReveal ? (
      <ContactReveal value={p.contactInformation} viewType={p.contactType} id={p.ownerUserId} />
    ) : (
      text(p.contactInformation)
    );
  const owner: DescriptionsProps['items'] = [
    { key: 'ownerName', label: t('plant:field.ownerName'), children: text(p.ownerName) },
    { key: 'userName', label: t('plant:field.userName'), children: text(p.userName) },
    {
      key: 'contactType',
      label: t('plant:field.contactType'),
      children: p.contactType
        ? p.contactType === 'EMAIL'
          ? t('plant:contactType.EMAIL')
          : t('plant:contactType.MOBILE')
        : dash,
    },
    { key: 'contactInformation', label: t('plant:field.contactInformation'), children: contact },
  ];

  return (
    <Flex vertical gap={16} data-testid="plant-info">
      <Card size="small" title={t('plant:info.basic')}>
        <Flex gap={16} align="flex-start" wrap>
          <PlantPicture path={p.stationPicture} />
          <Descriptions size="small" column={columns} items={basic} style={{ flex: 1, minWidth: 260 }} />
        </Flex>
      </Card>
      <Card size="small" title={t('plant:info.location')}>
        {address.isError && (
          <Alert
            type="warning"
            showIcon
            title={(address.error as Error).message}
            style={{ marginBottom: 12 }}
          />
        )}
        <Descriptions size="small" column={columns} items={location} />
        {p.latitude !== null && p.longitude !== null && (
          <div style={{ marginTop: 12 }}>
            <LocationMap latitude={p.latitude} longitude={p.longitude} height={280} />
          </div>
        )}
      </Card>
      <Card size="small" title={t('plant:info.devices')}>
        <DeviceTable plant={p} />
      </Card>
      <CommissioningCard stationId={p.id} stationNo={p.stationNo} canManage={canShare} />
      <Card size="small" title={t('plant:info.owner')}>
        {p.ownerName || p.contactInformation ? (
          <Descriptions size="small" column={columns} items={owner} data-testid="plant-owner" />
        ) : (
          <Typography.Text type="secondary">{t('plant:info.noOwner')}</Typography.Text>
        )}
      </Card>
      <PlantTariffs plantId={plantId} canEdit={canShare} />
      {canShare && <OwnerInvitation stationId={p.id} hasOwnerAccount={p.ownerUserId !== null} />}
      {canShare && <PlantShare plantId={plantId} />}
    </Flex>
  );
}
