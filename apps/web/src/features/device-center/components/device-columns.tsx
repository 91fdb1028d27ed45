import { SettingOutlined, SwapOutlined } from '@ant-design/icons';
import { type DeviceRow, type DeviceSort, type DeviceType, kindOf } from '@pvstar/contract/device';
import { flowSignOf } from '@pvstar/contract/metrics';
import { Button, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EllipsisText, NameText } from '../../../components/ellipsis-text.tsx';
import { formatNumber, formatPower } from '../../../components/energy-format.ts';
import { formatDateTime, timeColumnTitle } from '../../../components/format.ts';
import { inverterTypeLabel, networkingModeLabel } from '../../../components/monitor-labels.ts';
import { DeviceStatusTag } from '../../../components/monitor-tags.tsx';
import { plantLinks } from '../../../components/page-links.ts';
import { sortable } from '../../../components/page-table.tsx';
import { SignedPower } from '../../../components/signed-power.tsx';
import { VersionSummary } from './versions.tsx';

const percent = (v: number | null) => (v === null ? '—' : `${formatNumber(v, 1)} %`);

/**
 * The columns of a device list; what a type has no value for is left out. `onParams` (given to those
 * who may read remote parameters) adds the inverters' "Parameters" action, `onReplace` (given to the
 * plants' managers) "Replace" on every type.
 */
export function useDeviceColumns(
  type: DeviceType,
  onOpen: (row: DeviceRow) => void,
  onParams?: (row: DeviceRow) => void,
  onReplace?: (row: DeviceRow) => void,
): ColumnsType<DeviceRow> {
  const { t } = useTranslation();
  const columns = [
    ...identityColumns(t, type, onOpen),
    ...readingColumns(t, type),
    actionsColumn(t, type, onParams, onReplace),
  ];
  return columns.filter((c): c is Column => c !== false);
}

type Column = ColumnsType<DeviceRow>[number];

/** Serial number, model, plant and dongle. */
function identityColumns(
  t: TFunction,
  type: DeviceType,
  onOpen: (row: DeviceRow) => void,
): (Column | false)[] {
  const isDongle = type === 'DONGLE';
  return [
    {
      title: t('device:field.sn'),
      dataIndex: 'sn',
      fixed: 'left',
      ...sortable<DeviceSort>('sn'),
      render: (sn: string, row) => (
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 0 }}
          onClick={() => onOpen(row)}
          data-testid="device-open"
        >
          {sn}
        </Button>
      ),
    },
    !isDongle && {
      // Model over manufacturer (and the inverter's phases): one column instead of three.
      title: `${t('device:field.model')} / ${t('device:field.manufacturer')}`,
      dataIndex: 'deviceSpec',
      render: (model: string | null, row) => {
        const second = [
          row.manufactor,
          row.inverterType ? inverterTypeLabel(t, row.inverterType) : null,
        ].filter(Boolean);
        return (
          <Flex vertical style={{ lineHeight: '18px' }}>
            <EllipsisText text={model} maxWidth={140} />
            {second.length > 0 && (
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 140 }}>
                {second.join(' · ')}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    {
      // A device's dongle under its plant: as a column of its own the row overflowed 1440 px.
      title: isDongle ? (
        t('device:field.plant')
      ) : (
        <>
          {t('device:field.plant')}
          <br />
          {t('device:field.dongle')}
        </>
      ),
      dataIndex: 'stationName',
      ...sortable<DeviceSort>('stationName'),
      render: (name: string, row) => (
        <>
          <NameText text={name} link={plantLinks.detail(row.plantId)} testId="device-plant-link" />
          {!isDongle && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12, fontFamily: 'monospace' }}>
                {row.collectorSN}
              </Typography.Text>
            </div>
          )}
        </>
      ),
    },
  ];
}

/** Status and what the device reported last. */
function readingColumns(t: TFunction, type: DeviceType): (Column | false)[] {
  const isDongle = type === 'DONGLE';
  return [
    {
      title: t('device:field.status'),
      dataIndex: 'deviceStatus',
      ...sortable<DeviceSort>('deviceStatus', 'descend'),
      render: (s: DeviceRow['deviceStatus']) => <DeviceStatusTag status={s} />,
    },
    isDongle && {
      title: t('device:field.networkingMode'),
      dataIndex: 'networkingMode',
      render: (v: DeviceRow['networkingMode']) => networkingModeLabel(v),
    },
    !isDongle && {
      title: t('device:field.power'),
      dataIndex: 'power',
      align: 'right',
      ...sortable<DeviceSort>('power', 'descend'),
      // The last value of a device that is not reporting is history, not "now": shown greyed.
      render: (v: number | null, row) => {
        const kind = kindOf(row.deviceType);
        // A battery's or meter's power has a sign: shown as its magnitude and direction in words.
        const sign = kind ? flowSignOf({ kind, key: 'power' }) : undefined;
        const stale = row.deviceStatus !== 'ONLINE';
        return (
          <span style={{ whiteSpace: 'nowrap' }}>
            {sign ? (
              <SignedPower sign={sign} watts={v} stale={stale} />
            ) : (
              <Typography.Text type={stale ? 'secondary' : undefined}>{formatPower(v)}</Typography.Text>
            )}
            {row.ratedPower !== null && (
              <Typography.Text type="secondary" title={t('device:field.ratedPower')}>
                {` / ${formatPower(row.ratedPower)}`}
              </Typography.Text>
            )}
          </span>
        );
      },
    },
    type === 'BATTERY' && {
      title: t('device:field.soc'),
      dataIndex: 'soc',
      align: 'right',
      ...sortable<DeviceSort>('soc', 'descend'),
      render: percent,
    },
    type === 'BATTERY' && {
      title: t('device:field.soh'),
      dataIndex: 'soh',
      align: 'right',
      ...sortable<DeviceSort>('soh', 'descend'),
      render: percent,
    },
    (type === 'INVERTER' || type === 'DONGLE' || type === 'BATTERY') && {
      title: t('device:field.versions'),
      dataIndex: 'versions',
      render: (v: Record<string, string>) => (
        <VersionSummary
          versions={v}
          primary={type === 'INVERTER' ? 'inverter' : type === 'DONGLE' ? 'dongle' : 'bms'}
        />
      ),
    },
    {
      title: timeColumnTitle(t, t('device:field.lastSeen'), 'yours'),
      dataIndex: 'lastSeenAt',
      // As wide as a time: the header wraps before its clock instead of pushing the row past 1440 px.
      width: 150,
      ...sortable<DeviceSort>('lastSeenAt', 'descend'),
      render: (v: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span>,
    },
  ];
}

function actionsColumn(
  t: TFunction,
  type: DeviceType,
  onParams?: (row: DeviceRow) => void,
  onReplace?: (row: DeviceRow) => void,
): Column | false {
  return (
    ((type === 'INVERTER' && !!onParams) || !!onReplace) && {
      title: t('system:action.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, row: DeviceRow) => (
        <Flex gap={4} wrap={false}>
          {type === 'INVERTER' && onParams && (
            <Button
              type="link"
              size="small"
              icon={<SettingOutlined />}
              onClick={() => onParams(row)}
              data-testid={`device-params-${row.sn}`}
            >
              {t('remote:action.parameters')}
            </Button>
          )}
          {onReplace && (
            <Button
              type="link"
              size="small"
              icon={<SwapOutlined />}
              onClick={() => onReplace(row)}
              data-testid={`device-replace-${row.sn}`}
            >
              {t('device:replace.action')}
            </Button>
          )}
        </Flex>
      ),
    }
  );
}
