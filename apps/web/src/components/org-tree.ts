import { org } from '@pvstar/contract/endpoints/org';
import type { OrgType } from '@pvstar/contract/enums';
import type { OrgTreeNode } from '@pvstar/contract/org';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKey } from '../api/call.ts';

/** The organisations within the caller's reach, as a tree, optionally of some types only. */
export const fetchOrgTree = (types?: OrgType[]) => call(org.tree, { body: types ? { types } : {} });

export const orgTreeQueryOptions = (types?: OrgType[]) =>
  queryOptions({
    queryKey: queryKey(org.tree, { body: types ? { types } : {} }),
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
