/** The node with this id anywhere in a tree of `{ id, children }` rows (organisations, menus). */
export function findNode<T extends { id: number; children: T[] }>(nodes: T[], id: number): T | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = findNode(n.children, id);
    if (found) return found;
  }
  return undefined;
}
