import { WEB_ORDERS_GRID } from '@portal/contract/sales';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE } from '../../lib/business-time.ts';
import {
  checkEverySort,
  checkOps,
  dateCases,
  expectSorted,
  filters,
  numberCases,
  type OpCase,
  textCases,
} from '../../test/grid-checks.ts';
import { gridSuite } from '../../test/grid-suite.ts';

const s = gridSuite('/api/insalesweb/getallheadersjqgrid', '/api/insalesweb/getallheadersforcontroljqgrid');
const { rows, get, post } = s;

describe('web order grids', () => {
  it('the caller’s client’s web orders, newest first, with their import state and receipt link', async () => {
    const { status, body } = await s.grid(s.buyer, { rows: 30 });
    expect(status).toBe(200);
    const [own] = await rows<{ n: number }>(
      sql`select count(*)::int as n from web_orders where client_accountnum = 'C00001'`,
    );
    expect(own!.n).toBeGreaterThan(10);
    expect(body.records).toBe(own!.n);
    expectSorted(body.rows, 'FechaPedido', 'datetime', 'Id', 'desc', 'number');
    for (const r of body.rows) expect(r.CUSTACCOUNT).toBe('C00001');
    const imported = body.rows.find((r) => r.IMPORTED === true)!;
    expect(imported.SalesRelated).toMatch(/^41PW\d{7}$/);
    expect(imported.SalesLink).toMatch(/^\/my-cart\/checkoutresult\/[^/]+\/\d+$/);
    const failing = body.rows.find((r) => r.ERROR !== null && Number(r.REINTENTOSWEB) > 0);
    expect(failing).toBeDefined();
    expect(failing!.IMPORTED).toBe(false);
  });

  it('sorts by every allowed column, both ways', async () => {
    const sortable = Object.values(WEB_ORDERS_GRID.columns).filter((c) => c.sortable).length;
    expect(await checkEverySort(s.grid, s.buyer, WEB_ORDERS_GRID, 'Id')).toBe(sortable * 2);
    expect(await checkEverySort(s.grids[1]!, s.admin, WEB_ORDERS_GRID, 'Id')).toBe(sortable * 2);
  });

  it('filters with every operator, booleans included', async () => {
    const sample = (await s.grid(s.buyer, { rows: 30 })).body.rows.find((r) => r.IMPORTED === true)!;
    const bool: OpCase[] = [
      { field: 'IMPORTED', op: 'eq', data: 'true', expectRows: true },
      { field: 'IMPORTED', op: 'eq', data: 'false', expectRows: true },
      { field: 'IMPORTED', op: 'ne', data: 'true', expectRows: true },
      { field: 'IMPORTED', op: 'nu', data: '' },
      { field: 'IMPORTED', op: 'nn', data: '', expectRows: true },
    ];
    await checkOps(s.grid, s.buyer, WEB_ORDERS_GRID, [
      ...textCases('CUSTOMERREF', String(sample.CUSTOMERREF)),
      ...numberCases('Id', Number(sample.Id)),
      ...numberCases('AMOUNT', Number(sample.AMOUNT)),
      ...dateCases('DELIVERYDATE', String(sample.DELIVERYDATE)),
      ...dateCases(
        'FechaPedido',
        new Date(String(sample.FechaPedido)).toLocaleDateString('en-CA', { timeZone: BUSINESS_TIME_ZONE }),
      ),
      ...bool,
    ]);
    const notImported = (await s.grid(s.buyer, { filters: filters([{ field: 'IMPORTED', op: 'eq', data: 'false' }]) }))
      .body;
    const [pending] = await rows<{ n: number }>(
      sql`select count(*)::int as n from web_orders where client_accountnum = 'C00001' and not imported`,
    );
    expect(notImported.records).toBe(pending!.n);
    expect((await s.grid(s.buyer, { filters: filters([{ field: 'IMPORTED', op: 'eq', data: 'maybe' }]) })).status).toBe(
      400,
    );
    expect((await s.grid(s.buyer, { filters: filters([{ field: 'IMPORTED', op: 'gt', data: 'true' }]) })).status).toBe(
      400,
    );
    expect((await s.grid(s.buyer, { sidx: 'USERNAME' })).status).toBe(400);
  });

  it('the control list is for admins and holds every client’s web orders', async () => {
    expect((await s.grids[1]!(s.buyer)).status).toBe(403);
    const all = (await s.grids[1]!(s.admin, { rows: 30 })).body;
    const [total] = await rows<{ n: number }>(sql`select count(*)::int as n from web_orders`);
    expect(all.records).toBe(total!.n);
    expect(new Set(all.rows.map((r) => r.CUSTACCOUNT))).toEqual(new Set(['C00001', 'C00002']));
    expect(all.rows.every((r) => typeof r.USERNAME === 'string')).toBe(true);
    const other = (await s.grid(s.buyer2, { rows: 30 })).body;
    for (const r of other.rows) expect(r.CUSTACCOUNT).toBe('C00002');
  });

  it('lines of an own web order; another client’s is a 404; ids must be numbers', async () => {
    const mine = (await s.grid(s.buyer)).body.rows[0]!;
    const res = await get(`/api/insalesweb/getlinesbysalesid/${mine.Id}`, s.buyer);
    expect(res.statusCode).toBe(200);
    const lines = res.json();
    expect(lines.length).toBeGreaterThan(0);
    const sum = lines.reduce((s: number, l: { LINEAMOUNT: number }) => s + l.LINEAMOUNT, 0);
    expect(sum).toBeCloseTo(Number(mine.AMOUNT), 2);
    expect((await get(`/api/insalesweb/getlinesbysalesid/${mine.Id}`, s.buyer2)).statusCode).toBe(404);
    expect((await get(`/api/insalesweb/getallheaders/?id=${mine.Id}`, s.buyer2)).statusCode).toBe(404);
    expect((await get(`/api/insalesweb/getallheaders/?id=${mine.Id}`, s.buyer)).json()[0]).toEqual(mine);
    expect((await get('/api/insalesweb/getlinesbysalesid/1%20or%201=1', s.buyer)).statusCode).toBe(400);
  });
});

