import type { LanguageKey } from '@portal/contract/constants';
import {
  buildTree,
  type CategoryDetail,
  type PostedNode,
  type PutCategoryData,
  TREE_MESSAGES,
  type TreeNode,
} from '@portal/contract/content-tree';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { int } from '../../db/rows.ts';
import { categories, categoryTexts } from '../../db/schema/content-structure.ts';
import { bumpTreeVersion, placementsJson, placementsOf, treeVersion } from '../../db/tree-organize.ts';
import { badRequest } from '../../plugins/errors.ts';

export const CATEGORY_TREE = 'categories';

const nodeRow = z.object({
  id: int,
  parentId: int.nullable(),
  position: int,
  icon: z.string().nullable(),
  name: z.string(),
});
type NodeRow = z.infer<typeof nodeRow>;

/** Categories (spec part 2 §3 Category; decision 0037): a tree with a name per language. */
export function categoriesRepository(db: Db) {
  return {
    /** The whole tree, named in `lang` (else Spanish, else the first language), and its version. */
    async tree(lang: LanguageKey): Promise<{ version: number; tree: TreeNode[] }> {
      const [version, rows] = await Promise.all([
        treeVersion(db, CATEGORY_TREE),
        queryRows(
          db,
          sql`select c.id, c.parent_id as "parentId", c.position, c.icon, coalesce(t.name, '') as name
                from categories c
                left join lateral (
                  select name from category_texts where category_id = c.id
                   order by (lang = ${lang}) desc, (lang = 'es') desc, lang limit 1) t on true`,
          nodeRow,
        ),
      ]);
      const tree = buildTree<NodeRow, TreeNode>(rows, (row, children) => ({
        id: row.id,
        nombre: row.name,
        icon: row.icon,
        children,
      }));
      return { version, tree };
    },

    async detail(id: number): Promise<CategoryDetail | null> {
      const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
      if (!row) return null;
      const texts = await db
        .select({ idioma_cod: categoryTexts.lang, nombre: categoryTexts.name })
        .from(categoryTexts)
        .where(eq(categoryTexts.categoryId, id))
        .orderBy(sql`array_position(array['es','en','fr','pt'], ${categoryTexts.lang})`);
      return {
        id_categoria: row.id,
        icon: row.icon,
        parent_id: row.parentId,
        categoriaposted: texts as CategoryDetail['categoriaposted'],
      };
    },

    async exists(id: number): Promise<boolean> {
      const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
      return rows.length > 0;
    },

    /**
     * Creates (id 0, last under its parent; the tree's version moves on) or updates a category's icon and names.
     * Null when the id does not exist.
     */
    save(id: number, data: PutCategoryData, now: Date): Promise<number | null> {
      return db.transaction(async (tx) => {
        let categoryId: number;
        if (id === 0) {
          if (data.parent_id !== null) {
            const parent = await tx
              .select({ id: categories.id })
              .from(categories)
              .where(eq(categories.id, data.parent_id));
            if (parent.length === 0) throw badRequest(TREE_MESSAGES.parentUnknown);
          }
          await bumpTreeVersion(tx, CATEGORY_TREE);
          const [row] = await tx
            .insert(categories)
            .values({
              parentId: data.parent_id,
              icon: data.icon,
              position: sql`(select coalesce(max(position) + 1, 0) from categories
                              where parent_id is not distinct from ${data.parent_id}::integer)`,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: categories.id });
          categoryId = row!.id;
        } else {
          const rows = await tx
            .update(categories)
            .set({ icon: data.icon, updatedAt: now })
            .where(eq(categories.id, id))
            .returning({ id: categories.id });
          if (rows.length === 0) return null;
          categoryId = id;
          await tx.delete(categoryTexts).where(eq(categoryTexts.categoryId, id));
        }
        await tx
          .insert(categoryTexts)
          .values(data.categoriaposted.map((t) => ({ categoryId, lang: t.idioma_cod, name: t.nombre })));
        return categoryId;
      });
    },

    /**
     * Deletes a category without children (MSG_TreeHasChildren otherwise) nor posts (MSG_CategoryInUse: the
     * database refuses it); false when it does not exist.
     */
    remove(id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const children = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.parentId, id))
          .limit(1);
        if (children.length > 0) throw badRequest(TREE_MESSAGES.hasChildren);
        const rows = await tx
          .delete(categories)
          .where(eq(categories.id, id))
          .returning({ id: categories.id })
          .catch((error: unknown) => {
            if (isForeignKeyViolation(error)) throw badRequest(TREE_MESSAGES.categoryInUse);
            throw error;
          });
        if (rows.length === 0) return false;
        await bumpTreeVersion(tx, CATEGORY_TREE);
        return true;
      });
    },

    /** Saves a reorganised tree (posted whole) read at `version`; returns the new version. */
    organize(tree: readonly PostedNode[], version: number): Promise<number> {
      return db.transaction(async (tx) => {
        const next = await bumpTreeVersion(tx, CATEGORY_TREE, version);
        const stored = await tx.select({ id: categories.id }).from(categories);
        const placements = placementsOf(
          tree,
          stored.map((r) => r.id),
        );
        await tx.execute(sql`update categories c set parent_id = v.parent, position = v.pos
                               from jsonb_to_recordset(${placementsJson(placements)}::jsonb)
                                    as v(id integer, parent integer, pos integer)
                              where c.id = v.id and (c.parent_id is distinct from v.parent or c.position <> v.pos)`);
        return next;
      });
    },
  };
}
export type CategoriesRepository = ReturnType<typeof categoriesRepository>;

/** PostgreSQL's foreign_key_violation (23503), as pg or PGlite report it (possibly wrapped by Drizzle). */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}
