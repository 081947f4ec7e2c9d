/**
 * The menus of a zone as the layout draws them (spec part 2 §3 Menu, Zone; decisions 0037, 0038): the menus area's
 * calls and the dashboard call of the posts area (issue 15, second half) read them here.
 */
import { buildTree, menuHref, type ZoneMenu } from '@portal/contract/content-tree';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from './client.ts';
import { int } from './rows.ts';

const menuRow = z.object({
  id: int,
  zoneId: int,
  parentId: int.nullable(),
  position: int,
  title: z.string(),
  icon: z.string().nullable(),
  lnkobjeto_cod: int,
  lnkobjeto_id: int.nullable(),
  lnkmode: int,
  active: z.boolean(),
});
export type MenuRow = z.output<typeof menuRow>;

export const menuRows = (db: Db, lang: string, zoneCode?: string) =>
  queryRows(
    db,
    sql`select m.id, m.zone_id as "zoneId", m.parent_id as "parentId", m.position, m.title, m.icon,
               m.lnkobjeto_cod, m.lnkobjeto_id, m.lnkmode, m.active
          from menus m ${zoneCode === undefined ? sql`` : sql`join zones z on z.id = m.zone_id and z.code = ${zoneCode}`}
         where m.lang = ${lang}`,
    menuRow,
  );

/** The active menus, as the layout draws them: an inactive menu hides its children too. */
function drawable(rows: MenuRow[]): ZoneMenu[] {
  const active = rows.filter((r) => r.active);
  const ids = new Set(active.map((r) => r.id));
  // A child whose parent is inactive would otherwise surface at the root.
  const kept = active.filter((r) => r.parentId === null || ids.has(r.parentId));
  return buildTree<MenuRow, ZoneMenu>(kept, (row, items) => ({
    id: row.id,
    title: row.title,
    icon: row.icon,
    href: menuHref(row),
    items,
  }));
}

/** The active menus of a zone in a language (the Spanish ones when the language has no menu in the zone). */
export async function menusForZone(db: Db, zoneCode: string, language: string): Promise<ZoneMenu[]> {
  const own = await menuRows(db, language, zoneCode);
  if (own.length > 0 || language === 'es') return drawable(own);
  return drawable(await menuRows(db, 'es', zoneCode));
}
