import { ArrowLeftOutlined, HistoryOutlined, RedoOutlined } from '@ant-design/icons';
import { upgrade } from '@pvstar/contract/endpoints/upgrade';
import {
  isDowngrade,
  type UpgradeCounts,
  type UpgradeDeviceRow,
  type UpgradeDeviceStatus,
  UpgradeDeviceStatusSchema,
  type UpgradeTaskRow,
} from '@pvstar/contract/firmware';
import { PERM } from '@pvstar/contract/perm';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Input,
  message,
  Progress,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Statistic,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { type HTMLAttributes, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { queryKey } from '../../api/call.ts';
import { ApiError } from '../../api/http.ts';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { formatDateTime } from '../../components/format.ts';
import { upgradeLinks } from '../../components/page-links.ts';
import { PageTable } from '../../components/page-table.tsx';
import { usePerm } from '../../permissions/perm.tsx';
import { DETAIL_LIVE_MS, useRetryTask, useTaskDetail } from './api/task-api.ts';
import { DeviceHistoryDrawer } from './components/device-history-drawer.tsx';
import { TaskControls } from './components/task-controls.tsx';
import { TaskProgress } from './components/task-progress.tsx';
import { StageText } from './components/task-stage.tsx';
import {
  DeviceUpgradeTag,
  deviceStatusLabel,
  programName,
  RollbackAlert,
  TaskStatusTag,
} from './upgrade-labels.tsx';
import { canRetry, isDetailLive } from './upgrade-logic.ts';

const COUNT_KEYS = [
  'total',
  'queued',
  'running',
  'succeeded',
  'failed',
  'timedOut',
  'cancelled',
] as const satisfies readonly (keyof UpgradeCounts)[];

const countLabel = (t: TFunction, key: keyof UpgradeCounts): string =>
  ({
    total: t('upgrade:counts.total'),
    queued: t('upgrade:counts.queued'),
    running: t('upgrade:counts.running'),
    succeeded: t('upgrade:counts.succeeded'),
    failed: t('upgrade:counts.failed'),
    timedOut: t('upgrade:counts.timedOut'),
    cancelled: t('upgrade:counts.cancelled'),
  })[key];

const COUNT_COLOR: Partial<Record<keyof UpgradeCounts, string>> = {
  running: 'var(--ant-color-primary)',
  succeeded: 'var(--ant-color-success)',
  failed: 'var(--ant-color-error)',
  timedOut: 'var(--ant-color-warning)',
};

interface DeviceFilter {
  taskId: number;
  status?: UpgradeDeviceStatus;
  sn?: string;
}

/** The task's program, timing and rollout settings, and the rollback mark it was created with. */
function TaskInfo({ task }: { task: UpgradeTaskRow }) {
  const { t } = useTranslation();
  return (
    <>
      {task.rollback && <RollbackAlert version={task.version} mark={task.rollback} testId="task-rollback" />}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          {
            key: 'program',
            label: t('upgrade:task.program'),
            children: <EllipsisText text={programName(t, task)} maxWidth={360} />,
          },
          { key: 'startAt', label: t('upgrade:task.startAt'), children: formatDateTime(task.startAt) },
          { key: 'finish', label: t('upgrade:detail.finishTime'), children: formatDateTime(task.finishTime) },
          { key: 'stage', label: t('upgrade:task.stage'), children: <StageText task={task} /> },
          {
            key: 'threshold',
            label: t('upgrade:task.threshold'),
            children: task.firstBatchPercent >= 100 ? '—' : `${task.successThreshold} %`,
          },
          {
            key: 'createdBy',
            label: t('upgrade:task.createdBy'),
            children: `${task.createdBy} · ${formatDateTime(task.createTime)}`,
          },
          ...(task.remark
            ? [
                {
                  key: 'remark',
                  label: t('upgrade:add.remark'),
                  span: 'filled' as const,
                  children: (
                    <Typography.Paragraph
                      style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                    >
                      {task.remark}
                    </Typography.Paragraph>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}

/**
 * Firmware upgrade → upgrade detail (2009001002, `?id=`): the task, its counts and progress, its
 * controls, and each device's state with its history. Read every few seconds while devices move.
 */
export default function TaskDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const task = useTaskDetail(id);
  const retry = useRetryTask();
  const client = useQueryClient();
  const canControl = usePerm([PERM.upgradeTaskControl]);
  const [status, setStatus] = useState<UpgradeDeviceStatus | undefined>();
  const [sn, setSn] = useState('');
  const [historyOf, setHistoryOf] = useState<UpgradeDeviceRow | null>(null);
  const live = isDetailLive(task.data);

  // When the task settles, the device list is read once more so that it shows the final states.
  const wasLive = useRef(live);
  useEffect(() => {
    if (wasLive.current && !live) void client.invalidateQueries({ queryKey: queryKey(upgrade.taskDevices) });
    wasLive.current = live;
  }, [live, client]);

  const back = (
    <Button
      icon={<ArrowLeftOutlined />}
      onClick={() => navigate(upgradeLinks.list())}
      data-testid="task-back"
    >
      {t('app:action.back')}
    </Button>
  );

  if (id === null) return <Result status="404" title={t('upgrade:detail.notFound')} extra={back} />;
  if (task.isPending) {
    return (
      <Card data-testid="task-detail">
        <Skeleton active />
      </Card>
    );
  }
  if (task.isError) {
    const missing = task.error instanceof ApiError && (task.error.code === 404 || task.error.code === 403);
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('upgrade:detail.notFound') : task.error.message}
        extra={
          <Flex gap={8} justify="center">
            {back}
            {!missing && <Button onClick={() => task.refetch()}>{t('upgrade:detail.reload')}</Button>}
          </Flex>
        }
      />
    );
  }

  const data = task.data;
  const retryable = canControl && canRetry(data);
  const deviceFilter: DeviceFilter = {
    taskId: data.id,
    ...(status ? { status } : {}),
    ...(sn ? { sn } : {}),
  };
  const deviceRetryable = (row: UpgradeDeviceRow) =>
    canControl && data.status !== 'CANCELLED' && (row.status === 'FAILED' || row.status === 'TIMED_OUT');

  const doRetry = (deviceIds?: number[]) =>
    retry.mutate(
      { id: data.id, ...(deviceIds ? { deviceIds } : {}) },
      { onSuccess: () => message.success(t('upgrade:detail.retried')) },
    );

  const columns: ColumnsType<UpgradeDeviceRow> = [
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
    {
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
    },
  ];

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }} data-testid="task-detail" data-task-id={data.id}>
      <Card
        title={
          <Flex align="center" gap={8} style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis={{ tooltip: data.name }} style={{ maxWidth: 420 }}>
              {data.name}
            </Typography.Text>
            <TaskStatusTag status={data.status} testId="task-status" />
          </Flex>
        }
        extra={
          <Flex gap={8} wrap justify="flex-end">
            {back}
            <TaskControls task={data} />
            {retryable && (
              <Button
                icon={<RedoOutlined />}
                loading={retry.isPending && !retry.variables?.deviceIds}
                onClick={() => doRetry()}
                data-testid="task-retry"
              >
                {t('upgrade:detail.retry', { n: data.counts.failed + data.counts.timedOut })}
              </Button>
            )}
          </Flex>
        }
      >
        {data.statusReason && (
          <Alert
            type={data.status === 'HALTED' ? 'warning' : 'info'}
            showIcon
            title={data.statusReason}
            style={{ marginBottom: 16 }}
            data-testid="task-status-reason"
          />
        )}
        <TaskInfo task={data} />
      </Card>

      <Card size="small">
        <Row gutter={[16, 16]}>
          {COUNT_KEYS.map((key) => (
            <Col key={key} flex="1 0 120px">
              <Statistic
                title={countLabel(t, key)}
                value={data.counts[key]}
                styles={{ content: { color: COUNT_COLOR[key] } }}
                formatter={(value) => <span data-testid={`task-count-${key}`}>{String(value)}</span>}
              />
            </Col>
          ))}
          <Col xs={24}>
            <Typography.Text type="secondary">{t('upgrade:task.progress')}</Typography.Text>
            <TaskProgress counts={data.counts} width="100%" testId="task-progress" />
          </Col>
        </Row>
      </Card>

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
      <DeviceHistoryDrawer device={historyOf} live={live} onClose={() => setHistoryOf(null)} />
    </Flex>
  );
}
