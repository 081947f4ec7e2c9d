import { normalizeCode } from '@portal/contract/catalog';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/**
 * An OEM code that two articles share (issue 26), as happens with real OEM numbers: a quick order of it asks which
 * one is meant. The two are the first stock-tracked articles of family 01.
 */
export const SHARED_OEM = '1K0 145 803 AB';

export async function seedQuickOrder(db: Db) {
  const norm = normalizeCode(SHARED_OEM);
  await db.execute(sql`
    with two as (
      select a.id from articles a where a.family_code = '01' and a.stock_tracked order by a.id limit 2),
    added as (
      insert into article_oem (article_id, oem, oem_norm) select id, ${SHARED_OEM}, ${norm} from two
      on conflict do nothing returning article_id)
    update articles a set search_text = a.search_text || ' ' || lower(${norm}) where a.id in (select article_id from added)`);
}
