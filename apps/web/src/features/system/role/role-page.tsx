import { PlusOutlined } from '@ant-design/icons';
import { role } from '@pvstar/contract/endpoints/role';
import { PERM } from '@pvstar/contract/perm';
import type { RolePageBody } from '@pvstar/contract/role';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLayout } from '../../../components/list-layout.tsx';
import { PageTable } from '../../../components/page-table.tsx';
import { Perm, usePerm } from '../../../permissions/perm.tsx';
import { useRoleColumns } from './components/role-columns.tsx';
import { RoleFilter } from './components/role-filter.tsx';
import { RoleFormDrawer } from './components/role-form-drawer.tsx';

/** System → roles (2007002): roles with their function and data permissions. */
export default function RolePage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<RolePageBody>({});
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [modal, contextHolder] = Modal.useModal();
  const canAct = usePerm([PERM.roleEdit, PERM.roleDelete]);

  const columns = useRoleColumns({ modal, setEditing });

  return (
    <>
      {contextHolder}
      <ListLayout
        title={t('system:role.title')}
        filter={<RoleFilter onSearch={setFilter} />}
        extra={
          <Perm codes={[PERM.roleAdd]}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ id: null })}
              data-testid="role-add"
            >
              {t('system:role.add')}
            </Button>
          </Perm>
        }
      >
        <PageTable
          endpoint={role.page}
          filter={filter}
          columns={canAct ? columns : columns.filter((c) => c.key !== 'actions')}
          data-testid="role-table"
        />
      </ListLayout>
      <RoleFormDrawer open={editing !== null} roleId={editing?.id ?? null} onClose={() => setEditing(null)} />
    </>
  );
}
