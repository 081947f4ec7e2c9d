import { GRID_COUNT_CAP } from '@portal/contract/grids';
import { SALES_GRID } from '@portal/contract/sales';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE } from '../../lib/business-time.ts';
import { EVERY_CLIENT_COUNT_CAP } from '../../lib/jqgrid.sql.ts';
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

const s = gridSuite('/api/insales/getallheadersjqgrid');
const { rows, get } = s;
const countOf = async (where: ReturnType<typeof sql>) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from erp_sales_orders where ${where}`))[0]!.n;

describe('GET /api/insales/getallheadersjqgrid', () => {
  it('answers page, total, records and 10 rows of the caller’s client, newest first', async () => {
    const { status, body } = await s.grid(s.buyer);
    expect(status).toBe(200);
    const own = await countOf(sql`client_accountnum = 'C00001'`);
    expect(own).toBeGreaterThan(1000);
    expect(body.page).toBe(1);
    expect(body.records).toBe(own);
    expect(body.total).toBe(Math.ceil(own / 10));
    expect(body.rows).toHaveLength(10);
    for (const r of body.rows) expect(r.CUSTACCOUNT).toBe('C00001');
    expectSorted(body.rows, 'JUMCREATEDDATE', 'datetime', 'SALESID', 'desc');
    const [newest] = await rows<{ sales_id: string }>(
      sql`select sales_id from erp_sales_orders where client_accountnum = 'C00001' order by created_at desc, sales_id desc limit 1`,
    );
    expect(body.rows[0]!.SALESID).toBe(newest!.sales_id);
    const first = body.rows[0]!;
    expect(Object.keys(first).sort()).toEqual(
      [
        'CUSTACCOUNT',
        'CUSTOMERREF',
        'DELIVERYNAME',
        'DLVMODE',
        'DLVMODENAME',
        'INVENTLOCATIONID',
        'INVENTLOCATIONNAME',
        'InvoiceRelated',
        'JUMCREATEDDATE',
        'PackingSlipRelated',
        'SALESID',
        'SALESORIGINID',
        'SALESSTATUS',
        'SALESTAKER',
      ].sort(),
    );
  });

  it('pages through 10, 20 or 30 rows without overlap; a page past the last answers the last one', async () => {
    for (const size of [10, 20, 30]) {
      const p1 = (await s.grid(s.buyer, { rows: size, page: 1 })).body;
      const p2 = (await s.grid(s.buyer, { rows: size, page: 2 })).body;
      expect(p1.rows).toHaveLength(size);
      expect(p2.page).toBe(2);
      const ids = new Set([...p1.rows, ...p2.rows].map((r) => r.SALESID));
      expect(ids.size).toBe(size * 2);
    }
    const last = (await s.grid(s.buyer, { rows: 30, page: 999_999 })).body;
    expect(last.page).toBe(last.total);
    expect(last.rows.length).toBeGreaterThan(0);
    expect(last.rows.length).toBeLessThanOrEqual(30);
    const { status, body } = await s.grid(s.buyer, { rows: 25 });
    expect(status).toBe(400);
    expect(body.message).toBe('WARN_ValidationError');
  });

  it('sorts by every allowed column, both ways', async () => {
    const sortable = Object.values(SALES_GRID.columns).filter((c) => c.sortable).length;
    expect(await checkEverySort(s.grid, s.buyer, SALES_GRID, 'SALESID')).toBe(sortable * 2);
    expect(await checkEverySort(s.grid, s.admin, SALES_GRID, 'SALESID')).toBe(sortable * 2);
  });

  it('filters with every operator of each column type', async () => {
    const sample = (await s.grid(s.buyer, { rows: 30 })).body.rows.find((r) =>
      String(r.CUSTOMERREF).startsWith('OT-'),
    )!;
    expect(sample).toBeDefined();
    await checkOps(s.grid, s.buyer, SALES_GRID, [
      ...textCases('CUSTOMERREF', String(sample.CUSTOMERREF)),
      ...textCases('SALESTAKER', String(sample.SALESTAKER)),
      ...numberCases('SALESSTATUS', Number(sample.SALESSTATUS)),
      ...dateCases(
        'JUMCREATEDDATE',
        new Date(String(sample.JUMCREATEDDATE)).toLocaleDateString('en-CA', { timeZone: BUSINESS_TIME_ZONE }),
      ),
    ]);
  });

  it('every column named in the definition can be filtered', async () => {
    const first = (await s.grid(s.buyer)).body.rows[0]!;
    for (const [field, column] of Object.entries(SALES_GRID.columns)) {
      const value = String(first[field]);
      const data = column.type === 'datetime' ? value.slice(0, 10) : value;
      const op = column.type === 'datetime' ? 'ge' : 'eq';
      const { status, body } = await s.grid(s.buyer, { filters: filters([{ field, op, data }]) });
      expect(status, field).toBe(200);
      expect(body.records, field).toBeGreaterThan(0);
    }
  });

  it('the status filter with All (-1) filters nothing; a status keeps only that status', async () => {
    const all = (await s.grid(s.buyer)).body;
    const allStatus = (await s.grid(s.buyer, { filters: filters([{ field: 'SALESSTATUS', op: 'eq', data: '-1' }]) }))
      .body;
    expect(allStatus.records).toBe(all.records);
    const opened = (await s.grid(s.buyer, { filters: filters([{ field: 'SALESSTATUS', op: 'eq', data: '1' }]) })).body;
    expect(opened.records).toBe(await countOf(sql`client_accountnum = 'C00001' and status = 1`));
    for (const r of opened.rows) expect(r.SALESSTATUS).toBe(1);
  });

  it('finds a 41-prefixed order by the id the web shows (without the 41)', async () => {
    const [prefixed] = await rows<{ sales_id: string }>(
      sql`select sales_id from erp_sales_orders where client_accountnum = 'C00001' and sales_id like '41PV%' limit 1`,
    );
    const shown = prefixed!.sales_id.slice(2);
    const byShown = (await s.grid(s.buyer, { filters: filters([{ field: 'SALESID', op: 'eq', data: shown }]) })).body;
    expect(byShown.rows.map((r) => r.SALESID)).toEqual([prefixed!.sales_id]);
    const lines = await get(`/api/insales/getlinesbysalesid/${shown}`, s.buyer);
    expect(lines.statusCode).toBe(200);
    expect(lines.json()[0].SALESID).toBe(prefixed!.sales_id);
  });

  it('joins rules with OR, nested groups with AND, and takes jqGrid’s single-field search', async () => {
    const or = JSON.stringify({
      groupOp: 'OR',
      rules: [
        { field: 'SALESSTATUS', op: 'eq', data: '1' },
        { field: 'SALESSTATUS', op: 'eq', data: '4' },
      ],
    });
    const either = (await s.grid(s.buyer, { filters: or, rows: 30 })).body;
    expect(either.records).toBe(await countOf(sql`client_accountnum = 'C00001' and status in (1, 4)`));
    const nested = JSON.stringify({
      groupOp: 'AND',
      rules: [{ field: 'INVENTLOCATIONID', op: 'eq', data: 'MAD01' }],
      groups: [JSON.parse(or)],
    });
    const both = (await s.grid(s.buyer, { filters: nested })).body;
    expect(both.records).toBe(
      await countOf(sql`client_accountnum = 'C00001' and status in (1, 4) and store_id = 'MAD01'`),
    );
    const single = (
      await s.grid(s.buyer, { _search: 'true', searchField: 'SALESSTATUS', searchString: '4', searchOper: 'eq' })
    ).body;
    expect(single.records).toBe(await countOf(sql`client_accountnum = 'C00001' and status = 4`));
  });

  it.each([
    ['unknown field', { filters: filters([{ field: 'PASSWORD', op: 'eq', data: 'x' }]) }],
    ['unknown operator', { filters: filters([{ field: 'SALESID', op: 'xx', data: 'x' }]) }],
    ['an operator the type does not take', { filters: filters([{ field: 'SALESSTATUS', op: 'cn', data: '1' }]) }],
    ['filters that are not JSON', { filters: '{groupOp:AND' }],
    ['a group operator other than AND/OR', { filters: JSON.stringify({ groupOp: 'XOR', rules: [] }) }],
    ['a number that is not one', { filters: filters([{ field: 'SALESSTATUS', op: 'eq', data: 'abc' }]) }],
    ['a fraction for a whole number', { filters: filters([{ field: 'SALESSTATUS', op: 'eq', data: '1.5' }]) }],
    ['a day that does not exist', { filters: filters([{ field: 'JUMCREATEDDATE', op: 'eq', data: '2025-02-30' }]) }],
    [
      'too many rules',
      { filters: filters(Array.from({ length: 21 }, () => ({ field: 'SALESID', op: 'cn', data: 'P' }))) },
    ],
    ['an unknown sidx', { sidx: 'password' }],
    ['a sidx of two columns', { sidx: 'SALESID asc, CUSTACCOUNT' }],
    ['a sord other than asc/desc', { sord: 'sideways' }],
    ['a page of 0', { page: 0 }],
  ])('%s is a 400', async (_name, params) => {
    const { status, body } = await s.grid(s.buyer, params);
    expect(status).toBe(400);
    expect(body.message).toBe('WARN_ValidationError');
  });

  it('injection attempts in sidx, sord and filters are refused or bound, and change nothing', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from erp_sales_orders`);
    const refused = [
      { sidx: 'JUMCREATEDDATE; drop table erp_sales_orders; --' },
      { sidx: '(select 1)' },
      { sidx: 'o.sales_id' },
      { sidx: 'JUMCREATEDDATE', sord: 'desc; delete from erp_sales_orders' },
      { filters: filters([{ field: "SALESID' or '1'='1", op: 'eq', data: 'x' }]) },
      { filters: filters([{ field: 'SALESID', op: 'eq; drop table users', data: 'x' }]) },
      { filters: JSON.stringify({ groupOp: 'OR 1=1', rules: [] }) },
      { filters: filters([{ field: 'SALESSTATUS', op: 'eq', data: '1 or 1=1' }]) },
      { filters: filters([{ field: 'JUMCREATEDDATE', op: 'gt', data: "2020-01-01' or '1'='1" }]) },
    ];
    for (const params of refused) {
      const { status } = await s.grid(s.buyer, params);
      expect(status, JSON.stringify(params)).toBe(400);
    }
    // Values are bound parameters: an injection in a value is just a text nobody has.
    for (const data of ["' or '1'='1", "x'; delete from erp_sales_orders; --", '%', '_', '\\']) {
      for (const op of ['eq', 'cn', 'bw']) {
        const { status, body } = await s.grid(s.buyer, { filters: filters([{ field: 'CUSTOMERREF', op, data }]) });
        expect(status).toBe(200);
        expect(body.records, `${op} ${data}`).toBe(0);
      }
    }
    // Another client's rows stay out of reach whatever the filter says.
    const foreign = await s.grid(s.buyer, { filters: filters([{ field: 'CUSTACCOUNT', op: 'eq', data: 'C00002' }]) });
    expect(foreign.body.records).toBe(0);
    const or = await s.grid(s.buyer, {
      filters: filters(
        [
          { field: 'CUSTACCOUNT', op: 'eq', data: 'C00002' },
          { field: 'CUSTACCOUNT', op: 'ne', data: 'C00002' },
        ],
        'OR',
      ),
    });
    expect(or.status).toBe(200);
    expect(or.body.records).toBe(await countOf(sql`client_accountnum = 'C00001'`));
    expect(or.body.rows).toHaveLength(10);
    for (const r of or.body.rows) expect(r.CUSTACCOUNT).toBe('C00001');
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from erp_sales_orders`)).toEqual(before);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from users`))[0]!.n).toBeGreaterThan(0);
  });

  it('each client sees only its own orders; admins see every client, counted up to the cap', async () => {
    const other = (await s.grid(s.buyer2, { rows: 30 })).body;
    expect(other.records).toBe(await countOf(sql`client_accountnum = 'C00002'`));
    for (const r of other.rows) expect(r.CUSTACCOUNT).toBe('C00002');
    const all = (await s.grid(s.admin, { rows: 30 })).body;
    // Every client's orders are counted up to EVERY_CLIENT_COUNT_CAP, a client's own up to GRID_COUNT_CAP.
    expect(await countOf(sql`true`)).toBeGreaterThan(EVERY_CLIENT_COUNT_CAP);
    expect(all.records).toBe(EVERY_CLIENT_COUNT_CAP);
    expect(all.more).toBe(true);
    expect(all.total).toBe(Math.ceil(EVERY_CLIENT_COUNT_CAP / 30));
    expect(new Set(all.rows.map((r) => r.CUSTACCOUNT)).size).toBeGreaterThan(1);
    const c2 = (await s.grid(s.admin, { filters: filters([{ field: 'CUSTACCOUNT', op: 'eq', data: 'C00002' }]) })).body;
    expect(other.records).toBeGreaterThan(EVERY_CLIENT_COUNT_CAP);
    expect(other.records).toBeLessThanOrEqual(GRID_COUNT_CAP);
    expect(c2.records).toBe(EVERY_CLIENT_COUNT_CAP);
    expect(c2.more).toBe(true);
    for (const r of c2.rows) expect(r.CUSTACCOUNT).toBe('C00002');
    expect((await s.grid('')).status).toBe(401);
  });

  it('related packing slips and invoices come as id lists, several when there are several', async () => {
    const [multi] = await rows<{ sales_id: string; slips: string }>(
      sql`select r.sales_id, string_agg(r.packing_slip_id, ',' order by r.packing_slip_id) as slips
            from erp_sales_packing_slips r join erp_sales_orders o on o.sales_id = r.sales_id
           where o.client_accountnum = 'C00001' group by r.sales_id having count(*) > 1 limit 1`,
    );
    const { body } = await s.grid(s.buyer, {
      filters: filters([{ field: 'SALESID', op: 'eq', data: multi!.sales_id }]),
    });
    expect(body.rows[0]!.PackingSlipRelated).toBe(multi!.slips);
    expect(String(body.rows[0]!.PackingSlipRelated).split(',').length).toBeGreaterThan(1);
    const opened = (await s.grid(s.buyer, { filters: filters([{ field: 'SALESSTATUS', op: 'eq', data: '1' }]) })).body;
    for (const r of opened.rows.filter((x) => x.SALESID && !String(x.SALESID).startsWith('41PW'))) {
      expect(r.InvoiceRelated).toBeNull();
    }
  });
});

