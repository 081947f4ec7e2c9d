import { gridQuery } from '@portal/contract/grids';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GridSource, type GridSpec, gridStatements, planGrid } from '../lib/jqgrid.sql.ts';
import { testRows } from '../test/rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { INVOICES_SPEC, invoicesGridSource } from './invoices/invoices.repository.ts';
import { PACKING_SLIPS_SPEC, packingSlipsGridSource } from './packingslips/packingslips.repository.ts';
import { SALES_SPEC, salesGridSource } from './sales/sales.repository.ts';

/**
 * A client's documents are counted, filtered and paged from the client's covering index (decision 0012):
 * never by reading the whole ERP table, whatever the column filtered.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const table of [
    'erp_sales_orders',
    'erp_invoices',
    'erp_packing_slips',
    'erp_invoice_lines',
    'erp_packing_slip_lines',
  ])
    await t.database.db.execute(sql.raw(`vacuum analyze ${table}`));
});
afterAll(() => t.close());

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

async function planOf(statement: SQL) {
  const [row] = await testRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
    t.database.db,
    sql`explain (format json) ${statement}`,
  );
  const raw = row!['QUERY PLAN'];
  const parsed = typeof raw === 'string' ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw;
  return nodes(parsed[0].Plan);
}
const describePlan = (all: PlanNode[]) =>
  all
    .map((n) => `${n['Node Type']}(${n['Relation Name'] ?? ''}${n['Index Name'] ? `:${n['Index Name']}` : ''})`)
    .join(' > ');
const rule = (field: string, op: string, data: string) => ({
  filters: JSON.stringify({ groupOp: 'AND', rules: [{ field, op, data }] }),
});

const cases: [string, GridSpec, GridSource, string, string | string[], Record<string, string>][] = [
  ['orders, default sort', SALES_SPEC, salesGridSource('C00001'), 'erp_sales_orders', 'erp_sales_orders_client', {}],
  [
    'orders by status',
    SALES_SPEC,
    salesGridSource('C00001'),
    'erp_sales_orders',
    // Either index that leads with the client: its covering one, or the document search's (client, number) one
    // (migration 0051), which the planner may AND with the status index for the count.
    ['erp_sales_orders_client', 'erp_sales_orders_search_id'],
    rule('SALESSTATUS', 'eq', '1'),
  ],
  [
    'orders by reference',
    SALES_SPEC,
    salesGridSource('C00001'),
    'erp_sales_orders',
    'erp_sales_orders_client',
    rule('CUSTOMERREF', 'cn', 'OT-1'),
  ],
  [
    'orders sorted by employee',
    SALES_SPEC,
    salesGridSource('C00001'),
    'erp_sales_orders',
    'erp_sales_orders_client',
    { sidx: 'SALESTAKER' },
  ],
  [
    'invoices by amount',
    INVOICES_SPEC,
    invoicesGridSource('C00001'),
    'erp_invoices',
    'erp_invoices_client',
    rule('INVOICEAMOUNT', 'gt', '500'),
  ],
  [
    'invoices by product',
    INVOICES_SPEC,
    invoicesGridSource('C00001', 'BOS'),
    'erp_invoices',
    'erp_invoice_lines_client',
    {},
  ],
  [
    'packing slips by store',
    PACKING_SLIPS_SPEC,
    packingSlipsGridSource('C00001'),
    'erp_packing_slips',
    'erp_packing_slips_client',
    rule('INVENTLOCATIONID', 'eq', 'MAD01'),
  ],
  [
    'packing slips by product',
    PACKING_SLIPS_SPEC,
    packingSlipsGridSource('C00001', 'freno'),
    'erp_packing_slips',
    'erp_packing_slip_lines_client',
    {},
  ],
];

describe('grid plans for one client', () => {
  it.each(cases)(
    '%s: the count and the page read indexes, not the tables',
    async (_name, spec, source, table, index, params) => {
      const statements = gridStatements(planGrid(spec, gridQuery.parse(params)), source);
      for (const [which, statement] of [
        ['count', statements.count],
        ['page', statements.page(2)],
      ] as const) {
        const all = await planOf(statement);
        const summary = `${which}: ${describePlan(all)}`;
        for (const big of [table, 'erp_invoice_lines', 'erp_packing_slip_lines'])
          expect(
            all.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === big),
            summary,
          ).toBe(false);
        const indexes = typeof index === 'string' ? [index] : index;
        expect(
          all.some((n) => indexes.includes(n['Index Name'] as string)),
          summary,
        ).toBe(true);
      }
    },
  );
});

/** Across every client (admins), a rare pattern is found through a trigram index (migration 0006). */
const everyClient: [string, GridSpec, GridSource, string, string, Record<string, string>][] = [
  [
    'orders by a reference nobody has',
    SALES_SPEC,
    salesGridSource(null),
    'erp_sales_orders',
    'erp_sales_orders_customer_ref_trgm',
    rule('CUSTOMERREF', 'cn', 'zqx'),
  ],
  [
    'packing slips by a delivery name nobody has',
    PACKING_SLIPS_SPEC,
    packingSlipsGridSource(null),
    'erp_packing_slips',
    'erp_packing_slips_delivery_name_trgm',
    rule('DELIVERYNAME', 'cn', 'zqx'),
  ],
  [
    'invoices by a rare product',
    INVOICES_SPEC,
    invoicesGridSource(null, 'zqx'),
    'erp_invoices',
    'erp_invoice_lines_product_trgm',
    {},
  ],
];

describe('grid plans across every client', () => {
  it.each(everyClient)('%s: the count reads the trigram index', async (_name, spec, source, table, index, params) => {
    const statements = gridStatements(planGrid(spec, gridQuery.parse(params)), source);
    const all = await planOf(statements.count);
    const summary = describePlan(all);
    expect(
      all.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === table),
      summary,
    ).toBe(false);
    expect(
      all.some((n) => n['Index Name'] === index),
      summary,
    ).toBe(true);
  });
});
