import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dictionaryEntries, languages, navMenuItems } from '../../db/schema/schema.ts';

export type NavMenuRow = typeof navMenuItems.$inferSelect;

export function commonRepository(db: Db) {
  return {
    languages: () =>
      db.select({ key: languages.code, title: languages.title }).from(languages).orderBy(asc(languages.position)),

    async dictionary(lang: string): Promise<Record<string, string>> {
      const rows = await db
        .select({ key: dictionaryEntries.key, value: dictionaryEntries.value })
        .from(dictionaryEntries)
        .where(eq(dictionaryEntries.lang, lang));
      return Object.fromEntries(rows.map((r) => [r.key, r.value]));
    },

    navMenu: () => db.select().from(navMenuItems).orderBy(asc(navMenuItems.position), asc(navMenuItems.id)),
  };
}
export type CommonRepository = ReturnType<typeof commonRepository>;
