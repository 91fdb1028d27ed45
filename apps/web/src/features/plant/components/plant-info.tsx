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
import { EllipsisText } from '../../../components/ellipsis-text.tsx';
import { formatDateTime, timeColumnTitle } from '../../../components/format.ts';
import {
  deviceKindLabel,
  inverterTypeLabel,
  networkingModeLabel,
} from '../../../components/monitor-labels.ts';
import { DeviceStatusTag } from '../../../components/monitor-tags.tsx';
import { usePerm } from '../../../permissions/perm.tsx';
import { useCanManage } from '../../../permissions/use-can-manage.ts';
import { usePlantAddress, usePlantDetail, useResetSecret } from '../api/plant-api.ts';
import { CommissioningCard } from './commissioning-card.tsx';
import { LocationMap } from './location-map.tsx';
import { OwnerInvitation } from './owner-invitation.tsx';
import { basicItems, locationItems, ownerItems, text } from './plant-info-items.tsx';
import { PlantPicture } from './plant-picture.tsx';
import { PlantShare } from './plant-share.tsx';
import { SecretModal } from './secret-modal.tsx';
import { PlantTariffs } from './tariff/plant-tariffs.tsx';

/** Inverters first, then what hangs on them. */
const KIND_ORDER: DeviceKind[] = ['INVERTER', 'BATTERY', 'METER', 'EV_CHARGER', 'HEAT_PUMP'];

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
      // Beside the plant's time zone: the column says which clock it is on, as the devices tab does.
      title: timeColumnTitle(t, t('plant:device.lastSeen'), 'yours'),
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
 * The plant's information (requirements §R5.4: the "information" tab and /station/monitor/info): basic,
 * geographic, device and owner details. The owner's contact comes masked; a caller allowed to reveal contacts
 * may show a linked owner's real one.
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
  const basic = basicItems(t, p);
  const location = locationItems(t, p, address.data);
  const owner = ownerItems(t, p, canReveal);

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
