import { GRID_COUNT_CAP, type GridResponse } from '@portal/contract/grids';
import type { z } from 'zod';
import { type GridPlan, type GridSource, gridStatements } from '../lib/jqgrid.sql.ts';
import { type Db, queryRows } from './client.ts';
import { countRow } from './rows.ts';

/**
 * A grid request's page and count, run on the database (the statements are lib/jqgrid.sql.ts's `gridStatements`), the
 * page's rows parsed by `row`, the grid's row schema (the call's own, decision 0093).
 */
export async function runGrid<S extends z.ZodType>(
  db: Db,
  plan: GridPlan,
  source: GridSource,
  row: S,
): Promise<GridResponse<z.output<S>>> {
  const statements = gridStatements(plan, source);
  const count = async () => (await queryRows(db, statements.count, countRow))[0]?.n ?? 0;
  const pageRows = (page: number) => queryRows(db, statements.page(page), row);
  const [n, firstTry] = await Promise.all([source.keptCount ? source.keptCount(count) : count(), pageRows(plan.page)]);
  const cap = source.countCap ?? GRID_COUNT_CAP;
  const records = Math.min(n, cap);
  const total = Math.ceil(records / plan.rows);
  let page = plan.page;
  let rows = firstTry;
  if (total > 0 && page > total) {
    page = total;
    rows = await pageRows(page);
  }
  return { page, total, records, ...(n > cap ? { more: true } : {}), rows };
}
