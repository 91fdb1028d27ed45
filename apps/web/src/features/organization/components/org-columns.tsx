import { DeleteOutlined, EditOutlined, TeamOutlined } from '@ant-design/icons';
import type { OrgRow } from '@pvstar/contract/org';
import type { TableColumnsType } from 'antd';
import { Button, Flex, message, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NameText } from '../../../components/ellipsis-text.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { rowActionsColumn } from '../../../components/row-actions.tsx';
import { StatusDropdown } from '../../../components/status-dropdown.tsx';
import { OrgTypeTag, StatusTag } from '../../../components/status-tags.tsx';
import { Perm, usePerm } from '../../../permissions/perm.tsx';
import { useOrgStatus } from '../api/org-api.ts';
import type { OrgMode } from '../org-mode.ts';

/** Contact person, phone and e-mail stacked in one cell. */
function OrgContact({ row }: { row: OrgRow }) {
  const lines = [row.contactName, row.contactPhone, row.contactEmail].filter((v): v is string => !!v);
  if (lines.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical style={{ lineHeight: 1.4 }}>
      {lines.map((line, i) => (
        <Typography.Text
          key={line}
          type={i === 0 ? undefined : 'secondary'}
          ellipsis={{ tooltip: line }}
          style={{ maxWidth: 180 }}
        >
          {line}
        </Typography.Text>
      ))}
    </Flex>
  );
}

type Column = TableColumnsType<OrgRow>[number];

/**
 * The columns of an organisation list; the page leaves out the actions for those who may not use them.
 * Related values share a cell (address under the name, parent under the type, users under the
 * sub-organisations): as columns of their own the row overflowed a 1440 px screen beside the tree.
 */
export function useOrgColumns({
  mode,
  setEditing,
  setEmployeesOf,
  setDeleting,
}: {
  mode: OrgMode;
  setEditing: (editing: { org: OrgRow }) => void;
  setEmployeesOf: (row: OrgRow) => void;
  setDeleting: (row: OrgRow) => void;
}): TableColumnsType<OrgRow> {
  const c = useOrgColumnsContext({
    mode,
    setEditing,
    setEmployeesOf,
    setDeleting,
  });
  return [...orgColumns(c), ...moreColumns(c)];
}

function useOrgColumnsContext({
  mode,
  setEditing,
  setEmployeesOf,
  setDeleting,
}: {
  mode: OrgMode;
  setEditing: (editing: { org: OrgRow }) => void;
  setEmployeesOf: (row: OrgRow) => void;
  setDeleting: (row: OrgRow) => void;
}) {
  const { t } = useTranslation();
  const setStatus = useOrgStatus();
  const canChangeStatus = usePerm([mode.perm.status]);
  return { t, mode, setEditing, setEmployeesOf, setDeleting, setStatus, canChangeStatus };
}

type Ctx = ReturnType<typeof useOrgColumnsContext>;

function orgColumns({ t, canChangeStatus, setStatus }: Ctx): Column[] {
  return [
    {
      title: (
        <>
          {t('common:field.name')}
          <br />
          {t('common:field.address')}
        </>
      ),
      dataIndex: 'name',
      key: 'name',
      fixed: 'left',
      render: (v: string, row) => (
        <>
          <NameText text={v} minWidth={160} />
          {row.address && (
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: row.address }}
              style={{ display: 'block', fontSize: 12, maxWidth: 180 }}
            >
              {row.address}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: (
        <>
          {t('common:field.type')}
          <br />
          {t('org:column.parent')}
        </>
      ),
      dataIndex: 'type',
      key: 'type',
      render: (v, row) => (
        <>
          <OrgTypeTag type={v} />
          <NameText text={row.parentName} minWidth={120} />
        </>
      ),
    },
    {
      title: t('org:column.contact'),
      key: 'contact',
      render: (_, row) => <OrgContact row={row} />,
    },
    {
      title: t('common:field.status'),
      key: 'status',
      render: (_, row) =>
        canChangeStatus ? (
          <StatusDropdown
            current={row.status}
            subject={row.name}
            onChange={(status) =>
              setStatus.mutateAsync({ id: row.id, status }).then(() => message.success(t('common:success')))
            }
          />
        ) : (
          <StatusTag status={row.status} />
        ),
    },
  ];
}

function moreColumns({ t, mode, setEditing, setEmployeesOf, setDeleting }: Ctx): Column[] {
  return [
    {
      title: (
        <>
          {t('org:column.children')}
          <br />
          {t('org:column.users')}
        </>
      ),
      dataIndex: 'childCount',
      key: 'childCount',
      align: 'right',
      render: (v: number, row) => (
        <>
          <div>{v}</div>
          <Typography.Text type="secondary">{row.userCount}</Typography.Text>
        </>
      ),
    },
    {
      title: t('org:column.createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      // The day is enough here (and keeps the row within a 1440 px screen beside the tree).
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v).slice(0, 10)}</span>,
    },
    rowActionsColumn(t, (row) => (
      <>
        <Perm codes={[mode.perm.edit]}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ org: row })}>
            {t('system:action.edit')}
          </Button>
        </Perm>
        <Perm codes={[mode.perm.employee]}>
          <Tooltip title={t('org:employees.open')}>
            <Button
              type="link"
              size="small"
              icon={<TeamOutlined />}
              aria-label={t('org:employees.open')}
              onClick={() => setEmployeesOf(row)}
              data-testid="org-employees"
            />
          </Tooltip>
        </Perm>
        <Perm codes={[mode.perm.delete]}>
          <Tooltip title={row.childCount > 0 ? t('common:org.hasChildren') : t('system:action.delete')}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('system:action.delete')}
              disabled={row.childCount > 0}
              onClick={() => setDeleting(row)}
              data-testid="org-delete"
            />
          </Tooltip>
        </Perm>
      </>
    )),
  ];
}
