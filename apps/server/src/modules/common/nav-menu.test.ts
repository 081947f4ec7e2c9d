import { describe, expect, it } from 'vitest';
import type { NavMenuRow } from './common.repository.ts';
import { visibleMenu } from './nav-menu.ts';

const row = (id: number, parentId: number | null, extra: Partial<NavMenuRow> = {}): NavMenuRow => ({
  id,
  parentId,
  position: id,
  title: `T${id}`,
  icon: null,
  sref: `/r${id}`,
  href: null,
  minRank: 0,
  requiredRole: null,
  ...extra,
});

describe('visibleMenu', () => {
  const rows = [
    row(1, null),
    row(2, null, { sref: null }),
    row(3, 2, { minRank: 2 }),
    row(4, 2, { requiredRole: 'searchplate' }),
    row(5, null, { minRank: 1 }),
  ];

  it('drops items above the rank or needing a missing role, and empty groups', () => {
    expect(visibleMenu(rows, { rank: 0, roles: [] }).map((i) => i.title)).toEqual(['T1']);
  });

  it('keeps what the caller may see, nested', () => {
    const menu = visibleMenu(rows, { rank: 2, roles: ['searchplate'] });
    expect(menu.map((i) => i.title)).toEqual(['T1', 'T2', 'T5']);
    expect(menu[1]!.items.map((i) => i.title)).toEqual(['T3', 'T4']);
  });
});
