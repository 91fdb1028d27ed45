import { PlusOutlined } from '@ant-design/icons';
import type { MenuRow } from '@pvstar/contract/menu';
import { PERM } from '@pvstar/contract/perm';
import type { TableColumnsType } from 'antd';
import { Button, Card, Modal, Space, Table, Tag, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete.ts';
import { EllipsisText } from '../../../components/ellipsis-text.tsx';
import { MENU_TYPE_COLOR, menuTypeLabel } from '../../../components/labels.ts';
import { DeleteAction, EditAction } from '../../../components/row-actions.tsx';
import { findNode } from '../../../components/tree.ts';
import { Perm, usePerm } from '../../../permissions/perm.tsx';
import { menuTitle } from '../shared/menu-title.ts';
import { useDeleteMenu, useMenuTree } from './api/menu-api.ts';
import { MenuFormModal, type MenuFormTarget } from './components/menu-form-modal.tsx';

type MenuTableRow = Omit<MenuRow, 'children'> & { children?: MenuTableRow[] };

/** Rows without children get no `children`, so the table shows no expander on leaves. */
const toTableRows = (rows: MenuRow[]): MenuTableRow[] =>
  rows.map(({ children, ...row }) => ({
    ...row,
    children: children.length ? toTableRows(children) : undefined,
  }));

/** System → menus (2007003): the menu and button tree the sidebar and permissions are built from. */
export default function MenuPage() {
  const { t, i18n } = useTranslation();
  const tree = useMenuTree();
  const remove = useDeleteMenu();
  const [target, setTarget] = useState<MenuFormTarget | null>(null);
  const [modal, contextHolder] = Modal.useModal();
  const canAct = usePerm([PERM.menuAdd, PERM.menuEdit, PERM.menuDelete]);
  const rows = useMemo(() => toTableRows(tree.data ?? []), [tree.data]);
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);

  const columns: TableColumnsType<MenuTableRow> = [
    {
      title: t('system:menu.name'),
      key: 'name',
      fixed: 'left',
      render: (_, row) => <EllipsisText text={menuTitle(i18n, row)} maxWidth={220} />,
    },
    {
      title: t('system:menu.type'),
      dataIndex: 'type',
      key: 'type',
      render: (v: MenuRow['type']) => <Tag color={MENU_TYPE_COLOR[v]}>{menuTypeLabel(t, v)}</Tag>,
    },
    {
      title: t('common:field.permCode'),
      dataIndex: 'permCode',
      key: 'permCode',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      title: t('system:menu.routePath'),
      dataIndex: 'routePath',
      key: 'routePath',
      render: (v: string | null) => <EllipsisText text={v} maxWidth={200} />,
    },
    {
      title: t('system:menu.pagePath'),
      dataIndex: 'pagePath',
      key: 'pagePath',
      render: (v: string | null) => <EllipsisText text={v} maxWidth={160} />,
    },
    {
      title: t('system:menu.icon'),
      dataIndex: 'icon',
      key: 'icon',
      render: (v: string | null) => <EllipsisText text={v} maxWidth={120} />,
    },
    {
      title: t('system:menu.visible'),
      dataIndex: 'visible',
      key: 'visible',
      render: (v: boolean) =>
        v ? <Tag color="success">{t('system:menu.shown')}</Tag> : <Tag>{t('system:menu.hidden')}</Tag>,
    },
    { title: t('system:menu.sort'), dataIndex: 'sort', key: 'sort', align: 'right' },
    {
      title: t('system:action.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          {row.type !== 'BUTTON' && (
            <Perm codes={[PERM.menuAdd]}>
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setTarget({ parentId: row.id })}
              >
                {t('system:menu.addChild')}
              </Button>
            </Perm>
          )}
          <EditAction
            perm={PERM.menuEdit}
            onClick={() => {
              const menu = findNode(tree.data ?? [], row.id);
              if (menu) setTarget({ menu });
            }}
          />
          <DeleteAction
            perm={PERM.menuDelete}
            onClick={() =>
              confirmDelete(modal, t, {
                title: t('system:menu.deleteTitle', { name: menuTitle(i18n, row) }),
                content: t('system:menu.deleteWarning'),
                onDelete: () => remove.mutateAsync(row.id),
              })
            }
            testId="menu-delete"
            disabledReason={row.children ? t('common:menu.hasChildren') : null}
          />
        </Space>
      ),
    },
  ];

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
