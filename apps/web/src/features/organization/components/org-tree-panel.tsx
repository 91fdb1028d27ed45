import { ApartmentOutlined } from '@ant-design/icons';
import type { OrgTreeNode } from '@pvstar/contract/org';
import type { TreeDataNode } from 'antd';
import { Button, Card, Empty, Input, Spin, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Keeps the nodes whose name matches and the way down to them. */
function filterTree(nodes: OrgTreeNode[], text: string): OrgTreeNode[] {
  if (!text) return nodes;
  const wanted = text.toLowerCase();
  return nodes.flatMap((n) => {
    const children = filterTree(n.children, text);
    return n.name.toLowerCase().includes(wanted) || children.length ? [{ ...n, children }] : [];
  });
}

const allKeys = (nodes: OrgTreeNode[]): number[] => nodes.flatMap((n) => [n.id, ...allKeys(n.children)]);

/** The organisation tree beside the list; choosing a node lists the organisations directly below it. */
export function OrgTreePanel({
  tree,
  loading,
  selected,
  onSelect,
}: {
  tree: OrgTreeNode[];
  loading: boolean;
  selected: number | undefined;
  onSelect: (id: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const filtered = useMemo(() => filterTree(tree, search.trim()), [tree, search]);
  const treeData = useMemo(() => {
    // Each level is indented by about 24px; the title gives that room up so that it ends inside the card.
    const toNode = (n: OrgTreeNode, depth = 0): TreeDataNode => ({
      key: n.id,
      title: (
        <Typography.Text
          ellipsis={{ tooltip: n.name }}
          style={{ maxWidth: Math.max(80, 200 - depth * 24) }}
          data-testid="org-tree-node"
        >
          {n.name}
        </Typography.Text>
      ),
      children: n.children.map((c) => toNode(c, depth + 1)),
    });
    return filtered.map((n) => toNode(n));
  }, [filtered]);

  return (
    <Card
      size="small"
      title={
        <span>
          <ApartmentOutlined /> {t('org:tree.title')}
        </span>
      }
      extra={
        selected !== undefined && (
          <Button type="link" size="small" onClick={() => onSelect(undefined)}>
            {t('org:tree.showAll')}
          </Button>
        )
      }
      style={{ width: '100%' }}
      styles={{ body: { padding: 8 } }}
    >
      <Input.Search
        allowClear
        size="small"
        placeholder={t('org:tree.search')}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      <Spin spinning={loading}>
        {treeData.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:noData')} />
        ) : (
          <Tree
            key={search ? `s:${search}` : 'all'}
            blockNode
            defaultExpandedKeys={allKeys(filtered)}
            treeData={treeData}
            selectedKeys={selected !== undefined ? [selected] : []}
            onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
          />
        )}
      </Spin>
    </Card>
  );
}
