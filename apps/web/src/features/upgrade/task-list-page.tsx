import { PlusOutlined } from '@ant-design/icons';
import { upgrade } from '@pvstar/contract/endpoints/upgrade';
import type { UpgradeTaskPageBody, UpgradeTaskRow } from '@pvstar/contract/firmware';
import { PERM } from '@pvstar/contract/perm';
import { Button } from 'antd';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListLayout } from '../../components/list-layout.tsx';
import { upgradeLinks } from '../../components/page-links.ts';
import { PageTable } from '../../components/page-table.tsx';
import { usePerm } from '../../permissions/perm.tsx';
import { LIST_LIVE_MS, usePageLive } from './api/task-api.ts';
import { useTaskColumns } from './components/task-columns.tsx';
import { TaskFilter } from './components/task-filter.tsx';
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
  const live = usePageLive(upgrade.taskPage, rowIsLive);

  const columns = useTaskColumns();

  return (
    <div data-testid="task-page">
      <ListLayout
        title={t('upgrade:task.title')}
        filter={<TaskFilter onSearch={setFilter} />}
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
