import { HistoryOutlined, RedoOutlined } from '@ant-design/icons';
import { upgrade } from '@pvstar/contract/endpoints/upgrade';
import {
  isDowngrade,
  type UpgradeDeviceRow,
  type UpgradeDeviceStatus,
  UpgradeDeviceStatusSchema,
  type UpgradeTaskRow,
} from '@pvstar/contract/firmware';
import { Button, Card, Flex, Input, Progress, Select, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EllipsisText } from '../../../components/ellipsis-text.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { PageTable } from '../../../components/page-table.tsx';
import { DETAIL_LIVE_MS, type useRetryTask } from '../api/task-api.ts';
import { DeviceUpgradeTag, deviceStatusLabel } from '../upgrade-labels.tsx';

interface DeviceFilter {
  taskId: number;
  status?: UpgradeDeviceStatus;
  sn?: string;
}

type Column = ColumnsType<UpgradeDeviceRow>[number];

/** Each device of the task with its state, filtered by state and serial number. */
export function TaskDevicesCard({
  task: data,
  live,
  canControl,
  retry,
  doRetry,
  onHistory: setHistoryOf,
}: {
  task: UpgradeTaskRow;
  live: boolean;
  canControl: boolean;
  retry: ReturnType<typeof useRetryTask>;
  doRetry: (deviceIds?: number[]) => void;
  onHistory: (row: UpgradeDeviceRow) => void;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<UpgradeDeviceStatus | undefined>();
  const [sn, setSn] = useState('');
  const deviceFilter: DeviceFilter = {
    taskId: data.id,
    ...(status ? { status } : {}),
    ...(sn ? { sn } : {}),
  };
  const deviceRetryable = (row: UpgradeDeviceRow) =>
    canControl && data.status !== 'CANCELLED' && (row.status === 'FAILED' || row.status === 'TIMED_OUT');
  const columns = [...deviceColumns(t), actionsColumn(t, { setHistoryOf, deviceRetryable, retry, doRetry })];
  return (
    <Card
      title={t('upgrade:detail.devices')}
      extra={
        <Flex gap={8} wrap>
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('upgrade:device.status')}
            value={status}
            onChange={setStatus}
            popupMatchSelectWidth={false}
            options={UpgradeDeviceStatusSchema.options.map((value) => ({
              value,
              label: deviceStatusLabel(t, value),
            }))}
            data-testid="task-device-status-filter"
          />
          <Input.Search
            allowClear
            maxLength={32}
            placeholder={t('upgrade:device.sn')}
            style={{ width: 200 }}
            onSearch={(value) => setSn(value.trim())}
            data-testid="task-device-sn-filter"
          />
        </Flex>
      }
      styles={{ body: { paddingTop: 8 } }}
    >
      <PageTable
        endpoint={upgrade.taskDevices}
        filter={deviceFilter}
        columns={columns}
        refetchInterval={live ? DETAIL_LIVE_MS : undefined}
        onRow={(row) =>
          ({
            'data-testid': `task-device-${row.sn}`,
            'data-status': row.status,
            style: { cursor: 'pointer' },
            onClick: () => setHistoryOf(row),
          }) as HTMLAttributes<HTMLElement>
        }
        data-testid="task-devices"
      />
    </Card>
  );
}

function deviceColumns(t: TFunction): Column[] {
  return [
    {
      title: t('upgrade:device.sn'),
      dataIndex: 'sn',
      fixed: 'left',
      render: (v: string) => <span style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{v}</span>,
    },
    {
      title: t('upgrade:device.plant'),
      dataIndex: 'plantName',
      render: (v: string) => <EllipsisText text={v} maxWidth={180} />,
    },
    { title: t('upgrade:device.batch'), dataIndex: 'batch', align: 'right' },
    {
      title: t('upgrade:device.status'),
      dataIndex: 'status',
      render: (v: UpgradeDeviceStatus) => <DeviceUpgradeTag status={v} />,
    },
    {
      title: t('upgrade:device.progress'),
      dataIndex: 'progress',
      render: (v: number, row) =>
        row.status === 'DOWNLOADING' ? (
          <Progress percent={v} size="small" status="active" style={{ width: 140 }} />
        ) : row.status === 'SUCCEEDED' ? (
          <Progress percent={100} size="small" style={{ width: 140 }} />
        ) : (
          '—'
        ),
    },
    {
      title: t('upgrade:device.version'),
      key: 'version',
      render: (_, row) => (
        <Space size={4} style={{ whiteSpace: 'nowrap' }}>
          <span style={{ fontFamily: 'monospace' }}>
            {row.fromVersion ?? '—'} → {row.toVersion}
          </span>
          {isDowngrade(row.toVersion, row.fromVersion) && (
            <Tag color="volcano" data-testid={`task-device-downgrade-${row.sn}`}>
              {t('upgrade:device.downgrade')}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('upgrade:device.reason'),
      dataIndex: 'reason',
      render: (v: string | null) => <EllipsisText text={v} maxWidth={220} />,
    },
    { title: t('upgrade:device.attempts'), dataIndex: 'attempts', align: 'right' },
    {
      title: t('upgrade:device.updateTime'),
      dataIndex: 'updateTime',
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span>,
    },
  ];
}

function actionsColumn(
  t: TFunction,
  {
    setHistoryOf,
    deviceRetryable,
    retry,
    doRetry,
  }: {
    setHistoryOf: (row: UpgradeDeviceRow) => void;
    deviceRetryable: (row: UpgradeDeviceRow) => boolean;
    retry: ReturnType<typeof useRetryTask>;
    doRetry: (deviceIds?: number[]) => void;
  },
): Column {
  return {
    title: t('system:action.actions'),
    key: 'actions',
    fixed: 'right',
    render: (_, row) => (
      <Flex style={{ whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
        <Button
          type="link"
          size="small"
          icon={<HistoryOutlined />}
          onClick={() => setHistoryOf(row)}
          data-testid={`task-device-history-${row.sn}`}
        >
          {t('upgrade:history.open')}
        </Button>
        {deviceRetryable(row) && (
          <Tooltip title={t('upgrade:detail.retryDevice')}>
            <Button
              type="link"
              size="small"
              icon={<RedoOutlined />}
              aria-label={t('upgrade:detail.retryDevice')}
              loading={retry.isPending && retry.variables?.deviceIds?.[0] === row.id}
              onClick={() => doRetry([row.id])}
              data-testid={`task-device-retry-${row.sn}`}
            />
          </Tooltip>
        )}
      </Flex>
    ),
  };
}
