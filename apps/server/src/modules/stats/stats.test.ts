import type { StatsGridResponse, StatsSeriesResponse } from '@portal/contract/stats';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE } from '../../lib/business-time.ts';
import {
  deleteOrders,
  type FixtureContext,
  type FixtureOrder,
  fixtureContext,
  insertOrders,
  linesSum,
  plateSearchLog,
} from '../../test/stats-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

let t: TestApp;
let admin: string;
let buyer: string;
let ctx: FixtureContext;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await makeUser(t, 'admin')).token;
  buyer = (await makeUser(t, 'plateBuyer')).token;
  ctx = await fixtureContext(t.database.db);
});
afterAll(() => t.close());

const get = (token: string | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
const grid = async (token: string, path: string, params: Record<string, string | number>) => {
  const res = await get(token, `/api/instats/${path}?${query(params)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StatsGridResponse;
};
const cents = (n: number) => Math.round(n * 100);

describe('authorization', () => {
  const urls = [
    '/api/instats/getstatsbydate',
    '/api/instats/GetStatsByDateJqGrid',
    '/api/instats/GetStatsByFamilyJqGrid',
    '/api/instats/GetStatsByModelJqGrid',
    '/api/instats/export?kind=family',
  ];
  it('answers 401 to an anonymous caller on every call', async () => {
    for (const url of urls) expect((await get(null, url)).statusCode, url).toBe(401);
  });

  it('answers 404 when a customer asks for another client, as if it did not exist', async () => {
    for (const url of urls) {
      const sep = url.includes('?') ? '&' : '?';
      const res = await get(buyer, `${url}${sep}c_id=C00002`);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('WARN_NotFound');
    }
    expect((await get(buyer, '/api/instats/getstatsbydate?id=C00002')).statusCode).toBe(404);
  });

  it('answers 403 to a customer filtering by store (an admin filter)', async () => {
    const res = await get(buyer, `/api/instats/GetStatsByFamilyJqGrid?almacen=${ctx.stores[0]}`);
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 to an admin asking for a client or store that does not exist', async () => {
    expect((await get(admin, '/api/instats/GetStatsByFamilyJqGrid?c_id=C99999')).statusCode).toBe(404);
    expect((await get(admin, '/api/instats/GetStatsByFamilyJqGrid?almacen=NOPE')).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  const cases: [string, string][] = [
    ['dateIni=2026-02-30', 'WARN_StatsDateInvalid'],
    ['dateIni=24/11/2026', 'WARN_StatsDateInvalid'],
    ['dateIni=2026-05-02&dateEnd=2026-05-01', 'WARN_StatsDateRange'],
    ['dateIni=2020-01-01&dateEnd=2026-01-01', 'WARN_StatsRangeTooLong'],
    ['periodo_cod=9', 'WARN_StatsPeriodInvalid'],
    ['sidx=password', 'WARN_ValidationError'],
  ];
  it.each(cases)('refuses %s with %s', async (query, key) => {
    const res = await get(admin, `/api/instats/GetStatsByDateJqGrid?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(key);
  });
});

