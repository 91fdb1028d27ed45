import { PlusOutlined } from '@ant-design/icons';
import type { MenuRow } from '@pvstar/contract/menu';
import { PERM } from '@pvstar/contract/perm';
import type { TableColumnsType } from 'antd';
import { Button, type Modal, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../../components/confirm-delete.ts';
import { EllipsisText } from '../../../../components/ellipsis-text.tsx';
import { MENU_TYPE_COLOR, menuTypeLabel } from '../../../../components/labels.ts';
import { MenuIcon } from '../../../../components/menu-icon.tsx';
import { DeleteAction, EditAction, rowActionsColumn } from '../../../../components/row-actions.tsx';
import { findNode } from '../../../../components/tree.ts';
import { Perm } from '../../../../permissions/perm.tsx';
import { menuTitle } from '../../shared/menu-title.ts';
import { useDeleteMenu, type useMenuTree } from '../api/menu-api.ts';
import type { MenuFormTarget } from './menu-form-modal.tsx';

export type MenuTableRow = Omit<MenuRow, 'children'> & { children?: MenuTableRow[] };

type Column = TableColumnsType<MenuTableRow>[number];

/** The columns of the menu tree; the page leaves out the actions for those who may not use them. */
export function useMenuColumns({
  modal,
  tree,
  setTarget,
}: {
  modal: ReturnType<typeof Modal.useModal>[0];
  tree: ReturnType<typeof useMenuTree>;
  setTarget: (target: MenuFormTarget) => void;
}): TableColumnsType<MenuTableRow> {
  const c = useMenuColumnsContext({
    modal,
    tree,
    setTarget,
  });
  return [...menuColumns(c), ...moreColumns(c)];
}

function useMenuColumnsContext({
  modal,
  tree,
  setTarget,
}: {
  modal: ReturnType<typeof Modal.useModal>[0];
  tree: ReturnType<typeof useMenuTree>;
  setTarget: (target: MenuFormTarget) => void;
}) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteMenu();
  return { t, i18n, modal, tree, setTarget, remove };
}

type Ctx = ReturnType<typeof useMenuColumnsContext>;

function menuColumns({ t, i18n }: Ctx): Column[] {
  return [
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
      // The icon as the sidebar shows it; its name for the pointer and for screen readers.
      render: (v: string | null) =>
        v ? (
          <Tooltip title={v}>
            <span role="img" aria-label={v} data-testid="menu-icon" style={{ fontSize: 16 }}>
              <MenuIcon name={v} />
            </span>
          </Tooltip>
        ) : (
          <EllipsisText text={v} />
        ),
    },
  ];
}

function moreColumns({ t, i18n, modal, tree, setTarget, remove }: Ctx): Column[] {
  return [
    {
      title: t('system:menu.visible'),
      dataIndex: 'visible',
      key: 'visible',
      render: (v: boolean) =>
        v ? <Tag color="success">{t('system:menu.shown')}</Tag> : <Tag>{t('system:menu.hidden')}</Tag>,
    },
    { title: t('system:menu.sort'), dataIndex: 'sort', key: 'sort', align: 'right' },
    rowActionsColumn(t, (row) => (
      <>
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
      </>
    )),
  ];
}
