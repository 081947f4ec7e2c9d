import type { LanguageKey } from '@portal/contract/constants';
import { filterOption } from '@portal/contract/grids';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { erpNameSql } from '../../db/erp-names.ts';

/** The options of the document grids' store and delivery-mode filters, named in the reader's language (0091). */
export function settingsFiltersRepository(db: Db) {
  return {
    stores: (lang: LanguageKey) =>
      queryRows(
        db,
        sql`select id, name from (select id, ${erpNameSql('s', lang)} as name from stores s) n
                                      order by name, id`,
        filterOption,
      ),
    deliveryModes: (lang: LanguageKey) =>
      queryRows(
        db,
        sql`select id, ${erpNameSql('m', lang)} as name from delivery_modes m order by m.sort, name, m.id`,
        filterOption,
      ),
  };
}
