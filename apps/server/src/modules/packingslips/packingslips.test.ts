import { PACKING_SLIPS_GRID } from '@portal/contract/sales';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkEverySort, checkOps, dateCases, expectSorted, filters, textCases } from '../../test/grid-checks.ts';
import { gridSuite } from '../../test/grid-suite.ts';

const s = gridSuite('/api/inpackingslip/getallheadersjqgrid');
const { rows, get } = s;

describe('GET /api/inpackingslip/getallheadersjqgrid', () => {
  it('lists the caller’s client’s packing slips, newest delivery first', async () => {
    const { status, body } = await s.grid(s.buyer);
    expect(status).toBe(200);
    const [own] = await rows<{ n: number }>(
      sql`select count(*)::int as n from erp_packing_slips where client_accountnum = 'C00001'`,
    );
    expect(body.records).toBe(own!.n);
    expectSorted(body.rows, 'DELIVERYDATE', 'date', 'PACKINGSLIPID', 'desc');
    for (const r of body.rows) {
      expect(r.ORDERACCOUNT).toBe('C00001');
      expect(r.SalesRelated).toEqual(expect.any(String));
    }
  });

  it('sorts by every allowed column, both ways', async () => {
    const sortable = Object.values(PACKING_SLIPS_GRID.columns).filter((c) => c.sortable).length;
    expect(await checkEverySort(s.grid, s.buyer, PACKING_SLIPS_GRID, 'PACKINGSLIPID')).toBe(sortable * 2);
    expect(await checkEverySort(s.grid, s.admin, PACKING_SLIPS_GRID, 'PACKINGSLIPID')).toBe(sortable * 2);
  });

  it('filters with every operator', async () => {
    const sample = (await s.grid(s.buyer, { rows: 30 })).body.rows[5]!;
    await checkOps(s.grid, s.buyer, PACKING_SLIPS_GRID, [
      ...textCases('PACKINGSLIPID', String(sample.PACKINGSLIPID)),
      ...textCases('DELIVERYNAME', String(sample.DELIVERYNAME)),
      ...dateCases('DELIVERYDATE', String(sample.DELIVERYDATE)),
    ]);
  });

  it('the store and delivery-mode dropdowns give the values their filters take', async () => {
    const stores = await get('/api/insettings/GetAllStoresjqFilter', s.buyer);
    const modes = await get('/api/insettings/GetAllDlvModesjqFilter', s.buyer);
    expect(stores.statusCode).toBe(200);
    expect(stores.json().length).toBe(8);
    expect(stores.json()[0]).toEqual({ id: expect.any(String), name: expect.any(String) });
    expect(modes.json().length).toBeGreaterThan(1);
    expect((await get('/api/insettings/GetAllStoresjqFilter')).statusCode).toBe(401);
    for (const store of stores.json().slice(0, 3)) {
      const { body } = await s.grid(s.buyer, {
        filters: filters([{ field: 'INVENTLOCATIONID', op: 'eq', data: store.id }]),
      });
      for (const r of body.rows) {
        expect(r.INVENTLOCATIONID).toBe(store.id);
        expect(r.INVENTLOCATIONNAME).toBe(store.name);
      }
    }
    const mode = modes.json()[0];
    const both = await s.grid(s.buyer, {
      filters: filters([
        { field: 'DLVMODE', op: 'eq', data: mode.id },
        { field: 'INVENTLOCATIONID', op: 'eq', data: 'MAD01' },
      ]),
    });
    expect(both.body.records).toBeGreaterThan(0);
    for (const r of both.body.rows) {
      expect(r.DLVMODE).toBe(mode.id);
      expect(r.DLVMODENAME).toBe(mode.name);
      expect(r.INVENTLOCATIONID).toBe('MAD01');
    }
  });

  it('filterProduct keeps the slips holding a line of a matching article; a 1-character filter is a 400', async () => {
    const [line] = await rows<{ name: string }>(
      sql`select l.name from erp_packing_slip_lines l join erp_packing_slips p on p.packing_slip_id = l.packing_slip_id
           where p.client_accountnum = 'C00001' order by l.packing_slip_id limit 1`,
    );
    const word = line!.name.split(' ')[0]!;
    const { body } = await s.grid(s.buyer, { filterProduct: word });
    expect(body.records).toBeGreaterThan(0);
    expect(body.records).toBeLessThan((await s.grid(s.buyer)).body.records);
    expect((await s.grid(s.buyer, { filterProduct: 'x' })).body.message).toBe('WARN_ProductFilterShort');
  });

  it('a packing slip of two orders… or an order in two packing slips: related ids both ways', async () => {
    const [split] = await rows<{ sales_id: string }>(
      sql`select r.sales_id from erp_sales_packing_slips r join erp_packing_slips p on p.packing_slip_id = r.packing_slip_id
           where p.client_accountnum = 'C00001' group by r.sales_id having count(*) = 2 limit 1`,
    );
    const { body } = await s.grid(s.buyer, {
      filters: filters([{ field: 'PACKINGSLIPID', op: 'in', data: 'ALB0000000' }]),
    });
    expect(body.records).toBe(0);
    const slips = await rows<{ packing_slip_id: string }>(
      sql`select packing_slip_id from erp_sales_packing_slips where sales_id = ${split!.sales_id} order by 1`,
    );
    const both = await s.grid(s.buyer, {
      filters: filters([{ field: 'PACKINGSLIPID', op: 'in', data: slips.map((s) => s.packing_slip_id).join(',') }]),
    });
    expect(both.body.records).toBe(2);
    for (const r of both.body.rows) expect(r.SalesRelated).toBe(split!.sales_id);
  });

  it('lines of an own packing slip; another client’s slip is a 404; injection is refused', async () => {
    const mine = (await s.grid(s.buyer)).body.rows[0]!;
    const id = String(mine.PACKINGSLIPID);
    const lines = await get(`/api/inpackingslip/getlinesbypackingslipid/${id}`, s.buyer);
    expect(lines.statusCode).toBe(200);
    expect(lines.json().length).toBeGreaterThan(0);
    expect(lines.json()[0]).toMatchObject({ PACKINGSLIPID: id, LINENUM: 1, SALESID: expect.any(String) });
    expect((await get(`/api/inpackingslip/getlinesbypackingslipid/${id}`, s.buyer2)).statusCode).toBe(404);
    expect((await get(`/api/inpackingslip/getallheaders/?id=${id}`, s.buyer2)).statusCode).toBe(404);
    expect((await get(`/api/inpackingslip/getallheaders/?id=${id}`, s.buyer)).json()[0]).toEqual(mine);
    expect((await s.grid(s.buyer, { sidx: 'DELIVERYDATE)--' })).status).toBe(400);
    expect(
      (await s.grid(s.buyer, { filters: filters([{ field: 'ORDERACCOUNT', op: 'eq', data: 'C00002' }]) })).body.records,
    ).toBe(0);
  });
});
