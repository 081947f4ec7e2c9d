import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/**
 * Stores with each stock calculation type (issue 16; decision 0043): the two busiest stores count the web orders
 * not yet imported into the ERP (type 1); the others take the ERP's stock as it is (type 0).
 */
export async function seedStores(db: Db): Promise<void> {
  await db.execute(sql`update stores set stock_calc_type = case when id in ('MAD01', 'BCN01') then 1 else 0 end`);
}
