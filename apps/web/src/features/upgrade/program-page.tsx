import { PlusOutlined } from '@ant-design/icons';
import { firmware } from '@pvstar/contract/endpoints/firmware';
import type { FirmwarePageBody, FirmwareRow } from '@pvstar/contract/firmware';
import { PERM } from '@pvstar/contract/perm';
import { Button, Modal } from 'antd';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLayout } from '../../components/list-layout.tsx';
import { PageTable } from '../../components/page-table.tsx';
import { Perm } from '../../permissions/perm.tsx';
import { ProgramAddModal } from './components/program-add-modal.tsx';
import { useProgramColumns } from './components/program-columns.tsx';
import { ProgramEditModal } from './components/program-edit-modal.tsx';
import { ProgramFilter } from './components/program-filter.tsx';
import { RollbackModal } from './components/rollback-modal.tsx';

/** Firmware upgrade → Manage Device Programs (2009002): the firmware images and what they may go to. */
export default function ProgramPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<FirmwarePageBody>({});
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<FirmwareRow | null>(null);
  const [rollingBack, setRollingBack] = useState<FirmwareRow | null>(null);
  const [modal, contextHolder] = Modal.useModal();

  const columns = useProgramColumns({ modal, onEdit: setEditing, onRollBack: setRollingBack });

  return (
    <div data-testid="program-page">
      {contextHolder}
      <ListLayout
        title={t('upgrade:program.title')}
        filter={<ProgramFilter onSearch={setFilter} />}
        extra={
          <Perm codes={[PERM.programAdd]}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setAdding(true)}
              data-testid="program-add"
            >
              {t('upgrade:program.add')}
            </Button>
          </Perm>
        }
      >
        <PageTable
          endpoint={firmware.page}
          filter={filter}
          columns={columns}
          onRow={(row) => ({ 'data-testid': `program-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
          data-testid="program-table"
        />
      </ListLayout>
      {adding && <ProgramAddModal onClose={() => setAdding(false)} />}
      {editing && <ProgramEditModal row={editing} onClose={() => setEditing(null)} />}
      {rollingBack && <RollbackModal row={rollingBack} onClose={() => setRollingBack(null)} />}
    </div>
  );
}
