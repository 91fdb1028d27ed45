import { PlusOutlined } from '@ant-design/icons';
import { user } from '@pvstar/contract/endpoints/user';
import { PERM } from '@pvstar/contract/perm';
import type { UserPageBody, UserRow } from '@pvstar/contract/user';
import { Button, Modal, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLayout } from '../../../components/list-layout.tsx';
import { PageTable } from '../../../components/page-table.tsx';
import { StatusDropdown } from '../../../components/status-dropdown.tsx';
import { useUserStatus } from '../../../entities/user/user-api.ts';
import { useUserColumns } from '../../../entities/user/user-columns.tsx';
import { UserFormModal } from '../../../entities/user/user-form-modal.tsx';
import { Perm, usePerm } from '../../../permissions/perm.tsx';
import { useSession } from '../../../stores/session.ts';
import { useUserActionsColumn } from './components/user-actions-column.tsx';
import { UserFilter } from './components/user-filter.tsx';

/** System → users (2007001): the users within the caller's data scope. */
export default function UserPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<UserPageBody>({});
  const [editing, setEditing] = useState<{ user: UserRow | null } | null>(null);
  const [modal, contextHolder] = Modal.useModal();
  const selfId = useSession((s) => s.userInfo?.user.id);
  const canChangeStatus = usePerm([PERM.userStatus]);
  const setStatus = useUserStatus();

  const columns = useUserColumns({
    showOrg: true,
    statusControl: (row) =>
      canChangeStatus && row.id !== selfId ? (
        <StatusDropdown
          current={row.status}
          subject={row.username}
          onChange={(status) =>
            setStatus.mutateAsync({ userId: row.id, status }).then(() => message.success(t('common:success')))
          }
        />
      ) : null,
  });

  const actions = useUserActionsColumn({ modal, setEditing });
  // Users holding none of the row actions get no empty Actions column.
  if (actions) columns.push(actions);

  return (
    <>
      {contextHolder}
      <ListLayout
        title={t('system:user.title')}
        filter={<UserFilter onSearch={setFilter} />}
        extra={
          <Perm codes={[PERM.userAdd]}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ user: null })}
              data-testid="user-add"
            >
              {t('system:user.add')}
            </Button>
          </Perm>
        }
      >
        <PageTable endpoint={user.page} filter={filter} columns={columns} data-testid="user-table" />
      </ListLayout>
      <UserFormModal open={editing !== null} user={editing?.user} onClose={() => setEditing(null)} />
    </>
  );
}
