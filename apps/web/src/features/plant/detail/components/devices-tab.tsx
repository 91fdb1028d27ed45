import { DEVICE_TYPE_PERM, type DeviceType } from '@pvstar/contract/device';
import type { DeviceStatus } from '@pvstar/contract/enums';
import type { StationDetail } from '@pvstar/contract/station';
import { Space, Table, type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, timeColumnTitle } from '../../../../components/format.ts';
import {
  deviceKindLabel,
  inverterTypeLabel,
  networkingModeLabel,
} from '../../../../components/monitor-labels.ts';
import { DeviceStatusTag } from '../../../../components/monitor-tags.tsx';
import { deviceLinks } from '../../../../components/page-links.ts';
import { hasPerm } from '../../../../permissions/perm.tsx';
import { useSession } from '../../../../stores/session.ts';

interface Row {
  key: string;
  id: number;
  type: DeviceType;
  sn: string;
  status: DeviceStatus;
  product: string | null;
  /** Networking mode of a dongle, phases of an inverter. */
  kindNote: string | null;
  versions: Record<string, string>;
  lastSeenAt: string | null;
  children?: Row[];
}

/** Devices behind a dongle in the order the plant pages list them. */
const KIND_ORDER: DeviceType[] = ['INVERTER', 'BATTERY', 'METER', 'EV_CHARGER', 'HEAT_PUMP'];
/** The versions the spec names first, anything else a device reports after them. */
const VERSION_ORDER = ['inverter', 'dongle', 'safety', 'hmi'];
const rank = (list: string[], v: string) => (list.includes(v) ? list.indexOf(v) : list.length);

const versionLabel = (t: TFunction, key: string) =>
  ({
    inverter: t('plant:version.inverter'),
    dongle: t('plant:version.dongle'),
    safety: t('plant:version.safety'),
    hmi: t('plant:version.hmi'),
  })[key] ?? key;

function Versions({ versions }: { versions: Record<string, string> }) {
  const { t } = useTranslation();
  const keys = Object.keys(versions).sort(
    (a, b) => rank(VERSION_ORDER, a) - rank(VERSION_ORDER, b) || a.localeCompare(b),
  );
  if (!keys.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space size={[8, 0]} wrap style={{ maxWidth: 280 }}>
      {keys.map((k) => (
        <span key={k} style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text type="secondary">{versionLabel(t, k)}</Typography.Text> {versions[k]}
        </span>
      ))}
    </Space>
  );
}

/** Devices: each dongle with the devices behind it, their status, versions and when last heard of. */
export function DevicesTab({ plant }: { plant: StationDetail }) {
  const { t } = useTranslation();
  const perms = useSession((s) => s.perms);
  const rows: Row[] = plant.dongles.map((d) => ({
    key: `dongle-${d.id}`,
    id: d.id,
    type: 'DONGLE',
    sn: d.sn,
    status: d.status,
    product: null,
    kindNote: networkingModeLabel(d.networkingMode),
    versions: d.version ? { dongle: d.version } : ({} as Record<string, string>),
    lastSeenAt: d.lastSeenAt,
    children: [...d.devices]
      .sort((a, b) => rank(KIND_ORDER, a.kind) - rank(KIND_ORDER, b.kind) || a.sn.localeCompare(b.sn))
      .map((x) => ({
        key: `device-${x.id}`,
        id: x.id,
        type: x.kind,
        sn: x.sn,
        status: x.status,
        product: [x.manufacturer, x.model].filter(Boolean).join(' ') || null,
        kindNote: x.inverterType ? inverterTypeLabel(t, x.inverterType) : null,
        versions: x.versions,
        lastSeenAt: x.lastSeenAt,
      })),
  }));

  const columns: TableColumnsType<Row> = [
    {
      title: t('plant:devices.type'),
      key: 'type',
      render: (_, r) => (
        <Space size={4} orientation="vertical">
          <span>{deviceKindLabel(t, r.type)}</span>
          {r.kindNote && <Typography.Text type="secondary">{r.kindNote}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('plant:devices.sn'),
      dataIndex: 'sn',
      render: (sn: string) => <Typography.Text copyable>{sn}</Typography.Text>,
    },
    {
      title: t('plant:devices.status'),
      dataIndex: 'status',
      render: (s: DeviceStatus) => <DeviceStatusTag status={s} />,
    },
    {
      title: t('plant:devices.product'),
      dataIndex: 'product',
      render: (p: string | null) => p ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: t('plant:devices.versions'),
      dataIndex: 'versions',
      render: (v: Row['versions']) => <Versions versions={v} />,
    },
    {
      // The plant's page shows alarms on the plant's clock: this one is the reader's.
      title: timeColumnTitle(t, t('plant:devices.lastSeen'), 'yours'),
      dataIndex: 'lastSeenAt',
      render: (v: string | null) => formatDateTime(v),
    },
    {
      title: t('plant:devices.action'),
      key: 'action',
      fixed: 'right',
      render: (_, r) =>
        hasPerm(perms, [DEVICE_TYPE_PERM[r.type]]) ? (
          <Link to={deviceLinks.detail(r.type, r.id)} data-testid="device-link">
            {t('plant:devices.open')}
          </Link>
        ) : null,
    },
  ];

  return (
    <Table<Row>
      data-testid="tab-devices"
      rowKey="key"
      size="middle"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      expandable={{ defaultExpandAllRows: true }}
      locale={{ emptyText: t('common:noData') }}
    />
  );
}
