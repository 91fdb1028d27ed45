import { PlusOutlined } from '@ant-design/icons';
import { org } from '@pvstar/contract/endpoints/org';
import { CHILD_ORG_TYPES, STATUSES } from '@pvstar/contract/enum-values';
import type { OrgPageBody, OrgRow } from '@pvstar/contract/org';
import { Button, Flex, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { FilterBar, FilterChoice, FilterText } from '../../components/filter-bar.tsx';
import { statusLabel } from '../../components/labels.ts';
import { ListLayout } from '../../components/list-layout.tsx';
import { useOrgTree } from '../../components/org-tree.ts';
import { PageTable } from '../../components/page-table.tsx';
import { findNode } from '../../components/tree.ts';
import { Perm, usePerm } from '../../permissions/perm.tsx';
import { useOrgColumns } from './components/org-columns.tsx';
import { OrgDeleteModal } from './components/org-delete-modal.tsx';
import { OrgEmployeesDrawer } from './components/org-employees-drawer.tsx';
import { OrgFormModal } from './components/org-form-modal.tsx';
import { OrgTreePanel } from './components/org-tree-panel.tsx';
import { modeOf, type OrgMode } from './org-mode.ts';

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
  const canAct = usePerm([mode.perm.edit, mode.perm.employee, mode.perm.delete]);
  const pageFilter: OrgPageBody = { ...filter, type: mode.type, parentId };

  const selectedNode = parentId !== undefined && tree.data ? findNode(tree.data, parentId) : undefined;
  const defaultParent =
    selectedNode && CHILD_ORG_TYPES[selectedNode.type].includes(mode.type) ? selectedNode.id : undefined;

  const columns = useOrgColumns({ mode, setEditing, setEmployeesOf, setDeleting });

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
              <FilterText name="name" label={t('common:field.name')} width={180} testId="filter-org-name" />
              <FilterChoice
                name="status"
                label={t('common:field.status')}
                width={130}
                options={STATUSES.map((s) => ({ value: s, label: statusLabel(t, s) }))}
              />
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
