import { PERM } from '@pvstar/contract/perm';
import type { RoleRow } from '@pvstar/contract/role';
import type { ButtonProps, TableColumnsType } from 'antd';
import { type Modal, message, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../../components/confirm-delete.ts';
import { EllipsisText, NameText } from '../../../../components/ellipsis-text.tsx';
import { formatDateTime } from '../../../../components/format.ts';
import { dataScopeLabel, roleLabel, roleStatusLabel } from '../../../../components/labels.ts';
import { DeleteAction, EditAction, rowActionsColumn } from '../../../../components/row-actions.tsx';
import { OrgTypeTag } from '../../../../components/status-tags.tsx';
import { usePerm } from '../../../../permissions/perm.tsx';
import { useDeleteRole, useRoleStatus } from '../api/role-api.ts';

type Column = TableColumnsType<RoleRow>[number];

/** The columns of the roles; the page leaves out the actions for those who may not use them. */
export function useRoleColumns({
  modal,
  setEditing,
}: {
  modal: ReturnType<typeof Modal.useModal>[0];
  setEditing: (editing: { id: number | null }) => void;
}): TableColumnsType<RoleRow> {
  const c = useRoleColumnsContext({
    modal,
    setEditing,
  });
  return [...roleColumns(c), ...moreColumns(c)];
}

function useRoleColumnsContext({
  modal,
  setEditing,
}: {
  modal: ReturnType<typeof Modal.useModal>[0];
  setEditing: (editing: { id: number | null }) => void;
}) {
  const { t } = useTranslation();
  const canChangeStatus = usePerm([PERM.roleStatus]);
  const setStatus = useRoleStatus();
  const remove = useDeleteRole();
  return { t, modal, setEditing, canChangeStatus, setStatus, remove };
}

type Ctx = ReturnType<typeof useRoleColumnsContext>;

function roleColumns({ t, modal, canChangeStatus, setStatus }: Ctx): Column[] {
  return [
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
      // "Built-in" beside the code: beside the name it took the width the name needs.
      render: (_: string, row) => (
        <>
          <NameText text={roleLabel(t, row)} minWidth={160} />
          <Space size={4}>
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: row.roleCode }}
              style={{ fontSize: 12, fontFamily: 'monospace', maxWidth: 180 }}
            >
              {row.roleCode}
            </Typography.Text>
            {row.builtin && <Tag color="gold">{t('system:role.builtin')}</Tag>}
          </Space>
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
      render: (v: RoleRow['dataScope']) => <NameText text={dataScopeLabel(t, v)} minWidth={160} />,
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
  ];
}

function moreColumns({ t, modal, setEditing, remove }: Ctx): Column[] {
  return [
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
          <NameText text={v} minWidth={120} />
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {formatDateTime(row.createTime)}
          </Typography.Text>
        </>
      ),
    },
    rowActionsColumn(t, (row) => (
      <>
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
      </>
    )),
  ];
}
