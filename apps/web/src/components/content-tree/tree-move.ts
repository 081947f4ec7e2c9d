/** Where a dragged node lands, relative to the node it was dropped on. */
export type DropPlace = 'inside' | 'before' | 'after';

type Node<N> = { id: number; children: N[] };

/** Whether `id` is `node` or inside it (a node cannot be dropped into its own branch). */
export function holds<N extends Node<N>>(node: N, id: number): boolean {
  return node.id === id || node.children.some((child) => holds(child, id));
}

/**
 * The tree after moving node `dragId` to `place` of node `dropId` (inside: as its first child). The same tree when
 * the move is impossible (unknown ids, or a node into its own branch).
 */
export function moveNode<N extends Node<N>>(tree: N[], dragId: number, dropId: number, place: DropPlace): N[] {
  if (dragId === dropId) return tree;
  let dragged: N | undefined;
  const without = (nodes: N[]): N[] =>
    nodes
      .filter((n) => {
        if (n.id === dragId) dragged = n;
        return n.id !== dragId;
      })
      .map((n) => ({ ...n, children: without(n.children) }));
  const rest = without(tree);
  if (!dragged || holds(dragged, dropId)) return tree;
  const moved = dragged;
  let placed = false;
  const insert = (nodes: N[]): N[] =>
    nodes.flatMap((n) => {
      if (n.id !== dropId) return [{ ...n, children: insert(n.children) }];
      placed = true;
      if (place === 'inside') return [{ ...n, children: [moved, ...n.children] }];
      return place === 'before' ? [moved, n] : [n, moved];
    });
  const result = insert(rest);
  return placed ? result : tree;
}

/** The tree as a reorganisation posts it: ids and children only. */
type Posted = { id: number; children: Posted[] };
export const postedTree = <N extends Node<N>>(nodes: N[]): Posted[] =>
  nodes.map((n) => ({ id: n.id, children: postedTree(n.children) }));

/** antd Tree's drop event read as a place: on the node (inside) or in the gap before or after it. */
export function dropPlaceOf(info: { dropToGap: boolean; dropPosition: number; node: { pos: string } }): DropPlace {
  if (!info.dropToGap) return 'inside';
  const index = Number(info.node.pos.split('-').at(-1));
  return info.dropPosition - index < 0 ? 'before' : 'after';
}
