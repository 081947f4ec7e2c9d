import { INVOICES_GRID } from '@portal/contract/sales';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  checkEverySort,
  checkOps,
  dateCases,
  expectSorted,
  filters,
  numberCases,
  textCases,
} from '../../test/grid-checks.ts';
import { gridSuite } from '../../test/grid-suite.ts';

const s = gridSuite('/api/ininvoice/getallheadersjqgrid');
const { rows, get } = s;

describe('GET /api/ininvoice/getallheadersjqgrid', () => {
  it('lists the caller’s client’s invoices, newest invoice date first, with totals and related ids', async () => {
    const { status, body } = await s.grid(s.buyer);
    expect(status).toBe(200);
    const [own] = await rows<{ n: number }>(
      sql`select count(*)::int as n from erp_invoices where client_accountnum = 'C00001'`,
    );
    expect(body.records).toBe(own!.n);
    expect(body.rows).toHaveLength(10);
    expectSorted(body.rows, 'INVOICEDATE', 'date', 'INVOICEID', 'desc');
    for (const r of body.rows) {
      expect(r.INVOICEACCOUNT).toBe('C00001');
      expect(r.INVOICEDATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number(r.INVOICEAMOUNT)).toBeCloseTo(Number(r.SALESBALANCE) + Number(r.SUMTAX), 2);
      expect(r.SalesRelated).toEqual(expect.any(String));
      expect(r.PackingSlipRelated).toEqual(expect.any(String));
    }
  });

  it('sorts by every allowed column, both ways', async () => {
    const sortable = Object.values(INVOICES_GRID.columns).filter((c) => c.sortable).length;
    expect(await checkEverySort(s.grid, s.buyer, INVOICES_GRID, 'INVOICEID')).toBe(sortable * 2);
    expect(await checkEverySort(s.grid, s.admin, INVOICES_GRID, 'INVOICEID')).toBe(sortable * 2);
  });

  it('filters with every operator of each column type', async () => {
    const sample = (await s.grid(s.buyer, { rows: 30 })).body.rows[3]!;
    await checkOps(s.grid, s.buyer, INVOICES_GRID, [
      ...textCases('INVOICEID', String(sample.INVOICEID)),
      ...textCases('JUMEMPLNAME', String(sample.JUMEMPLNAME)),
      ...numberCases('INVOICEAMOUNT', Number(sample.INVOICEAMOUNT)),
      ...dateCases('INVOICEDATE', String(sample.INVOICEDATE)),
    ]);
  });

  it('an invoice covering several orders lists them; 41-prefixed invoices are found by their shown id', async () => {
    const [multi] = await rows<{ invoice_id: string; sales: string }>(
      sql`select r.invoice_id, string_agg(r.sales_id, ',' order by r.sales_id) as sales
            from erp_sales_invoices r join erp_invoices i on i.invoice_id = r.invoice_id
           where i.client_accountnum = 'C00001' and r.invoice_id like '41FV%'
           group by r.invoice_id having count(*) > 1 limit 1`,
    );
    const shown = multi!.invoice_id.slice(2);
    const { body } = await s.grid(s.buyer, { filters: filters([{ field: 'INVOICEID', op: 'eq', data: shown }]) });
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]!.SalesRelated).toBe(multi!.sales);
    const lines = await get(`/api/ininvoice/getlinesbyinvoiceid?id=${shown}`, s.buyer);
    expect(lines.statusCode).toBe(200);
    const salesOfLines = new Set(lines.json().map((l: { SALESID: string }) => l.SALESID));
    expect([...salesOfLines].sort().join(',')).toBe(multi!.sales);
  });

  it('filterProduct keeps the invoices holding a line whose article matches (from 2 characters)', async () => {
    const [line] = await rows<{ item_id: string }>(
      sql`select l.item_id from erp_invoice_lines l join erp_invoices i on i.invoice_id = l.invoice_id
           where i.client_accountnum = 'C00001' order by l.invoice_id limit 1`,
    );
    const part = line!.item_id.slice(0, 7).toLowerCase();
    const { status, body } = await s.grid(s.buyer, { filterProduct: part, rows: 30 });
    expect(status).toBe(200);
    const [expected] = await rows<{ n: number }>(
      sql`select count(*)::int as n from erp_invoices i where i.client_accountnum = 'C00001'
            and exists (select 1 from erp_invoice_lines l where l.invoice_id = i.invoice_id
                        and (l.item_id ilike ${`%${part}%`} or l.name ilike ${`%${part}%`}))`,
    );
    expect(body.records).toBe(expected!.n);
    expect(body.records).toBeGreaterThan(0);
    const all = (await s.grid(s.buyer)).body;
    expect(body.records).toBeLessThan(all.records);
    const lines = (await get(`/api/ininvoice/getlinesbyinvoiceid/${body.rows[0]!.INVOICEID}`, s.buyer)).json();
    expect(lines.some((l: { ITEMID: string }) => l.ITEMID.toLowerCase().includes(part))).toBe(true);
    const short = await s.grid(s.buyer, { filterProduct: 'a' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('WARN_ProductFilterShort');
    expect((await s.grid(s.buyer, { filterProduct: ' ' })).body.records).toBe(all.records);
    expect((await s.grid(s.buyer, { filterProduct: "%' or 1=1 --" })).body.records).toBe(0);
  });

  it('refuses unknown fields and operators and injection attempts, changing nothing', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from erp_invoices`);
    for (const params of [
      { filters: filters([{ field: 'NOPE', op: 'eq', data: '1' }]) },
      { filters: filters([{ field: 'INVOICEDATE', op: 'cn', data: '2025' }]) },
      { filters: filters([{ field: 'INVOICEID', op: 'like', data: 'x' }]) },
      { sidx: 'INVOICEDATE desc; drop table erp_invoices' },
      { sidx: 'invoice_date' },
    ]) {
      const { status, body } = await s.grid(s.buyer, params);
      expect(status, JSON.stringify(params)).toBe(400);
      expect(body.message).toBe('WARN_ValidationError');
    }
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from erp_invoices`)).toEqual(before);
  });

  it('scopes to the client: s.buyer2 sees only C00002; s.buyer’s invoice is a 404 for buyer2', async () => {
    const mine = (await s.grid(s.buyer)).body.rows[0]!;
    const other = (await s.grid(s.buyer2, { rows: 30 })).body;
    for (const r of other.rows) expect(r.INVOICEACCOUNT).toBe('C00002');
    const id = String(mine.INVOICEID);
    expect((await get(`/api/ininvoice/getlinesbyinvoiceid?id=${id}`, s.buyer2)).statusCode).toBe(404);
    expect((await get(`/api/ininvoice/getallheaders/?id=${id}`, s.buyer2)).statusCode).toBe(404);
    expect((await get(`/api/ininvoice/getallheaders/?id=${id}`, s.admin)).json()[0].INVOICEID).toBe(id);
    const lines = (await get(`/api/ininvoice/getlinesbyinvoiceid?id=${id}`, s.buyer)).json();
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      expect(l.TAXPERCENT).toBe(21);
      expect(l.TAXAMOUNT).toBeCloseTo(l.LINEAMOUNT * 0.21, 2);
    }
    const net = lines.reduce((s: number, l: { LINEAMOUNT: number }) => s + l.LINEAMOUNT, 0);
    expect(net).toBeCloseTo(Number(mine.SALESBALANCE), 2);
  });
});
