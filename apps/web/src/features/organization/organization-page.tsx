import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { org } from '@pvstar/contract/endpoints/org';
import { CHILD_ORG_TYPES, STATUSES } from '@pvstar/contract/enum-values';
import type { OrgPageBody, OrgRow } from '@pvstar/contract/org';
import type { TableColumnsType } from 'antd';
import { Button, Flex, Form, Input, message, Select, Space, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { FilterBar } from '../../components/filter-bar.tsx';
import { formatDateTime } from '../../components/format.ts';
import { statusLabel } from '../../components/labels.ts';
import { ListLayout } from '../../components/list-layout.tsx';
import { useOrgTree } from '../../components/org-tree.ts';
import { PageTable } from '../../components/page-table.tsx';
import { StatusDropdown } from '../../components/status-dropdown.tsx';
import { OrgTypeTag, StatusTag } from '../../components/status-tags.tsx';
import { findNode } from '../../components/tree.ts';
import { Perm, usePerm } from '../../permissions/perm.tsx';
import { useOrgStatus } from './api/org-api.ts';
import { OrgDeleteModal } from './components/org-delete-modal.tsx';
import { OrgEmployeesDrawer } from './components/org-employees-drawer.tsx';
import { OrgFormModal } from './components/org-form-modal.tsx';
import { OrgTreePanel } from './components/org-tree-panel.tsx';
import { modeOf, type OrgMode } from './org-mode.ts';

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

/** The hierarchy that dealers and installers live in (owners and guests are managed elsewhere). */
const TREE_TYPES = ['PROVIDER', 'DEALER', 'INSTALLER'] as const;

/** Organisation → dealers (2005001) or installers (2005002): one page, the mode taken from the route. */
export default function OrganizationPage() {
  const { pathname } = useLocation();
  const params = useParams();
  const mode = modeOf(pathname, params.type);
  // A fresh page (filters, selection) when switching between dealers and installers.
  return <OrganizationView key={mode.type} mode={mode} />;
}

function OrganizationView({ mode }: { mode: OrgMode }) {
  const { t } = useTranslation();
  const treeTypes = useMemo(() => [...TREE_TYPES], []);
  const tree = useOrgTree(treeTypes);
  const [filter, setFilter] = useState<Omit<OrgPageBody, 'type' | 'parentId'>>({});
  const [parentId, setParentId] = useState<number | undefined>();
  const [editing, setEditing] = useState<{ org: OrgRow | null } | null>(null);
  const [deleting, setDeleting] = useState<OrgRow | null>(null);
  const [employeesOf, setEmployeesOf] = useState<OrgRow | null>(null);
  const setStatus = useOrgStatus();
  const canChangeStatus = usePerm([mode.perm.status]);
  const canAct = usePerm([mode.perm.edit, mode.perm.employee, mode.perm.delete]);
  const pageFilter: OrgPageBody = { ...filter, type: mode.type, parentId };

  const selectedNode = parentId !== undefined && tree.data ? findNode(tree.data, parentId) : undefined;
  const defaultParent =
    selectedNode && CHILD_ORG_TYPES[selectedNode.type].includes(mode.type) ? selectedNode.id : undefined;

  // Related values share a cell (address under the name, parent under the type, users under the
  // sub-organisations): as columns of their own the row overflowed a 1440 px screen beside the tree.
  const columns: TableColumnsType<OrgRow> = [
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
          <div>
            <EllipsisText text={v} maxWidth={180} />
          </div>
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
          <div>
            <EllipsisText text={row.parentName} maxWidth={160} />
          </div>
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
    {
      title: t('system:action.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
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
        </Space>
      ),
    },
  ];

  const title = mode.type === 'DEALER' ? t('org:title.dealer') : t('org:title.installer');
  return (
    <Flex gap={16} align="flex-start" wrap="wrap">
      <div style={{ flex: '1 1 240px', maxWidth: 300, minWidth: 220 }}>
        <OrgTreePanel
          tree={tree.data ?? []}
          loading={tree.isLoading}
          selected={parentId}
          onSelect={setParentId}
        />
      </div>
      <div style={{ flex: '999 1 600px', minWidth: 0 }}>
        <ListLayout
          title={
            selectedNode ? (
              <Space size={4} style={{ maxWidth: '100%' }}>
                <span>{title}</span>
                <span>·</span>
                <EllipsisText text={t('org:tree.under', { name: selectedNode.name })} maxWidth={320} />
              </Space>
            ) : (
              title
            )
          }
          filter={
            <FilterBar<OrgPageBody> name="org-filter" onSearch={setFilter}>
              <Form.Item name="name" label={t('common:field.name')}>
                <Input allowClear style={{ width: 180 }} data-testid="filter-org-name" />
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
            <Perm codes={[mode.perm.add]}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ org: null })}
                data-testid="org-add"
              >
                {mode.type === 'DEALER' ? t('org:add.dealer') : t('org:add.installer')}
              </Button>
            </Perm>
          }
        >
          <PageTable
            endpoint={org.page}
            filter={pageFilter}
            columns={canAct ? columns : columns.filter((c) => c.key !== 'actions')}
            data-testid="org-table"
          />
        </ListLayout>
      </div>
      <OrgFormModal
        open={editing !== null}
        org={editing?.org ?? null}
        mode={mode}
        tree={tree.data ?? []}
        defaultParent={defaultParent}
        onClose={() => setEditing(null)}
      />
      <OrgDeleteModal org={deleting} onClose={() => setDeleting(null)} />
      <OrgEmployeesDrawer
        org={employeesOf}
        employeePerm={mode.perm.employee}
        onClose={() => setEmployeesOf(null)}
      />
    </Flex>
  );
}
