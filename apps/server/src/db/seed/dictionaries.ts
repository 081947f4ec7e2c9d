import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@portal/contract/constants';
import type { Database } from '../client.ts';
import { dictionaryEntries, languages } from '../schema/schema.ts';

export const DICTIONARIES_DIR = path.join(import.meta.dirname, '../../modules/common/dictionaries');

/** Every JSON file of a language's folder, merged: the texts the product ships with. */
export function readDictionary(lang: string): Record<string, string> {
  const dir = path.join(DICTIONARIES_DIR, lang);
  const words: Record<string, string> = {};
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    Object.assign(words, JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>);
  }
  return words;
}

/**
 * Makes the languages and dictionary tables match the shipped files (docs/decisions/0006): run at every
 * start, in one transaction, so a new release's texts are served at once.
 */
export async function syncDictionaries(database: Database): Promise<number> {
  const rows = LANGUAGES.flatMap((l) =>
    Object.entries(readDictionary(l.key)).map(([key, value]) => ({ lang: l.key, key, value })),
  );
  await database.db.transaction(async (tx) => {
    for (const [position, l] of LANGUAGES.entries()) {
      await tx
        .insert(languages)
        .values({ code: l.key, title: l.title, position })
        .onConflictDoUpdate({ target: languages.code, set: { title: l.title, position } });
    }
    await tx.delete(dictionaryEntries);
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(dictionaryEntries).values(rows.slice(i, i + 1000));
  });
  return rows.length;
}
