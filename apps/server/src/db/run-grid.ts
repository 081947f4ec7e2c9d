import { GRID_COUNT_CAP, type GridResponse } from '@portal/contract/grids';
import { type GridPlan, type GridSource, gridStatements } from '../lib/jqgrid.ts';
import { type Db, queryRows } from './client.ts';

/** A grid request's page and count, run on the database (the statements are lib/jqgrid.ts's `gridStatements`). */
export async function runGrid<T>(db: Db, plan: GridPlan, source: GridSource): Promise<GridResponse<T>> {
  const statements = gridStatements(plan, source);
  const count = async () => (await queryRows<{ n: number }>(db, statements.count))[0]?.n ?? 0;
  const [n, firstTry] = await Promise.all([
    source.keptCount ? source.keptCount(count) : count(),
    queryRows<T>(db, statements.page(plan.page)),
  ]);
  const cap = source.countCap ?? GRID_COUNT_CAP;
  const records = Math.min(n, cap);
  const total = Math.ceil(records / plan.rows);
  let page = plan.page;
  let rows = firstTry;
  if (total > 0 && page > total) {
    page = total;
    rows = await queryRows<T>(db, statements.page(page));
  }
  return { page, total, records, ...(n > cap ? { more: true } : {}), rows };
}
