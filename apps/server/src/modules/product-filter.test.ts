import { gridQuery } from '@portal/contract/grids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isDenseProduct } from '../db/product-filter.ts';
import { runGrid } from '../db/run-grid.ts';
import { EVERY_CLIENT_COUNT_CAP, planGrid } from '../lib/jqgrid.sql.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { INVOICES_SPEC, invoicesGridSource } from './invoices/invoices.repository.ts';
import { PACKING_SLIPS_SPEC, packingSlipsGridSource } from './packingslips/packingslips.repository.ts';

/** filterProduct across every client: the sparse and the dense plans find the same documents. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const grids = [
  {
    name: 'invoices',
    spec: INVOICES_SPEC,
    source: invoicesGridSource,
    lines: 'erp_invoice_lines',
    key: 'invoice_id',
    alias: 'i',
  },
  {
    name: 'packing slips',
    spec: PACKING_SLIPS_SPEC,
    source: packingSlipsGridSource,
    lines: 'erp_packing_slip_lines',
    key: 'packing_slip_id',
    alias: 'p',
  },
];

/** The pages are compared with each other, whatever their columns. */
const anyRow = z.record(z.string(), z.unknown());

describe.each(grids)('$name: filterProduct across every client', ({ spec, source, lines, key, alias }) => {
  const tables = { alias, key, lines };

  it('tells a dense pattern from a sparse one by counting matching lines up to the threshold', async () => {
    expect(await isDenseProduct(t.database.db, tables, 'bos')).toBe(true);
    expect(await isDenseProduct(t.database.db, tables, 'zqx')).toBe(false);
  });

  it.each(['BOS', 'zqx'])('"%s": both plans give the same pages and count', async (product) => {
    for (const page of ['1', '3']) {
      const plan = planGrid(spec, gridQuery.parse({ page, rows: '10' }));
      const sparse = await runGrid(t.database.db, plan, source(null, product, false), anyRow);
      const dense = await runGrid(t.database.db, plan, source(null, product, true), anyRow);
      expect(dense.rows).toEqual(sparse.rows);
      expect(dense.records).toBe(sparse.records);
      expect(dense.more).toBe(sparse.more);
      expect(sparse.records).toBeLessThanOrEqual(EVERY_CLIENT_COUNT_CAP);
      if (product !== 'zqx') expect(sparse.rows).toHaveLength(10);
      if (product === 'zqx') expect(sparse.records).toBe(0);
    }
  });
});
