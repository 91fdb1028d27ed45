import type { OrgType } from '@pvstar/contract/enums';
import type { OrgTreeNode } from '@pvstar/contract/org';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../api/http.ts';

/** The organisations within the caller's reach, as a tree (POST /system/org/tree), optionally of some types only. */
export const fetchOrgTree = (types?: OrgType[]) =>
  post<OrgTreeNode[]>('/system/org/tree', types ? { types } : {});

/** Invalidating this key refreshes every organisation tree. */
export const ORG_TREE_KEY = ['org-tree'] as const;
export const orgTreeQueryOptions = (types?: OrgType[]) =>
  queryOptions({
    queryKey: [...ORG_TREE_KEY, types ?? 'all'],
    queryFn: () => fetchOrgTree(types),
    staleTime: 30_000,
  });
export const useOrgTree = (types?: OrgType[]) => useQuery(orgTreeQueryOptions(types));

export interface OrgSelectNode {
  value: number;
  title: string;
  type: OrgType;
  disabled?: boolean;
  children: OrgSelectNode[];
}

/** Tree data for a TreeSelect; `selectable` decides which nodes may be picked (others stay visible). */
export function toOrgSelectData(
  nodes: OrgTreeNode[],
  selectable?: (node: OrgTreeNode) => boolean,
): OrgSelectNode[] {
  return nodes.map((n) => ({
    value: n.id,
    title: n.name,
    type: n.type,
    disabled: selectable ? !selectable(n) : undefined,
    children: toOrgSelectData(n.children, selectable),
  }));
}
