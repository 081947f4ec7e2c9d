import { GRID_COUNT_CAP, type GridResponse } from '@portal/contract/grids';
import type { z } from 'zod';
import { type GridPlan, type GridSource, gridStatements } from '../lib/jqgrid.ts';
import { type Db, queryRows } from './client.ts';
import { countRow } from './rows.ts';

/**
 * A grid request's page and count, run on the database (the statements are lib/jqgrid.ts's `gridStatements`).
 * Given `row` (the grid's row schema, decision 0093), the page's rows are parsed by it. Without it they are cast to
 * `T`, unchecked here: the form every grid of `modules/` still uses (their answer is checked on the way out by the
 * call's response schema), the one cast of this file left for them to pass their schema.
 */
export async function runGrid<S extends z.ZodType>(
  db: Db,
  plan: GridPlan,
  source: GridSource,
  row: S,
): Promise<GridResponse<z.output<S>>>;
export async function runGrid<T>(db: Db, plan: GridPlan, source: GridSource): Promise<GridResponse<T>>;
export async function runGrid(
  db: Db,
  plan: GridPlan,
  source: GridSource,
  row?: z.ZodType,
): Promise<GridResponse<unknown>> {
  const statements = gridStatements(plan, source);
  const count = async () => (await queryRows(db, statements.count, countRow))[0]?.n ?? 0;
  const pageRows = (page: number) =>
    row ? queryRows(db, statements.page(page), row) : queryRows<unknown>(db, statements.page(page));
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
