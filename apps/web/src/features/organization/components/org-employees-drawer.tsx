import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { user } from '@pvstar/contract/endpoints/user';
import type { OrgRow } from '@pvstar/contract/org';
import type { UserRow } from '@pvstar/contract/user';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTable } from '../../../components/page-table.tsx';
import { useUserColumns } from '../../../entities/user/user-columns.tsx';
import { UserFormModal } from '../../../entities/user/user-form-modal.tsx';
import { Perm, usePerm } from '../../../permissions/perm.tsx';

/** The users of one organisation, with adding and editing them as its employees. */
export function OrgEmployeesDrawer({
  org,
  employeePerm,
  onClose,
}: {
  org: OrgRow | null;
  employeePerm: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ user: UserRow | null } | null>(null);
  const columns = useUserColumns({ showOrg: false });
  const canAct = usePerm([employeePerm]);
  if (canAct)
    columns.push({
      title: t('system:action.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Perm codes={[employeePerm]}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ user: row })}>
            {t('system:action.edit')}
          </Button>
        </Perm>
      ),
    });

  return (
    <Drawer
      open={org !== null}
      onClose={onClose}
      size={Math.min(1100, window.innerWidth - 48)}
      destroyOnHidden
      title={org ? t('org:employees.title', { name: org.name }) : ''}
      extra={
        <Perm codes={[employeePerm]}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ user: null })}
            data-testid="employee-add"
          >
            {t('org:employees.add')}
          </Button>
        </Perm>
      }
    >
      {org && (
        <PageTable
          endpoint={user.page}
          filter={{ orgId: org.id }}
          columns={columns}
          size="small"
          data-testid="employee-table"
        />
      )}
      {org && (
        <UserFormModal
          open={editing !== null}
          user={editing?.user}
          employeeOfOrg={org.id}
          onClose={() => setEditing(null)}
        />
      )}
    </Drawer>
  );
}
