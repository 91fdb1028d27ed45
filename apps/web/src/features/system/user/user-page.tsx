import { KeyOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { user } from '@pvstar/contract/endpoints/user';
import { STATUSES } from '@pvstar/contract/enum-values';
import { PERM } from '@pvstar/contract/perm';
import type { UserPageBody, UserRow } from '@pvstar/contract/user';
import { Button, Form, Input, Modal, message, Select, Space, Tooltip, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete.ts';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { roleLabel, statusLabel } from '../../../components/labels.ts';
import { ListLayout } from '../../../components/list-layout.tsx';
import { toOrgSelectData, useOrgTree } from '../../../components/org-tree.ts';
import { PageTable } from '../../../components/page-table.tsx';
import { DeleteAction, EditAction } from '../../../components/row-actions.tsx';
import { StatusDropdown } from '../../../components/status-dropdown.tsx';
import {
  useDeleteUser,
  useResetPassword,
  useResetTwoFactor,
  useRoleOptions,
  useUserStatus,
} from '../../../entities/user/user-api.ts';
import { useUserColumns } from '../../../entities/user/user-columns.tsx';
import { UserFormModal } from '../../../entities/user/user-form-modal.tsx';
import { Perm, usePerm } from '../../../permissions/perm.tsx';
import { useSession } from '../../../stores/session.ts';

/** System → users (2007001): the users within the caller's data scope. */
export default function UserPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<UserPageBody>({});
  const [editing, setEditing] = useState<{ user: UserRow | null } | null>(null);
  const [modal, contextHolder] = Modal.useModal();
  const selfId = useSession((s) => s.userInfo?.user.id);
  const tree = useOrgTree();
  const roleOptions = useRoleOptions();
  const canChangeStatus = usePerm([PERM.userStatus]);
  const canAct = usePerm([PERM.userEdit, PERM.userResetPassword, PERM.userDelete]);
  const setStatus = useUserStatus();
  const remove = useDeleteUser();
  const reset = useResetPassword();
  const resetTwoFactor = useResetTwoFactor();
  // Only the provider's staff may reset a second factor (the server says so too).
  const isProvider = useSession((s) => s.userInfo?.user.orgType === 'PROVIDER');
  const canResetTwoFactor = usePerm([PERM.userEdit]) && isProvider;

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

  const confirmReset = (row: UserRow) =>
    modal.confirm({
      title: t('system:user.resetTitle'),
      content: (
        <Space orientation="vertical">
          <span>{t('system:user.resetConfirm')}</span>
          <Typography.Text type="secondary">
            {t('system:user.resetHint', { name: row.username })}
          </Typography.Text>
        </Space>
      ),
      okText: t('system:action.confirm'),
      cancelText: t('system:action.cancel'),
      onOk: () => reset.mutateAsync(row.id).then(() => message.success(t('common:user.passwordSent'))),
    });

  // Users holding none of the row actions get no empty Actions column.
  if (canAct)
    columns.push({
      title: t('system:action.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          <EditAction perm={PERM.userEdit} onClick={() => setEditing({ user: row })} />
          <Perm codes={[PERM.userResetPassword]}>
            <Tooltip title={t('system:user.resetPassword')}>
              <Button
                type="link"
                size="small"
                icon={<KeyOutlined />}
                aria-label={t('system:user.resetPassword')}
                onClick={() => confirmReset(row)}
                data-testid="user-reset-password"
              />
            </Tooltip>
          </Perm>
          {canResetTwoFactor && row.twoFactor && (
            <Tooltip title={t('twoFactor:reset')}>
              <Button
                type="link"
                size="small"
                icon={<SafetyCertificateOutlined />}
                aria-label={t('twoFactor:reset')}
                onClick={() =>
                  modal.confirm({
                    title: t('twoFactor:reset'),
                    content: t('twoFactor:resetConfirm', { name: row.username }),
                    okText: t('system:action.confirm'),
                    cancelText: t('system:action.cancel'),
                    onOk: () =>
                      resetTwoFactor
                        .mutateAsync(row.id)
                        .then(() => message.success(t('common:twoFactor.reset'))),
                  })
                }
                data-testid="user-reset-two-factor"
              />
            </Tooltip>
          )}
          <DeleteAction
            perm={PERM.userDelete}
            disabledReason={row.id === selfId ? t('common:user.cannotDeleteSelf') : null}
            onClick={() =>
              confirmDelete(modal, t, {
                title: t('system:user.deleteTitle', { name: row.username }),
                content: t('system:user.deleteWarning'),
                onDelete: () => remove.mutateAsync(row.id),
              })
            }
            testId="user-delete"
          />
        </Space>
      ),
    });

  return (
    <>
      {contextHolder}
      <ListLayout
        title={t('system:user.title')}
        filter={
          <FilterBar<UserPageBody> name="user-filter" onSearch={setFilter}>
            <Form.Item name="username" label={t('common:field.username')}>
              <Input allowClear style={{ width: 160 }} data-testid="filter-username" />
            </Form.Item>
            <Form.Item name="name" label={t('common:field.name')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="orgId" label={t('common:field.orgId')}>
              <TreeSelect
                allowClear
                style={{ width: 200 }}
                treeData={toOrgSelectData(tree.data ?? [])}
                showSearch={{ treeNodeFilterProp: 'title' }}
                treeDefaultExpandAll
                popupMatchSelectWidth={false}
                placeholder={t('system:filter.all')}
              />
            </Form.Item>
            <Form.Item name="roleId" label={t('common:field.roleIds')}>
              <Select
                allowClear
                style={{ width: 160 }}
                showSearch={{ optionFilterProp: 'label' }}
                options={(roleOptions.data ?? []).map((r) => ({ value: r.id, label: roleLabel(t, r) }))}
                placeholder={t('system:filter.all')}
                popupMatchSelectWidth={false}
              />
            </Form.Item>
            <Form.Item name="status" label={t('common:field.status')}>
              <Select
                allowClear
                style={{ width: 130 }}
                options={STATUSES.map((s) => ({ value: s, label: statusLabel(t, s) }))}
                placeholder={t('system:filter.all')}
              />
            </Form.Item>
          </FilterBar>
        }
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
