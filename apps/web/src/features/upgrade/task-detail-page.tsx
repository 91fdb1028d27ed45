import { ArrowLeftOutlined, RedoOutlined } from '@ant-design/icons';
import { upgrade } from '@pvstar/contract/endpoints/upgrade';
import type { UpgradeDeviceRow, UpgradeTaskRow } from '@pvstar/contract/firmware';
import { PERM } from '@pvstar/contract/perm';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, message, Result, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { queryKey } from '../../api/call.ts';
import { ApiError } from '../../api/http.ts';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { formatDateTime } from '../../components/format.ts';
import { upgradeLinks } from '../../components/page-links.ts';
import { usePerm } from '../../permissions/perm.tsx';
import { useRetryTask, useTaskDetail } from './api/task-api.ts';
import { DeviceHistoryDrawer } from './components/device-history-drawer.tsx';
import { TaskControls } from './components/task-controls.tsx';
import { TaskCounts } from './components/task-counts.tsx';
import { TaskDevicesCard } from './components/task-devices-card.tsx';
import { StageText } from './components/task-stage.tsx';
import { programName, RollbackAlert, TaskStatusTag } from './upgrade-labels.tsx';
import { canRetry, isDetailLive } from './upgrade-logic.ts';

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

/** When the task settles, the device list is read once more so that it shows the final states. */
function useRefreshOnSettle(live: boolean) {
  const client = useQueryClient();
  const wasLive = useRef(live);
  useEffect(() => {
    if (wasLive.current && !live) void client.invalidateQueries({ queryKey: queryKey(upgrade.taskDevices) });
    wasLive.current = live;
  }, [live, client]);
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
  const canControl = usePerm([PERM.upgradeTaskControl]);
  const [historyOf, setHistoryOf] = useState<UpgradeDeviceRow | null>(null);
  const live = isDetailLive(task.data);

  useRefreshOnSettle(live);

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

  const doRetry = (deviceIds?: number[]) =>
    retry.mutate(
      { id: data.id, ...(deviceIds ? { deviceIds } : {}) },
      { onSuccess: () => message.success(t('upgrade:detail.retried')) },
    );

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

      <TaskCounts counts={data.counts} />

      <TaskDevicesCard
        task={data}
        live={live}
        canControl={canControl}
        retry={retry}
        doRetry={doRetry}
        onHistory={setHistoryOf}
      />
      <DeviceHistoryDrawer device={historyOf} live={live} onClose={() => setHistoryOf(null)} />
    </Flex>
  );
}
