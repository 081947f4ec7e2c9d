import { filterOption } from '@portal/contract/grids';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/** The options of the document grids' store and delivery-mode filters. */
export function settingsFiltersRepository(db: Db) {
  return {
    stores: () => queryRows(db, sql`select id, name from stores order by name, id`, filterOption),
    deliveryModes: () => queryRows(db, sql`select id, name from delivery_modes order by sort, name, id`, filterOption),
  };
}
