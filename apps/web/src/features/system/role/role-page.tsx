import { PlusOutlined } from '@ant-design/icons';
import { role } from '@pvstar/contract/endpoints/role';
import { ORG_TYPES, ROLE_STATUSES } from '@pvstar/contract/enum-values';
import { PERM } from '@pvstar/contract/perm';
import type { RolePageBody, RoleRow } from '@pvstar/contract/role';
import type { ButtonProps, TableColumnsType } from 'antd';
import { Button, Form, Input, Modal, message, Select, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete.ts';
import { EllipsisText } from '../../../components/ellipsis-text.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { dataScopeLabel, orgTypeLabel, roleLabel, roleStatusLabel } from '../../../components/labels.ts';
import { ListLayout } from '../../../components/list-layout.tsx';
import { PageTable } from '../../../components/page-table.tsx';
import { DeleteAction, EditAction } from '../../../components/row-actions.tsx';
import { OrgTypeTag } from '../../../components/status-tags.tsx';
import { Perm, usePerm } from '../../../permissions/perm.tsx';
import { useDeleteRole, useRoleStatus } from './api/role-api.ts';
import { RoleFormDrawer } from './components/role-form-drawer.tsx';

/** System → roles (2007002): roles with their function and data permissions. */
export default function RolePage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<RolePageBody>({});
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [modal, contextHolder] = Modal.useModal();
  const canChangeStatus = usePerm([PERM.roleStatus]);
  const canAct = usePerm([PERM.roleEdit, PERM.roleDelete]);
  const setStatus = useRoleStatus();
  const remove = useDeleteRole();

  const columns: TableColumnsType<RoleRow> = [
    {
      // The code under the name (and the creation time under the organisation): as columns of their own
      // the row overflowed a 1440 px screen and the last columns hid under the actions.
      title: (
        <>
          {t('common:field.roleName')}
          <br />
          {t('common:field.roleCode')}
        </>
      ),
      dataIndex: 'roleName',
      key: 'roleName',
      fixed: 'left',
      render: (_: string, row) => (
        <>
          <Space size={4}>
            <EllipsisText text={roleLabel(t, row)} maxWidth={180} />
            {row.builtin && <Tag color="gold">{t('system:role.builtin')}</Tag>}
          </Space>
          <Typography.Text
            type="secondary"
            ellipsis={{ tooltip: row.roleCode }}
            style={{ display: 'block', fontSize: 12, fontFamily: 'monospace', maxWidth: 180 }}
          >
            {row.roleCode}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('common:field.roleType'),
      dataIndex: 'roleType',
      key: 'roleType',
      render: (v) => <OrgTypeTag type={v} />,
    },
    {
      title: t('common:field.description'),
      dataIndex: 'roleDesc',
      key: 'roleDesc',
      render: (v: string | null) => <EllipsisText text={v} maxWidth={160} />,
    },
    {
      title: t('common:field.dataScope'),
      dataIndex: 'dataScope',
      key: 'dataScope',
      render: (v: RoleRow['dataScope']) => <EllipsisText text={dataScopeLabel(t, v)} maxWidth={200} />,
    },
    {
      title: t('common:field.status'),
      key: 'status',
      render: (_, row) =>
        canChangeStatus ? (
          <Switch
            size="small"
            checked={row.status === 'ENABLED'}
            checkedChildren={roleStatusLabel(t, 'ENABLED')}
            unCheckedChildren={roleStatusLabel(t, 'DISABLED')}
            loading={setStatus.isPending && setStatus.variables?.id === row.id}
            onChange={(on) => {
              const change = () =>
                setStatus
                  .mutateAsync({ id: row.id, status: on ? 'ENABLED' : 'DISABLED' })
                  .then(() => message.success(t('common:success')));
              if (on) return void change();
              // Disabling takes the role's permissions from all its users at once: asked first.
              modal.confirm({
                title: t('system:role.disableTitle', { name: roleLabel(t, row) }),
                content: t('system:role.disableWarning'),
                okText: t('system:action.confirm'),
                okButtonProps: { danger: true, 'data-testid': 'role-disable-confirm' } as ButtonProps,
                cancelText: t('system:action.cancel'),
                onOk: change,
              });
            }}
          />
        ) : (
          <Tag color={row.status === 'ENABLED' ? 'success' : 'default'}>{roleStatusLabel(t, row.status)}</Tag>
        ),
    },
    { title: t('system:role.userCount'), dataIndex: 'userCount', key: 'userCount', align: 'right' },
    {
      title: (
        <>
          {t('system:role.owner')}
          <br />
          {t('system:role.createTime')}
        </>
      ),
      dataIndex: 'orgName',
      key: 'orgName',
      render: (v: string, row) => (
        <>
          <div>
            <EllipsisText text={v} maxWidth={160} />
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {formatDateTime(row.createTime)}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('system:action.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          <EditAction perm={PERM.roleEdit} onClick={() => setEditing({ id: row.id })} />
          <DeleteAction
            perm={PERM.roleDelete}
            onClick={() =>
              confirmDelete(modal, t, {
                title: t('system:role.deleteTitle', { name: roleLabel(t, row) }),
                content: t('system:role.deleteWarning'),
                onDelete: () => remove.mutateAsync(row.id),
              })
            }
            testId="role-delete"
            disabledReason={row.builtin ? t('common:role.builtin') : null}
          />
        </Space>
      ),
    },
  ];

  return (
    <>
      {contextHolder}
      <ListLayout
        title={t('system:role.title')}
        filter={
          <FilterBar<RolePageBody> name="role-filter" onSearch={setFilter}>
            <Form.Item name="roleName" label={t('common:field.roleName')}>
              <Input allowClear style={{ width: 180 }} data-testid="filter-role-name" />
            </Form.Item>
            <Form.Item name="roleType" label={t('common:field.roleType')}>
              <Select
                allowClear
                style={{ width: 170 }}
                popupMatchSelectWidth={false}
                options={ORG_TYPES.map((o) => ({ value: o, label: orgTypeLabel(t, o) }))}
                placeholder={t('system:filter.all')}
              />
            </Form.Item>
            <Form.Item name="status" label={t('common:field.status')}>
              <Select
                allowClear
                style={{ width: 130 }}
                options={ROLE_STATUSES.map((s) => ({ value: s, label: roleStatusLabel(t, s) }))}
                placeholder={t('system:filter.all')}
              />
            </Form.Item>
          </FilterBar>
        }
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
