/**
 * Menus and zones (spec part 2 §3 Menu, Zone; decisions 0037, 0038). The menus of a zone as the layout draws
 * them (`menusForZone`) are read in db/zone-menus.ts, which the posts area's dashboard call reads too.
 */
import type { LanguageKey } from '@portal/contract/constants';
import {
  buildTree,
  type MenuDetail,
  type MenuTreeNode,
  type MenuTreeResponse,
  type PostedNode,
  type PutMenuData,
  type PutZoneData,
  TREE_MESSAGES,
  ZONE_CODES,
  type ZoneDetail,
  type ZoneListItem,
  type ZoneMenusResponse,
} from '@portal/contract/content-tree';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { int } from '../../db/rows.ts';
import { menus, zones, zoneTexts } from '../../db/schema/content-structure.ts';
import { bumpTreeVersion, placementsJson, placementsOf, treeVersion } from '../../db/tree-organize.ts';
import { type MenuRow, menuRows, menusForZone } from '../../db/zone-menus.ts';
import { badRequest } from '../../plugins/errors.ts';

export const menuTree = (lang: string) => `menus:${lang}`;

export function menusRepository(db: Db) {
  return {
    menusForZone: (zoneCode: string, language: string) => menusForZone(db, zoneCode, language),

    async zoneMenus(language: LanguageKey): Promise<ZoneMenusResponse> {
      const [header, footer, dashboard] = await Promise.all([
        menusForZone(db, ZONE_CODES.header, language),
        menusForZone(db, ZONE_CODES.footer, language),
        menusForZone(db, ZONE_CODES.dashboard, language),
      ]);
      return { header, footer, dashboard };
    },

    /** Per zone, the menus of a language (all, active or not) and the version of that language's tree. */
    async treeView(lang: string, nameLang: LanguageKey): Promise<MenuTreeResponse> {
      const [version, zoneList, rows] = await Promise.all([
        treeVersion(db, menuTree(lang)),
        this.zones(nameLang),
        menuRows(db, lang),
      ]);
      return {
        version,
        zones: zoneList.map((zone) => ({
          ...zone,
          menus: buildTree<MenuRow, MenuTreeNode>(
            rows.filter((r) => r.zoneId === zone.id_zona),
            (row, children) => ({
              id: row.id,
              nombre: row.title,
              icon: row.icon,
              sw_activo: row.active,
              lnkmode: row.lnkmode,
              children,
            }),
          ),
        })),
      };
    },

    async detail(id: number): Promise<MenuDetail | null> {
      const [row] = await db.select().from(menus).where(eq(menus.id, id)).limit(1);
      if (!row) return null;
      return {
        id_menu: row.id,
        idioma_cod: row.lang as MenuDetail['idioma_cod'],
        zona_id: row.zoneId,
        parent_id: row.parentId,
        nombre: row.title,
        icon: row.icon,
        lnkobjeto_cod: row.lnkobjetoCod,
        lnkobjeto_id: row.lnkobjetoId,
        lnkmode: row.lnkmode,
        sw_activo: row.active,
      };
    },

    /**
     * Creates (id 0: last under its parent, in its parent's zone and language; the language's tree version moves on)
     * or updates a menu. A menu keeps its language; a child keeps its parent's zone. Null when the id does not exist.
     */
    save(id: number, data: PutMenuData, now: Date): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [zone] = await tx.select({ id: zones.id }).from(zones).where(eq(zones.id, data.zona_id));
        if (!zone) throw badRequest(TREE_MESSAGES.zoneUnknown);
        const link = {
          title: data.nombre,
          icon: data.icon,
          lnkobjetoCod: data.lnkobjeto_cod,
          lnkobjetoId: data.lnkobjeto_id,
          lnkmode: data.lnkmode,
          active: data.sw_activo,
          updatedAt: now,
        };
        if (id !== 0) {
          const [current] = await tx.select().from(menus).where(eq(menus.id, id));
          if (!current) return null;
          // A root may move to another zone (its children follow); a child stays in its parent's zone.
          const zoneId = current.parentId === null ? data.zona_id : current.zoneId;
          await tx
            .update(menus)
            .set({ ...link, zoneId })
            .where(eq(menus.id, id));
          if (zoneId !== current.zoneId) {
            await tx.execute(sql`with recursive sub as (select id from menus where parent_id = ${id}
                                   union all select m.id from menus m join sub on m.parent_id = sub.id)
                                 update menus set zone_id = ${zoneId} where id in (select id from sub)`);
            await bumpTreeVersion(tx, menuTree(current.lang));
          }
          return id;
        }
        let zoneId = data.zona_id;
        if (data.parent_id !== null) {
          const [parent] = await tx
            .select({ zoneId: menus.zoneId })
            .from(menus)
            .where(and(eq(menus.id, data.parent_id), eq(menus.lang, data.idioma_cod)));
          if (!parent) throw badRequest(TREE_MESSAGES.parentUnknown);
          zoneId = parent.zoneId;
        }
        await bumpTreeVersion(tx, menuTree(data.idioma_cod));
        const [row] = await tx
          .insert(menus)
          .values({
            ...link,
            lang: data.idioma_cod,
            zoneId,
            parentId: data.parent_id,
            position: sql`(select coalesce(max(position) + 1, 0) from menus
                            where lang = ${data.idioma_cod} and zone_id = ${zoneId}
                              and parent_id is not distinct from ${data.parent_id}::integer)`,
            createdAt: now,
          })
          .returning({ id: menus.id });
        return row!.id;
      });
    },

    /** Deletes a menu without children (MSG_TreeHasChildren otherwise); false when it does not exist. */
    remove(id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const children = await tx.select({ id: menus.id }).from(menus).where(eq(menus.parentId, id)).limit(1);
        if (children.length > 0) throw badRequest(TREE_MESSAGES.hasChildren);
        const rows = await tx.delete(menus).where(eq(menus.id, id)).returning({ lang: menus.lang });
        if (!rows[0]) return false;
        await bumpTreeVersion(tx, menuTree(rows[0].lang));
        return true;
      });
    },

    /** Saves one language's reorganised menus (posted whole; each root names its zone); returns the new version. */
    organize(lang: string, tree: readonly PostedNode[], version: number): Promise<number> {
      return db.transaction(async (tx) => {
        const next = await bumpTreeVersion(tx, menuTree(lang), version);
        const stored = await tx.select({ id: menus.id }).from(menus).where(eq(menus.lang, lang));
        const placements = placementsOf(
          tree,
          stored.map((r) => r.id),
          { rootsNeedZone: true },
        );
        const zoneIds = new Set((await tx.select({ id: zones.id }).from(zones)).map((z) => z.id));
        if (placements.some((p) => p.zoneId === undefined || !zoneIds.has(p.zoneId))) {
          throw badRequest(TREE_MESSAGES.zoneUnknown);
        }
        await tx.execute(sql`update menus m set parent_id = v.parent, position = v.pos, zone_id = v.zone
                               from jsonb_to_recordset(${placementsJson(placements)}::jsonb)
                                    as v(id integer, parent integer, pos integer, zone integer)
                              where m.id = v.id`);
        return next;
      });
    },

    // ---- zones ----

    async zones(lang: LanguageKey): Promise<ZoneListItem[]> {
      const rows = await queryRows(
        db,
        sql`select z.id, z.code, t.name from zones z
              left join lateral (select name from zone_texts where zone_id = z.id
                                  order by (lang = ${lang}) desc, (lang = 'es') desc, lang limit 1) t on true
             order by z.id`,
        z.object({ id: int, code: z.string(), name: z.string().nullable() }),
      );
      return rows.map((r) => ({ id_zona: r.id, codigo: r.code, nombre: r.name ?? r.code }));
    },

    async zone(id: number): Promise<ZoneDetail | null> {
      const [row] = await db.select().from(zones).where(eq(zones.id, id)).limit(1);
      if (!row) return null;
      const texts = await db
        .select({ idioma_cod: zoneTexts.lang, nombre: zoneTexts.name })
        .from(zoneTexts)
        .where(eq(zoneTexts.zoneId, id))
        .orderBy(sql`array_position(array['es','en','fr','pt'], ${zoneTexts.lang})`);
      return { id_zona: row.id, codigo: row.code, zonaposted: texts as ZoneDetail['zonaposted'] };
    },

    /** Creates (id 0) or updates a zone's code and names; null when the id does not exist. */
    saveZone(id: number, data: PutZoneData, now: Date): Promise<number | null> {
      return db.transaction(async (tx) => {
        const taken = await tx.select({ id: zones.id }).from(zones).where(eq(zones.code, data.codigo));
        if (taken[0] && taken[0].id !== id) throw badRequest(TREE_MESSAGES.zoneCodeTaken);
        let zoneId: number;
        if (id === 0) {
          const [row] = await tx
            .insert(zones)
            .values({ code: data.codigo, createdAt: now, updatedAt: now })
            .returning({ id: zones.id });
          zoneId = row!.id;
        } else {
          const rows = await tx
            .update(zones)
            .set({ code: data.codigo, updatedAt: now })
            .where(eq(zones.id, id))
            .returning({ id: zones.id });
          if (rows.length === 0) return null;
          zoneId = id;
          await tx.delete(zoneTexts).where(eq(zoneTexts.zoneId, id));
        }
        await tx.insert(zoneTexts).values(data.zonaposted.map((t) => ({ zoneId, lang: t.idioma_cod, name: t.nombre })));
        return zoneId;
      });
    },

    /** Deletes a zone without menus (MSG_ZoneHasMenus otherwise); false when it does not exist. */
    removeZone(id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx.select({ id: menus.id }).from(menus).where(eq(menus.zoneId, id)).limit(1);
        if (used.length > 0) throw badRequest(TREE_MESSAGES.zoneHasMenus);
        const rows = await tx.delete(zones).where(eq(zones.id, id)).returning({ id: zones.id });
        return rows.length > 0;
      });
    },
  };
}
export type MenusRepository = ReturnType<typeof menusRepository>;
