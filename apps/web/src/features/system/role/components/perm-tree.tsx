import type { MenuRow } from '@pvstar/contract/menu';
import type { TreeDataNode } from 'antd';
import { Button, Empty, Flex, Tree, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { menuTitle } from '../../shared/menu-title.ts';

interface Indexed {
  row: MenuRow;
  parent: string | null;
  descendants: string[];
}

function indexMenus(
  rows: MenuRow[],
  parent: string | null = null,
  out = new Map<string, Indexed>(),
): Map<string, Indexed> {
  for (const row of rows) {
    const before = out.size;
    out.set(row.permCode, { row, parent, descendants: [] });
    indexMenus(row.children, row.permCode, out);
    out.get(row.permCode)!.descendants = [...out.keys()].slice(before + 1);
  }
  return out;
}

/**
 * The function permissions of a role as a checkable tree of menus and buttons. The value holds every
 * granted code, parents included: checking a node grants it, what lies below it and the way up to it;
 * a parent of which only part is granted shows half-checked (a page granted without its buttons too).
 * Unchecking a node takes it and what lies below; catalogs left with nothing under them go as well.
 */
export function PermTree({
  menus,
  value,
  onChange,
}: {
  menus: MenuRow[];
  value?: string[];
  onChange?: (codes: string[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const index = useMemo(() => indexMenus(menus), [menus]);
  const selected = useMemo(() => new Set(value ?? []), [value]);

  const treeData = useMemo(() => {
    const toNode = (row: MenuRow): TreeDataNode => ({
      key: row.permCode,
      title: (
        <span data-testid={`perm-${row.permCode}`}>
          {menuTitle(i18n, row)}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.permCode}
          </Typography.Text>
        </span>
      ),
      children: row.children.length ? row.children.map(toNode) : undefined,
    });
    return menus.map(toNode);
  }, [menus, i18n]);

  const { checked, halfChecked } = useMemo(() => {
    const full: string[] = [];
    const half: string[] = [];
    for (const [code, node] of index) {
      const below = node.descendants.filter((d) => selected.has(d)).length;
      if (selected.has(code) && below === node.descendants.length) full.push(code);
      else if (selected.has(code) || below > 0) half.push(code);
    }
    return { checked: full, halfChecked: half };
  }, [index, selected]);

  const emit = (next: Set<string>) => {
    // Tree order first, then codes the tree does not know (kept as they were).
    const ordered = [...index.keys()].filter((c) => next.has(c));
    onChange?.([...ordered, ...[...next].filter((c) => !index.has(c))]);
  };

  const toggle = (code: string, check: boolean) => {
    const node = index.get(code);
    if (!node) return;
    const next = new Set(selected);
    if (check) {
      next.add(code);
      for (const d of node.descendants) next.add(d);
      for (let p = node.parent; p; p = index.get(p)?.parent ?? null) next.add(p);
    } else {
      next.delete(code);
      for (const d of node.descendants) next.delete(d);
      for (let p = node.parent; p; p = index.get(p)?.parent ?? null) {
        const parent = index.get(p)!;
        if (parent.row.type === 'CATALOG' && !parent.descendants.some((d) => next.has(d))) next.delete(p);
      }
    }
    emit(next);
  };

  if (menus.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:noData')} />;
  return (
    <div data-testid="perm-tree">
      <Flex gap={8} style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => emit(new Set([...index.keys(), ...selected]))}>
          {t('system:role.checkAll')}
        </Button>
        <Button size="small" onClick={() => emit(new Set([...selected].filter((c) => !index.has(c))))}>
          {t('system:role.checkNone')}
        </Button>
      </Flex>
      <div
        style={{
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
          padding: 8,
        }}
      >
        <Tree
          checkable
          checkStrictly
          selectable={false}
          defaultExpandAll
          height={340}
          treeData={treeData}
          checkedKeys={{ checked, halfChecked }}
          onCheck={(_keys, info) => toggle(String(info.node.key), info.checked)}
        />
      </div>
    </div>
  );
}
