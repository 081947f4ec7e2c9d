import type { NavMenuItem } from '@portal/contract/common';
import type { NavMenuRow } from './common.repository.ts';

/**
 * Builds the side menu a caller may see: items above the caller's rank or needing a role the caller lacks
 * are dropped, and so are groups left without any item.
 */
export function visibleMenu(rows: NavMenuRow[], caller: { rank: number; roles: string[] }): NavMenuItem[] {
  const allowed = rows.filter(
    (r) => r.minRank <= caller.rank && (r.requiredRole === null || caller.roles.includes(r.requiredRole)),
  );
  const children = new Map<number | null, NavMenuRow[]>();
  for (const row of allowed) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const build = (parentId: number | null): NavMenuItem[] =>
    (children.get(parentId) ?? [])
      .map((row) => ({ title: row.title, icon: row.icon, sref: row.sref, href: row.href, items: build(row.id) }))
      .filter((item) => item.sref !== null || item.href !== null || item.items.length > 0);
  return build(null);
}