describe('headers and lines', () => {
  it('getallheaders/ gives one header by id, or the newest ones; another client’s id is a 404', async () => {
    const newest = await get('/api/insales/getallheaders/?rows=5', s.buyer);
    expect(newest.statusCode).toBe(200);
    expect(newest.json()).toHaveLength(5);
    const id = newest.json()[0].SALESID;
    const one = await get(`/api/insales/getallheaders/?id=${encodeURIComponent(id)}`, s.buyer);
    expect(one.json()).toEqual([newest.json()[0]]);
    expect((await get(`/api/insales/getallheaders/?id=${encodeURIComponent(id)}`, s.buyer2)).statusCode).toBe(404);
    expect((await get(`/api/insales/getallheaders/?id=${encodeURIComponent(id)}`, s.admin)).statusCode).toBe(200);
  });

  it('getlinesbysalesid gives the lines of an own order; another client’s order is a 404 like a missing one', async () => {
    const [order] = await rows<{ sales_id: string; n: number }>(
      sql`select o.sales_id, count(*)::int as n from erp_sales_orders o join erp_sales_lines l on l.sales_id = o.sales_id
           where o.client_accountnum = 'C00001' group by o.sales_id having count(*) > 2 limit 1`,
    );
    const res = await get(`/api/insales/getlinesbysalesid/${order!.sales_id}`, s.buyer);
    expect(res.statusCode).toBe(200);
    const lines = res.json();
    expect(lines).toHaveLength(order!.n);
    expect(lines.map((l: { LINENUM: number }) => l.LINENUM)).toEqual(lines.map((_: unknown, i: number) => i + 1));
    for (const l of lines) {
      expect(typeof l.SALESQTY).toBe('number');
      expect(l.LINEAMOUNT).toBeCloseTo(l.SALESQTY * l.SALESPRICE * (1 - l.LINEPERCENT / 100), 1);
    }
    const foreign = await get(`/api/insales/getlinesbysalesid/${order!.sales_id}`, s.buyer2);
    const missing = await get('/api/insales/getlinesbysalesid/PV-9999999', s.buyer2);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await get(`/api/insales/getlinesbysalesid/${order!.sales_id}`, s.admin)).statusCode).toBe(200);
    expect((await get(`/api/insales/getlinesbysalesid/${order!.sales_id}`)).statusCode).toBe(401);
    expect((await get('/api/insales/getlinesbysalesid/..%2f..%2fetc', s.buyer)).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('describes the document calls, with their tags', async () => {
    const doc = (await get('/api/docs/json')).json() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const expected: [string, string, string][] = [
      ['/api/insales/getallheadersjqgrid', 'get', 'sales'],
      ['/api/insales/getlinesbysalesid/{id}', 'get', 'sales'],
      ['/api/insalesweb/getallheadersforcontroljqgrid', 'get', 'web orders'],
      ['/api/insalesweb/reloadNonProcessedCheckOut', 'post', 'web orders'],
      ['/api/ininvoice/getlinesbyinvoiceid', 'get', 'invoices'],
      ['/api/inpackingslip/getlinesbypackingslipid/{id}', 'get', 'packing slips'],
      ['/api/insettings/GetAllStoresjqFilter', 'get', 'settings'],
      ['/api/inprintreport/printreport/{id}', 'post', 'documents'],
      ['/api/download/CheckReport/{reportId}', 'get', 'documents'],
      ['/api/download/file', 'get', 'documents'],
    ];
    for (const [path, method, tag] of expected) expect(doc.paths[path]?.[method]?.tags, path).toEqual([tag]);
  });
});
