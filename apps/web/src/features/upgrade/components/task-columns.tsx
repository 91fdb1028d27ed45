import { EyeOutlined } from '@ant-design/icons';
import type { UpgradeTaskRow } from '@pvstar/contract/firmware';
import { PERM } from '@pvstar/contract/perm';
import { Button, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EllipsisText } from '../../../components/ellipsis-text.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { upgradeLinks } from '../../../components/page-links.ts';
import { rowActionsColumn } from '../../../components/row-actions.tsx';
import { usePerm } from '../../../permissions/perm.tsx';
import { firmwareTypeLabel, RollbackTag, TaskStatusTag } from '../upgrade-labels.tsx';
import { TaskControls } from './task-controls.tsx';
import { TaskProgress } from './task-progress.tsx';
import { StageText } from './task-stage.tsx';

type Column = ColumnsType<UpgradeTaskRow>[number];

/** The columns of the upgrade tasks; the actions show to those who may use them. */
export function useTaskColumns(): ColumnsType<UpgradeTaskRow> {
  const c = useTaskColumnsContext();
  const columns: ColumnsType<UpgradeTaskRow> = [...taskColumns(c)];
  if (c.canDetail || c.canControl) columns.push(actionsColumn(c));
  return columns;
}

function useTaskColumnsContext() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canDetail = usePerm([PERM.upgradeDetail]);
  const canControl = usePerm([PERM.upgradeTaskControl]);
  const detailPath = upgradeLinks.detail;
  return { t, navigate, canDetail, canControl, detailPath };
}

type Ctx = ReturnType<typeof useTaskColumnsContext>;

function taskColumns({ t, canDetail, detailPath }: Ctx): Column[] {
  return [
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
}

function actionsColumn({ t, navigate, canDetail, detailPath }: Ctx): Column {
  return rowActionsColumn(t, (row) => (
    <>
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
    </>
  ));
}
