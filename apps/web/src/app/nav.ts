import { MENU_TREE, type MenuNode } from '@pvstar/contract/perm';
import type { NavItem } from '../components/nav-context.ts';
import { PAGES } from './pages.ts';

/** A page the user may open: where it is routed and how it is named. */
export interface RoutedPage {
  path: string;
  page: string;
  /** Menu titles (keys of the `menu` namespace) from the top catalog down to this page. */
  crumbs: string[];
  /** The sidebar entry to highlight (a hidden page highlights the page it is reached from). */
  menuPath: string;
}

export interface Access {
  pages: RoutedPage[];
  /** Catalogs without a page of their own, sent on to their first permitted page. */
  redirects: { path: string; to: string }[];
  nav: NavItem[];
}

/**
 * What a set of permission codes opens, read from the one table MENU_TREE: a node counts when one of
 * the codes equals its code and its parent counts too; `alsoPaths` share their node's code; hidden
 * pages are routed but not listed; pages without a registered component are left out.
 */
export function resolveAccess(perms: readonly string[], tree: MenuNode[] = MENU_TREE): Access {
  const held = new Set(perms);
  const access: Access = { pages: [], redirects: [], nav: [] };

  const walk = (
    nodes: MenuNode[],
    crumbs: string[],
    menuPath: string | undefined,
    hidden: boolean,
  ): NavItem[] => {
    const items: NavItem[] = [];
    for (const node of nodes) {
      if (node.type === 'BUTTON' || !held.has(node.code)) continue;
      const isHidden = hidden || !!node.hidden;
      const nodeCrumbs = [...crumbs, node.title];
      const nodeMenuPath = isHidden ? menuPath : node.path;
      const leaves: NavItem[] = [];

      if (node.path && node.page && PAGES[node.page]) {
        access.pages.push({
          path: node.path,
          page: node.page,
          crumbs: nodeCrumbs,
          menuPath: nodeMenuPath ?? node.path,
        });
        if (!isHidden) leaves.push({ path: node.path, title: node.title, icon: node.icon });
      }
      for (const alt of node.alsoPaths ?? []) {
        if (!PAGES[alt.page]) continue;
        const altMenuPath = isHidden ? menuPath : alt.path;
        access.pages.push({
          path: alt.path,
          page: alt.page,
          crumbs: [...crumbs, alt.title],
          menuPath: altMenuPath ?? alt.path,
        });
        if (!isHidden) leaves.push({ path: alt.path, title: alt.title });
      }
      const children = node.children ? walk(node.children, nodeCrumbs, nodeMenuPath, isHidden) : [];

      if (node.type === 'CATALOG' && node.path) {
        if (children.length > 0) {
          items.push({ path: node.path, title: node.title, icon: node.icon, children });
          if (!node.page) {
            const routed = (p: string | undefined) => p && access.pages.some((r) => r.path === p);
            const to = routed(node.redirect) ? node.redirect! : firstLeaf(children);
            if (to && to !== node.path) access.redirects.push({ path: node.path, to });
          }
        } else if (leaves.length > 0) {
          items.push(...leaves);
        }
      } else {
        items.push(...leaves, ...children);
      }
    }
    return items;
  };

  access.nav = walk(tree, [], undefined, false);
  return access;
}

function firstLeaf(items: NavItem[]): string | undefined {
  for (const item of items) {
    if (!item.children) return item.path;
    const leaf = firstLeaf(item.children);
    if (leaf) return leaf;
  }
  return undefined;
}
