import { PlusOutlined } from '@ant-design/icons';
import type { MenuRow } from '@pvstar/contract/menu';
import { PERM } from '@pvstar/contract/perm';
import { Button, Card, Modal, Space, Table } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Perm, usePerm } from '../../../permissions/perm.tsx';
import { useMenuTree } from './api/menu-api.ts';
import { type MenuTableRow, useMenuColumns } from './components/menu-columns.tsx';
import { MenuFormModal, type MenuFormTarget } from './components/menu-form-modal.tsx';

/** Rows without children get no `children`, so the table shows no expander on leaves. */
const toTableRows = (rows: MenuRow[]): MenuTableRow[] =>
  rows.map(({ children, ...row }) => ({
    ...row,
    children: children.length ? toTableRows(children) : undefined,
  }));

/** System → menus (2007003): the menu and button tree the sidebar and permissions are built from. */
export default function MenuPage() {
  const { t } = useTranslation();
  const tree = useMenuTree();
  const [target, setTarget] = useState<MenuFormTarget | null>(null);
  const [modal, contextHolder] = Modal.useModal();
  const canAct = usePerm([PERM.menuAdd, PERM.menuEdit, PERM.menuDelete]);
  const rows = useMemo(() => toTableRows(tree.data ?? []), [tree.data]);
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);

  const columns = useMenuColumns({ modal, tree, setTarget });

  const allParents = useMemo(() => {
    const keys: number[] = [];
    const walk = (list: MenuTableRow[]) => {
      for (const r of list)
        if (r.children) {
          keys.push(r.id);
          walk(r.children);
        }
    };
    walk(rows);
    return keys;
  }, [rows]);

  return (
    <>
      {contextHolder}
      <Card
        title={t('system:menu.title')}
        extra={
          <Space wrap>
            <Button onClick={() => setExpanded(expanded && expanded.length > 0 ? [] : allParents)}>
              {expanded && expanded.length > 0 ? t('system:menu.collapseAll') : t('system:menu.expandAll')}
            </Button>
            <Perm codes={[PERM.menuAdd]}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setTarget({ parentId: null })}
                data-testid="menu-add"
              >
                {t('system:menu.add')}
              </Button>
            </Perm>
          </Space>
        }
        styles={{ body: { paddingTop: 8 } }}
      >
        <Table<MenuTableRow>
          rowKey="id"
          size="middle"
          data-testid="menu-table"
          columns={(canAct ? columns : columns.filter((c) => c.key !== 'actions')).map((c) => ({
            minWidth: 80,
            ...c,
          }))}
          dataSource={rows}
          loading={tree.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('common:noData') }}
          expandable={{
            expandedRowKeys: expanded ?? [],
            onExpandedRowsChange: (keys) => setExpanded(keys),
          }}
        />
      </Card>
      <MenuFormModal
        target={target}
        tree={tree.data ?? []}
        onClose={() => setTarget(null)}
        onSaved={(parentId) => {
          if (parentId !== null) setExpanded((keys) => [...new Set([...(keys ?? []), parentId])]);
        }}
      />
    </>
  );
}
