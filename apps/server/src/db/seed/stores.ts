import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/**
 * Stores with each stock calculation type (issue 16; decision 0043): Sevilla and Zaragoza hold back the units of
 * web orders not yet imported into the ERP (type 1, decision 0047); the others take the ERP's stock as it is (type 0).
 */
export async function seedStores(db: Db): Promise<void> {
  await db.execute(sql`update stores set stock_calc_type = case when id in ('SVQ01', 'ZAZ01') then 1 else 0 end`);
}