describe('figures', () => {
  it('defaults to last month to today (in Spain) and to periods of a month', async () => {
    const body = await grid(admin, 'GetStatsByDateJqGrid', {});
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(t.clock.now());
    expect(body.userdata.dateEnd).toBe(today);
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const expected = new Date(Date.UTC(y, m - 2, Math.min(d, new Date(Date.UTC(y, m - 1, 0)).getUTCDate())));
    expect(body.userdata.dateIni).toBe(expected.toISOString().slice(0, 10));
    expect(body.userdata.periodo_cod).toBe(3);
    expect(body.rows.map((r) => r.Fecha)).toEqual([
      `${body.userdata.dateIni.slice(0, 7)}-01`,
      `${today.slice(0, 7)}-01`,
    ]);
  });

  it('puts the previous period (as many days, just before) beside each figure', async () => {
    const store = ctx.stores[0]!;
    const ids = await insertOrders(t.database.db, ctx, [
      {
        user: 'buyer',
        store,
        orderedAt: '2018-03-10T10:00:00Z',
        lines: [{ family: '24', modelId: null, searchLogId: null, quantity: 3, cents: 1000 }],
      },
      {
        user: 'buyer',
        store,
        orderedAt: '2018-02-10T10:00:00Z',
        lines: [{ family: '24', modelId: null, searchLogId: null, quantity: 1, cents: 400 }],
      },
      // 28 February is the previous range's last day; 1 March the range's first.
      {
        user: 'buyer',
        store,
        orderedAt: '2018-02-28T12:00:00Z',
        lines: [{ family: '25', modelId: null, searchLogId: null, quantity: 2, cents: 250 }],
      },
      // 23:30 UTC on 31 March is 1 April in Spain: outside the range.
      {
        user: 'buyer',
        store,
        orderedAt: '2018-03-31T23:30:00Z',
        lines: [{ family: '24', modelId: null, searchLogId: null, quantity: 5, cents: 5000 }],
      },
    ]);
    try {
      const range = { dateIni: '2018-03-01', dateEnd: '2018-03-31', c_id: 'C00001' };
      const family = await grid(admin, 'GetStatsByFamilyJqGrid', range);
      expect(family.userdata.previous).toEqual({
        dateIni: '2018-01-29',
        dateEnd: '2018-02-28',
        Importe: 6.5,
        Cantidad: 3,
      });
      expect(family.userdata.totals).toEqual({ Importe: 10, Cantidad: 3 });
      expect(family.rows).toEqual([
        expect.objectContaining({ Codigo: '24', Importe: 10, Cantidad: 3, ImporteAnterior: 4, CantidadAnterior: 1 }),
        // Sold in the previous period only: there with nothing now.
        expect.objectContaining({ Codigo: '25', Importe: 0, Cantidad: 0, ImporteAnterior: 2.5, CantidadAnterior: 2 }),
      ]);
      const byDay = await grid(admin, 'GetStatsByDateJqGrid', { ...range, periodo_cod: 1, rows: 100 });
      expect(byDay.records).toBe(31);
      // 10 March's previous day is 31 days earlier: 7 February; 10 February counts under 13 March.
      expect(byDay.rows.find((r) => r.Fecha === '2018-03-10')).toMatchObject({ Importe: 10, ImporteAnterior: 0 });
      expect(byDay.rows.find((r) => r.Fecha === '2018-03-13')).toMatchObject({ Importe: 0, ImporteAnterior: 4 });
      expect(byDay.rows.find((r) => r.Fecha === '2018-03-31')).toMatchObject({ Importe: 0, ImporteAnterior: 2.5 });
      const weeks = await grid(admin, 'GetStatsByDateJqGrid', { ...range, periodo_cod: 2, rows: 30 });
      expect(weeks.rows.map((r) => r.Fecha)).toEqual([
        '2018-02-26',
        '2018-03-05',
        '2018-03-12',
        '2018-03-19',
        '2018-03-26',
      ]);
      const series = (
        await get(admin, '/api/instats/getstatsbydate?id=C00001&dateIni=2018-03-01&dateEnd=2018-03-31&periodo_cod=4')
      ).json() as StatsSeriesResponse;
      expect(series.rows).toEqual([
        { Fecha: '2018-01-01', Importe: 10, Cantidad: 3, ImporteAnterior: 6.5, CantidadAnterior: 3 },
      ]);
    } finally {
      await deleteOrders(t.database.db, ids);
    }
  });

  it('names the model recorded on the cart line, else the plate search’s, else none', async () => {
    const [m1, m2] = ctx.models as [number, number];
    const log = await plateSearchLog(t.database.db, ctx, 'buyer', m2);
    const ids = await insertOrders(t.database.db, ctx, [
      {
        user: 'buyer',
        store: ctx.stores[1]!,
        orderedAt: '2017-06-15T09:00:00Z',
        lines: [
          { family: '01', modelId: m1, searchLogId: null, quantity: 1, cents: 100 },
          { family: '01', modelId: null, searchLogId: log, quantity: 2, cents: 200 },
          { family: '02', modelId: m1, searchLogId: log, quantity: 4, cents: 400 },
          { family: '02', modelId: null, searchLogId: null, quantity: 8, cents: 800 },
        ],
      },
    ]);
    try {
      const body = await grid(admin, 'GetStatsByModelJqGrid', {
        dateIni: '2017-06-01',
        dateEnd: '2017-06-30',
        lang: 'en',
      });
      const byCode = new Map(body.rows.map((r) => [r.Codigo, r]));
      expect(byCode.get(String(m1))).toMatchObject({ Importe: 5, Cantidad: 5 });
      expect(byCode.get(String(m2))).toMatchObject({ Importe: 2, Cantidad: 2 });
      expect(byCode.get('')).toMatchObject({ Importe: 8, Cantidad: 8, Nombre: 'Without a vehicle' });
      expect(byCode.get(String(m1))?.Nombre).toMatch(/\S+ \S+/);
      // Default sort: Importe descending.
      expect(body.rows.map((r) => r.Importe)).toEqual([8, 5, 2]);
      const otherStore = await grid(admin, 'GetStatsByModelJqGrid', {
        dateIni: '2017-06-01',
        dateEnd: '2017-06-30',
        almacen: ctx.stores[0]!,
      });
      expect(otherStore.records).toBe(0);
    } finally {
      await deleteOrders(t.database.db, ids);
    }
  });

  it('exports a screen as an Excel workbook with the totals', async () => {
    const ids = await insertOrders(t.database.db, ctx, [
      {
        user: 'buyer2',
        store: ctx.stores[0]!,
        orderedAt: '2016-05-05T10:00:00Z',
        lines: [{ family: '=1+1', modelId: null, searchLogId: null, quantity: 7, cents: 1234 }],
      },
    ]);
    try {
      const res = await get(admin, '/api/instats/export?kind=family&dateIni=2016-05-01&dateEnd=2016-05-31&lang=es');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain('estadisticas-family-2016-05-01-2016-05-31.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      expect(ws.getRow(4).getCell(2).value).toBe('Importe');
      expect(ws.getRow(5).getCell(1).value).toBe('=1+1');
      expect(ws.getRow(5).getCell(1).numFmt).toBe('@');
      expect(ws.getRow(5).getCell(2).value).toBe(12.34);
      expect(ws.getRow(6).getCell(1).value).toBe('Total');
      expect(ws.getRow(6).getCell(3).value).toBe(7);
    } finally {
      await deleteOrders(t.database.db, ids);
    }
  });

  it('shows a customer their own client only, the same figures an admin sees for it', async () => {
    const range = { dateIni: '2015-01-01', dateEnd: '2015-12-31' };
    const ids = await insertOrders(t.database.db, ctx, [
      {
        user: 'buyer',
        store: ctx.stores[0]!,
        orderedAt: '2015-04-01T10:00:00Z',
        lines: [{ family: '26', modelId: null, searchLogId: null, quantity: 2, cents: 300 }],
      },
      {
        user: 'buyer2',
        store: ctx.stores[0]!,
        orderedAt: '2015-04-01T10:00:00Z',
        lines: [{ family: '26', modelId: null, searchLogId: null, quantity: 9, cents: 9900 }],
      },
    ]);
    try {
      const mine = await grid(buyer, 'GetStatsByFamilyJqGrid', range);
      expect(mine.userdata.totals).toEqual({ Importe: 3, Cantidad: 2 });
      const own = await grid(buyer, 'GetStatsByFamilyJqGrid', { ...range, c_id: 'C00001' });
      expect(own.rows).toEqual(mine.rows);
      const forAdmin = await grid(admin, 'GetStatsByFamilyJqGrid', { ...range, c_id: 'C00001' });
      expect(forAdmin.rows).toEqual(mine.rows);
      const all = await grid(admin, 'GetStatsByFamilyJqGrid', range);
      expect(all.userdata.totals).toEqual({ Importe: 102, Cantidad: 11 });
    } finally {
      await deleteOrders(t.database.db, ids);
    }
  });
});

describe('property: the statistics add up to the order lines they summarise', () => {
  const line = fc.record({
    family: fc.constantFrom('01', '02', '24', '28'),
    model: fc.integer({ min: -2, max: 3 }),
    quantity: fc.integer({ min: 1, max: 50 }),
    cents: fc.integer({ min: 1, max: 500_000 }),
  });
  const order = fc.record({
    user: fc.constantFrom('buyer', 'buyer2', 'clientadmin'),
    store: fc.integer({ min: 0, max: 2 }),
    // Any minute of 2013 and the first days of 2014 (orders near midnight UTC fall on another day in Spain).
    minute: fc.integer({ min: 0, max: 400 * 1440 }),
    lines: fc.array(line, { minLength: 1, maxLength: 4 }),
  });
  const range = fc
    .tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }))
    .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);

  it('over random orders, clients, stores and ranges (by date, family and model; previous period too)', async () => {
    const log = await plateSearchLog(t.database.db, ctx, 'buyer', ctx.models[4]!);
    const day = (offset: number) => new Date(Date.UTC(2013, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
    await fc.assert(
      fc.asyncProperty(
        fc.array(order, { minLength: 1, maxLength: 12 }),
        range,
        fc.constantFrom(undefined, 'C00001', 'C00002'),
        fc.constantFrom(undefined, 0, 2),
        fc.constantFrom(1, 2, 3, 4),
        async (orders, [a, b], client, storeAt, period) => {
          const fixture: FixtureOrder[] = orders.map((o) => ({
            user: o.user,
            store: ctx.stores[o.store]!,
            orderedAt: new Date(Date.UTC(2013, 0, 1) + o.minute * 60_000).toISOString(),
            lines: o.lines.map((l) => ({
              family: l.family,
              modelId: l.model >= 0 ? ctx.models[l.model]! : null,
              searchLogId: l.model === -1 ? log : null,
              quantity: l.quantity,
              cents: l.cents,
            })),
          }));
          const ids = await insertOrders(t.database.db, ctx, fixture);
          try {
            const from = day(a);
            const to = day(b);
            const store = storeAt === undefined ? undefined : ctx.stores[storeAt]!;
            const params = {
              dateIni: from,
              dateEnd: to,
              rows: 1000,
              ...(client ? { c_id: client } : {}),
              ...(store ? { almacen: store } : {}),
            };
            const scope = { client, store };
            for (const [path, group] of [
              ['GetStatsByFamilyJqGrid', 'family'],
              ['GetStatsByModelJqGrid', 'model'],
            ] as const) {
              const body = await grid(admin, path, params);
              const expected = await linesSum(t.database.db, { from, to, group, ...scope });
              // Rows of keys sold only in the previous period carry 0 now (every line has a quantity of 1 or more).
              const now = body.rows.filter((r) => r.Cantidad > 0);
              expect(new Map(now.map((r) => [r.Codigo, { amount: cents(r.Importe), quantity: r.Cantidad }]))).toEqual(
                new Map([...expected].map(([k, v]) => [k, { amount: cents(v.amount), quantity: v.quantity }])),
              );
              const prev = body.userdata.previous;
              const before = await linesSum(t.database.db, {
                from: prev.dateIni,
                to: prev.dateEnd,
                group: 'total',
                ...scope,
              });
              expect(cents(prev.Importe)).toBe(cents(before.get('')?.amount ?? 0));
              expect(body.rows.reduce((s, r) => s + cents(r.ImporteAnterior), 0)).toBe(cents(prev.Importe));
            }
            const byDate = await grid(admin, 'GetStatsByDateJqGrid', { ...params, periodo_cod: period });
            const total = (await linesSum(t.database.db, { from, to, group: 'total', ...scope })).get('');
            expect(byDate.rows.reduce((s, r) => s + cents(r.Importe), 0)).toBe(cents(total?.amount ?? 0));
            expect(byDate.rows.reduce((s, r) => s + r.Cantidad, 0)).toBe(total?.quantity ?? 0);
            expect(byDate.rows.reduce((s, r) => s + cents(r.ImporteAnterior), 0)).toBe(
              cents(byDate.userdata.previous.Importe),
            );
          } finally {
            await deleteOrders(t.database.db, ids);
          }
        },
      ),
      { numRuns: 15 },
    );
    // Every order was taken away again: the statistics of 2013 are empty (the delete trigger undid them).
    const empty = await grid(admin, 'GetStatsByFamilyJqGrid', { dateIni: '2013-01-01', dateEnd: '2014-02-05' });
    expect(empty.records).toBe(0);
  });
});
