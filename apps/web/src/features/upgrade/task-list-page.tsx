import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { upgrade } from '@pvstar/contract/endpoints/upgrade';
import {
  FirmwareTypeSchema,
  type UpgradeTaskPageBody,
  type UpgradeTaskRow,
  UpgradeTaskStatusSchema,
} from '@pvstar/contract/firmware';
import { PERM } from '@pvstar/contract/perm';
import { Button, Flex, Form, Input, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { FilterBar } from '../../components/filter-bar.tsx';
import { formatDateTime } from '../../components/format.ts';
import { ListLayout } from '../../components/list-layout.tsx';
import { upgradeLinks } from '../../components/page-links.ts';
import { PageTable } from '../../components/page-table.tsx';
import { usePerm } from '../../permissions/perm.tsx';
import { LIST_LIVE_MS, usePageLive } from './api/task-api.ts';
import { TaskControls } from './components/task-controls.tsx';
import { TaskProgress } from './components/task-progress.tsx';
import { StageText } from './components/task-stage.tsx';
import { firmwareTypeLabel, RollbackTag, TaskStatusTag, taskStatusLabel } from './upgrade-labels.tsx';
import { isTaskLive } from './upgrade-logic.ts';

const rowIsLive = (row: UpgradeTaskRow) => isTaskLive(row.status);

/**
 * Firmware upgrade → inverter upgrade (2009001): the upgrade tasks with their progress, read every
 * few seconds while one of them runs or waits for its start.
 */
export default function TaskListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<UpgradeTaskPageBody>({});
  const canAdd = usePerm([PERM.upgradeAdd]);
  const canDetail = usePerm([PERM.upgradeDetail]);
  const canControl = usePerm([PERM.upgradeTaskControl]);
  const live = usePageLive(upgrade.taskPage, rowIsLive);
  const detailPath = upgradeLinks.detail;

  const columns: ColumnsType<UpgradeTaskRow> = [
    {
      title: t('upgrade:task.name'),
      dataIndex: 'name',
      fixed: 'left',
      render: (name: string, row) =>
        canDetail ? (
          <Link to={detailPath(row.id)}>
            <EllipsisText text={name} maxWidth={200} />
          </Link>
        ) : (
          <EllipsisText text={name} maxWidth={200} />
        ),
    },
    {
      title: t('upgrade:task.program'),
      key: 'program',
      render: (_, row) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <EllipsisText text={row.manufacturer} maxWidth={180} />
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {firmwareTypeLabel(t, row.firmwareType)} · {row.version}{' '}
            <RollbackTag mark={row.rollback} testId={`task-rollback-${row.id}`} />
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('upgrade:task.status'),
      dataIndex: 'status',
      render: (v: UpgradeTaskRow['status'], row) => (
        <TaskStatusTag status={v} reason={row.statusReason} testId={`task-status-${row.id}`} />
      ),
    },
    {
      title: t('upgrade:task.stage'),
      key: 'stage',
      render: (_, row) => <StageText task={row} />,
    },
    {
      title: t('upgrade:task.threshold'),
      dataIndex: 'successThreshold',
      align: 'right',
      render: (v: number, row) => (row.firstBatchPercent >= 100 ? '—' : `${v} %`),
    },
    {
      title: t('upgrade:task.progress'),
      key: 'progress',
      render: (_, row) => <TaskProgress counts={row.counts} testId={`task-progress-${row.id}`} />,
    },
    {
      title: t('upgrade:task.startAt'),
      dataIndex: 'startAt',
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span>,
    },
    {
      title: t('upgrade:task.createdBy'),
      dataIndex: 'createdBy',
      render: (v: string) => <EllipsisText text={v} maxWidth={140} />,
    },
  ];
  if (canDetail || canControl)
    columns.push({
      title: t('system:action.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          {canDetail && (
            <Button
              type="link"
              size="small"
              icon={<EyeOutlined />}
              onClick={() => navigate(detailPath(row.id))}
              data-testid={`task-detail-${row.id}`}
            >
              {t('upgrade:task.detail')}
            </Button>
          )}
          <TaskControls task={row} compact />
        </Space>
      ),
    });

  return (
    <div data-testid="task-page">
      <ListLayout
        title={t('upgrade:task.title')}
        filter={
          <FilterBar<UpgradeTaskPageBody> name="task-filter" onSearch={setFilter} testIdPrefix="task-filter">
            <Form.Item name="name" label={t('upgrade:task.name')}>
              <Input allowClear maxLength={64} style={{ width: 180 }} data-testid="task-filter-name" />
            </Form.Item>
            <Form.Item name="status" label={t('upgrade:task.status')}>
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('system:filter.all')}
                popupMatchSelectWidth={false}
                options={UpgradeTaskStatusSchema.options.map((value) => ({
                  value,
                  label: taskStatusLabel(t, value),
                }))}
                data-testid="task-filter-status"
              />
            </Form.Item>
            <Form.Item name="firmwareType" label={t('upgrade:program.firmwareType')}>
              <Select
                allowClear
                style={{ width: 160 }}
                placeholder={t('system:filter.all')}
                popupMatchSelectWidth={false}
                options={FirmwareTypeSchema.options.map((value) => ({
                  value,
                  label: firmwareTypeLabel(t, value),
                }))}
                data-testid="task-filter-type"
              />
            </Form.Item>
          </FilterBar>
        }
        extra={
          canAdd && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate(upgradeLinks.add())}
              data-testid="task-add"
            >
              {t('upgrade:task.add')}
            </Button>
          )
        }
      >
        <PageTable
          endpoint={upgrade.taskPage}
          filter={filter}
          columns={columns}
          refetchInterval={live ? LIST_LIVE_MS : undefined}
          onRow={(row) =>
            ({
              'data-testid': `task-row-${row.id}`,
              'data-status': row.status,
            }) as HTMLAttributes<HTMLElement>
          }
          data-testid="task-table"
        />
      </ListLayout>
    </div>
  );
}