describe('POST /api/insalesweb/reloadNonProcessedCheckOut', () => {
  it('is for admins; it makes the waiting and the given-up web orders due now, and leaves the rest', async () => {
    expect((await post('/api/insalesweb/reloadNonProcessedCheckOut', s.buyer)).statusCode).toBe(403);
    expect((await post('/api/insalesweb/reloadNonProcessedCheckOut')).statusCode).toBe(401);
    const waiting = await rows<{ id: number }>(
      sql`select id::int from web_orders where not imported and next_attempt_at > now() order by id`,
    );
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    const [pending] = await rows<{ n: number }>(sql`select count(*)::int as n from web_orders where not imported`);
    const imported = await rows<{ id: number; next: string | null }>(
      sql`select id::int, next_attempt_at::text as next from web_orders where imported order by id`,
    );
    const res = await post('/api/insalesweb/reloadNonProcessedCheckOut', s.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ queued: waiting.length, pending: pending!.n });
    const after = await rows<{ n: number }>(
      sql`select count(*)::int as n from web_orders where not imported and next_attempt_at > now()`,
    );
    expect(after[0]!.n).toBe(0);
    expect(
      await rows<{ id: number; next: string | null }>(
        sql`select id::int, next_attempt_at::text as next from web_orders where imported order by id`,
      ),
    ).toEqual(imported);
    // Retries are kept: the control list still shows how many attempts there were.
    const failing = (
      await s.grids[1]!(s.admin, { filters: filters([{ field: 'REINTENTOSWEB', op: 'gt', data: '0' }]) })
    ).body;
    expect(failing.records).toBe(waiting.length);
  });
});
