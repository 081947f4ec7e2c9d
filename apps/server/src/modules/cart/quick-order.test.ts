import { QUICK_ORDER } from '@portal/contract/quick-order';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHARED_OEM } from '../../db/seed/quick-order.ts';
import { call, emptyCart } from '../../test/checkout-support.ts';
import { testRows } from '../../test/rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

let t: TestApp;
let buyer: string;
let buyer2: string;
let viewer: string;

/** Articles this file makes, so that every match, price and stock figure is certain. */
const A1 = 990_001; // QOT.900-0001, OEM QX1 000 001 A; none in MAD01 (buyer's home), 5 in BCN01, 3 in VLC01
const A2 = 990_002; // QOT.900-0002, OEM QX9 999 999 Z shared with A3; 10 in MAD01
const A3 = 990_003; // QOT.900-0003, OEM QX9 999 999 Z; no stock anywhere
const A4 = 990_004; // QOT.900-0004, glass, EUROCODE 9999AGNV; 2 in MAD01

async function makeArticles() {
  const db = t.database.db;
  const article = (id: number, ref: string, family: string, eurocode: string | null) =>
    db.execute(sql`with a as (
        insert into articles (id, ref_jumasa, ref_norm, supplier, family_code, description, eurocode, search_text)
        values (${id}, ${ref}, ${ref.replace(/[.-]/g, '')}, 'QuickTest', ${family}, ${`Pieza ${ref}`}, ${eurocode}, ${ref.toLowerCase()})
        returning id)
      insert into article_prices (article_id, pv1d) select id, 100 from a`);
  await article(A1, 'QOT.900-0001', '01', null);
  await article(A2, 'QOT.900-0002', '01', null);
  await article(A3, 'QOT.900-0003', '01', null);
  await article(A4, 'QOT.900-0004', '28', '9999AGNV');
  for (const [id, oem] of [
    [A1, 'QX1 000 001 A'],
    [A2, 'QX9 999 999 Z'],
    [A3, 'QX9 999 999 Z'],
  ] as const)
    await db.execute(
      sql`insert into article_oem (article_id, oem, oem_norm) values (${id}, ${oem}, ${oem.replace(/ /g, '')})`,
    );
  for (const [id, store, units] of [
    [A1, 'BCN01', 5],
    [A1, 'VLC01', 3],
    [A2, 'MAD01', 10],
    [A4, 'MAD01', 2],
  ] as const)
    await db.execute(sql`insert into stock (article_id, store_id, quantity) values (${id}, ${store}, ${units})`);
  // Each client's own agreed price of A1.
  await db.execute(sql`insert into client_article_prices (client_accountnum, article_id, net_price)
    values ('C00001', ${A1}, 42.00), ('C00002', ${A1}, 77.00)`);
}

beforeAll(async () => {
  t = await createTestApp();
  await makeArticles();
  buyer = (await makeUser(t, 'plateBuyer')).token;
  buyer2 = (await makeUser(t, 'buyer', { client: 'C00002' })).token;
  viewer = (await makeUser(t, 'viewer')).token;
});
afterAll(() => t.close());
beforeEach(async () => {
  await emptyCart(t.app, buyer);
  await emptyCart(t.app, buyer2);
});

const resolve = (token: string, body: unknown) => call(t.app, token, 'POST', '/api/quickorder/resolve', body);
const cartLines = async (token: string) =>
  (await call(t.app, token, 'GET', '/api/incheckout/getcurrentcart')).json().cartitem_views as {
    id_articulo: number;
    qty: number;
    inventlocationchosenid: string | null;
  }[];
const only = <T>(list: T[]) => {
  expect(list).toHaveLength(1);
  return list[0]!;
};

describe('resolving a list', () => {
  it('finds our reference, an OEM code and a EUROCODE typed with spaces, dots and dashes, whatever the separator', async () => {
    const text = [
      'Referencia;Cantidad;Almacén',
      'qot 900 0001\t2',
      'QX1-000.001-A;3;VLC01',
      '9999 agnv 1',
      'qot/900_0002,4',
    ].join('\n');
    const res = await resolve(buyer, { text });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.header).toBe(true);
    expect(body.homeStore).toBe('MAD01');
    const [ref, oem, euro, slash] = body.lines;
    expect(ref).toMatchObject({ row: 2, status: 'found', quantity: 2, correction: null });
    expect(only(ref.candidates)).toMatchObject({
      id_articulo: A1,
      matchedBy: 'reference',
      preciocliente: 42,
      pv1d: 100,
    });
    // No stock at home (MAD01): the first store holding it, in the stores' order.
    expect(ref.candidates[0].store).toBe('BCN01');
    const mad = ref.candidates[0].stock.find((s: { id_almacen: string }) => s.id_almacen === 'MAD01');
    expect(mad).toMatchObject({ status: 1, wsstock: 0 });
    expect(oem).toMatchObject({ row: 3, status: 'found', quantity: 3, storeTyped: 'VLC01' });
    expect(only(oem.candidates)).toMatchObject({ id_articulo: A1, matchedBy: 'oem', store: 'VLC01', storeNote: null });
    expect(euro).toMatchObject({ status: 'found', quantity: 1 });
    expect(only(euro.candidates)).toMatchObject({ id_articulo: A4, matchedBy: 'eurocode', store: 'MAD01' });
    expect(only(slash.candidates)).toMatchObject({ id_articulo: A2, store: 'MAD01' });
  });

  it('answers every candidate of an ambiguous code, "not found" with the line as typed, and a line without a code', async () => {
    const res = await resolve(buyer, { text: 'QX9 999 999 Z 2\nNO-SUCH.REF 4\n-- 3' });
    const [ambiguous, missing, invalid] = res.json().lines;
    expect(ambiguous.status).toBe('ambiguous');
    expect(ambiguous.candidates.map((c: { id_articulo: number }) => c.id_articulo)).toEqual([A2, A3]);
    // A3 is nowhere and has no home stock: the home store (a back-order, which the cart says).
    expect(ambiguous.candidates[1]).toMatchObject({ matchedBy: 'oem', store: 'MAD01' });
    expect(missing).toMatchObject({
      status: 'notFound',
      identifier: 'NO-SUCH.REF',
      quantityTyped: '4',
      candidates: [],
    });
    expect(invalid).toMatchObject({ status: 'invalid', candidates: [] });
  });

  it('the demo data’s shared OEM code is ambiguous too', async () => {
    const [line] = (await resolve(buyer, { text: `${SHARED_OEM}\t1` })).json().lines;
    expect(line.status).toBe('ambiguous');
    expect(line.candidates).toHaveLength(2);
  });

  it('prefers our reference to a code of another article', async () => {
    // A2's reference typed; A3 carries it as an OEM code too.
    await t.database.db.execute(
      sql`insert into article_oem (article_id, oem, oem_norm) values (${A3}, 'QOT 900 0002', 'QOT9000002')`,
    );
    const [line] = (await resolve(buyer, { rows: [{ row: 1, identifier: 'QOT.900-0002', quantity: '1' }] })).json()
      .lines;
    expect(only(line.candidates)).toMatchObject({ id_articulo: A2, matchedBy: 'reference' });
    await t.database.db.execute(sql`delete from article_oem where article_id = ${A3} and oem_norm = 'QOT9000002'`);
  });

  it('corrects quantities by the cart’s rules and says how', async () => {
    const rows = ['0', 'abc', '2,5', '100000', ''].map((quantity, i) => ({
      row: i + 1,
      identifier: 'QOT.900-0001',
      quantity,
    }));
    const lines = (await resolve(buyer, { rows })).json().lines;
    expect(lines.map((l: { quantity: number; correction: string | null }) => [l.quantity, l.correction])).toEqual([
      [1, 'min'],
      [1, 'notNumber'],
      [3, 'whole'],
      [9999, 'max'],
      [1, 'missing'],
    ]);
  });

  it('takes a typed store only where the article may be served, and says why not', async () => {
    const rows = [
      { row: 1, identifier: 'QOT.900-0001', quantity: '1', store: 'BIO01' },
      { row: 2, identifier: 'QOT.900-0001', quantity: '1', store: 'XXX99' },
      { row: 3, identifier: 'QOT.900-0003', quantity: '1', store: 'mad01' },
    ];
    const [noStock, unknown, home] = (await resolve(buyer, { rows })).json().lines;
    expect(noStock.candidates[0]).toMatchObject({ store: 'BCN01', storeNote: 'noStock' });
    expect(unknown.candidates[0]).toMatchObject({ store: 'BCN01', storeNote: 'unknown' });
    // The home store always may serve (a transfer or a back-order).
    expect(home.candidates[0]).toMatchObject({ store: 'MAD01', storeNote: null });
  });

  it('prices with the caller’s own client only', async () => {
    const mine = (await resolve(buyer, { text: 'QOT.900-0001 1' })).json().lines[0].candidates[0];
    const theirs = (await resolve(buyer2, { text: 'QOT.900-0001 1' })).json().lines[0].candidates[0];
    expect(mine.preciocliente).toBe(42);
    expect(theirs.preciocliente).toBe(77);
    // buyer2's home store is not buyer's: the answer is theirs too.
    const home2 = (await resolve(buyer2, { text: 'QOT.900-0001 1' })).json().homeStore;
    const [client2] = await testRows<{ store_id: string | null }>(
      t.database.db,
      sql`select store_id from clients where accountnum = 'C00002'`,
    );
    expect(home2).toBe(client2!.store_id);
  });

  it('refuses more than 500 lines, an empty list, and both text and rows, with a clear key', async () => {
    const many = Array.from({ length: QUICK_ORDER.maxLines + 1 }, (_, i) => `QOT.900-0001 ${i + 1}`).join('\n');
    const tooMany = await resolve(buyer, { text: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('WARN_QuickOrderTooManyLines');
    const rows = Array.from({ length: QUICK_ORDER.maxLines + 1 }, (_, i) => ({ row: i + 1, identifier: 'X12345' }));
    expect((await resolve(buyer, { rows })).json().message).toBe('WARN_QuickOrderTooManyLines');
    const exactly = many.split('\n').slice(0, QUICK_ORDER.maxLines).join('\n');
    expect((await resolve(buyer, { text: exactly })).json().lines).toHaveLength(QUICK_ORDER.maxLines);
    const empty = await resolve(buyer, { text: '\n# nothing\n' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('WARN_QuickOrderEmpty');
    const both = await resolve(buyer, { text: 'A', rows: [] });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('WARN_QuickOrderTextOrRows');
  });

  it('answers 401 to an anonymous caller and 403 to a user who may not buy', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/quickorder/resolve', payload: { text: 'A 1' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await resolve(viewer, { text: 'QOT.900-0001 1' })).statusCode).toBe(403);
  });
});

describe('adding resolved lines to the cart', () => {
  const add = (token: string, lines: unknown[]) => call(t.app, token, 'POST', '/api/quickorder/addtocart', { lines });

  it('adds every line with its store: typed, else home with stock, else the first store holding it', async () => {
    const res = await add(buyer, [
      { id_articulo: A1, quantity: 2 },
      { id_articulo: A2, quantity: 3, store: 'BIO01' },
      { id_articulo: A4, quantity: 1, store: 'MAD01' },
      { id_articulo: A1, quantity: 1, store: 'VLC01' },
      { id_articulo: A3, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 4, added: 4 });
    expect(res.json().lines[1]).toMatchObject({ id_articulo: A2, store: 'MAD01', storeNote: 'noStock' });
    const lines = await cartLines(buyer);
    const byId = new Map(lines.map((l) => [l.id_articulo, l]));
    // The two lines of A1 are one: 3 units, at the store one of them named.
    expect(byId.get(A1)).toMatchObject({ qty: 3, inventlocationchosenid: 'VLC01' });
    expect(byId.get(A2)).toMatchObject({ qty: 3, inventlocationchosenid: 'MAD01' });
    expect(byId.get(A4)).toMatchObject({ qty: 1, inventlocationchosenid: 'MAD01' });
    // Nowhere in stock and home has none: the home store (a back-order the cart line says).
    expect(byId.get(A3)).toMatchObject({ qty: 1, inventlocationchosenid: 'MAD01' });
  });

  it('adds to a line already in the cart, at most 9999', async () => {
    await add(buyer, [{ id_articulo: A2, quantity: 9000 }]);
    await add(buyer, [{ id_articulo: A2, quantity: 5000 }]);
    expect(only(await cartLines(buyer))).toMatchObject({ id_articulo: A2, qty: 9999 });
  });

  it('writes nothing when one line is refused', async () => {
    const gone = await add(buyer, [
      { id_articulo: A1, quantity: 1 },
      { id_articulo: 2_000_000_000, quantity: 1 },
    ]);
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe('WARN_QuickOrderArticleGone');
    const zero = await add(buyer, [
      { id_articulo: A1, quantity: 1 },
      { id_articulo: A2, quantity: 0 },
    ]);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('WARN_QuantityMin');
    const many = Array.from({ length: QUICK_ORDER.maxLines + 1 }, () => ({ id_articulo: A1, quantity: 1 }));
    expect((await add(buyer, many)).json().message).toBe('WARN_QuickOrderTooManyLines');
    expect((await add(buyer, [])).json().message).toBe('WARN_QuickOrderEmpty');
    expect(await cartLines(buyer)).toEqual([]);
  });
});

describe('reading a file', () => {
  async function upload(token: string, name: string, bytes: Buffer) {
    const boundary = '----quickorder';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/quickorder/readfile',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  }

  it('reads an XLSX file’s first sheet as tab-separated lines, and a CSV file (Windows-1252 too) as it is', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Pedido');
    sheet.addRow(['Referencia', 'Cantidad']);
    sheet.addRow(['QOT.900-0001', 2]);
    sheet.addRow(['9999AGNV', 1, 'MAD01']);
    const xlsx = await upload(buyer, 'pedido.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.json()).toEqual({ text: 'Referencia\tCantidad\nQOT.900-0001\t2\n9999AGNV\t1\tMAD01', rows: 3 });
    const csv = await upload(buyer, 'pedido.csv', Buffer.from('Almacén;x\nQOT.900-0001;2\n', 'latin1'));
    expect(csv.json()).toEqual({ text: 'Almacén;x\nQOT.900-0001;2', rows: 2 });
  });

  it('refuses a file that is neither text nor XLSX (415) and one over the size limit (413)', async () => {
    const binary = await upload(buyer, 'x.bin', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]));
    expect(binary.statusCode).toBe(415);
    expect(binary.json().message).toBe('WARN_QuickOrderFileType');
    const big = await upload(buyer, 'big.csv', Buffer.alloc(QUICK_ORDER.maxFileBytes + 10, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('WARN_QuickOrderFileTooLarge');
  });
});

describe('reorder', () => {
  const reorder = (token: string, kind: string, id: string) =>
    call(t.app, token, 'GET', `/api/quickorder/reorder/${kind}/${encodeURIComponent(id)}`);

  beforeAll(async () => {
    const db = t.database.db;
    await db.execute(sql`insert into erp_sales_orders (sales_id, client_accountnum, created_at, store_id, store_name,
        delivery_name, status, dlv_mode, sales_origin_id, sales_taker)
      values ('QO000001', 'C00001', now(), 'BIO01', 'Almacén Bilbao', 'Taller', 2, 'AGENCIA', 'WEB', 'Ana')`);
    await db.execute(sql`insert into erp_sales_lines (sales_id, line_no, article_id, item_id, name, quantity, sales_price, line_amount)
      values ('QO000001', 1, ${A1}, 'QOT.900-0001', 'Pieza 1', 2, 50, 100),
             ('QO000001', 2, null, 'OLD-GONE-1', 'Pieza que ya no vendemos', 1, 10, 10),
             ('QO000001', 3, ${A2}, 'QOT.900-0002', 'Pieza 2', 1.5, 20, 30)`);
    // An order served from the home store, which holds none of A1 now.
    await db.execute(sql`insert into erp_sales_orders (sales_id, client_accountnum, created_at, store_id, store_name,
        delivery_name, status, dlv_mode, sales_origin_id, sales_taker)
      values ('QO000002', 'C00001', now(), 'MAD01', 'Almacén Madrid Sur', 'Taller', 2, 'AGENCIA', 'WEB', 'Ana')`);
    await db.execute(sql`insert into erp_sales_lines (sales_id, line_no, article_id, item_id, name, quantity, sales_price, line_amount)
      values ('QO000002', 1, ${A1}, 'QOT.900-0001', 'Pieza 1', 1, 42, 42)`);
  });

  it('checks each line of an order again: today’s price, no longer sold, no stock in its store', async () => {
    const res = await reorder(buyer, 'order', 'QO000001');
    expect(res.statusCode).toBe(200);
    const [priced, gone, elsewhere] = res.json().lines;
    // Ordered at 50.00 net; the client's price today is 42.00. BIO01 holds none of it.
    expect(priced).toMatchObject({
      documentPrice: 50,
      quantity: 2,
      documentStore: 'BIO01',
      changes: ['price', 'noStock'],
    });
    expect(priced.article).toMatchObject({ id_articulo: A1, preciocliente: 42, store: 'BCN01' });
    expect(gone).toMatchObject({ itemId: 'OLD-GONE-1', article: null, changes: ['notSold'] });
    // 1.5 units are rounded to 2 by the cart's rules; the price per unit was 20.
    expect(elsewhere).toMatchObject({ quantity: 2, correction: 'whole', changes: ['price', 'noStock'] });
    expect(elsewhere.article.store).toBe('MAD01');
  });

  it('a line whose store (even the home store) has no stock now goes to the first store holding it', async () => {
    const [line] = (await reorder(buyer, 'order', 'QO000002')).json().lines;
    expect(line).toMatchObject({ documentStore: 'MAD01', changes: ['noStock'] });
    expect(line.article).toMatchObject({ preciocliente: 42, store: 'BCN01' });
  });

  it('reads a web order, an invoice and a packing slip of the caller’s client', async () => {
    for (const [kind, table, column] of [
      ['weborder', 'web_orders', 'id'],
      ['invoice', 'erp_invoices', 'invoice_id'],
      ['packingslip', 'erp_packing_slips', 'packing_slip_id'],
    ] as const) {
      const [doc] = await testRows<{ id: string }>(
        t.database.db,
        sql`select ${sql.raw(column)}::text as id from ${sql.raw(table)} where client_accountnum = 'C00001'
            order by 1 limit 1`,
      );
      const res = await reorder(buyer, kind, doc!.id);
      expect(res.statusCode, kind).toBe(200);
      expect(res.json().lines.length, kind).toBeGreaterThan(0);
      // Another client's document is as if it did not exist.
      expect((await reorder(buyer2, kind, doc!.id)).statusCode, kind).toBe(404);
    }
  });

  it('refuses another client’s order (404), an unknown kind (400), and anonymous callers (401)', async () => {
    expect((await reorder(buyer2, 'order', 'QO000001')).statusCode).toBe(404);
    expect((await reorder(buyer, 'quote', 'QO000001')).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/quickorder/reorder/order/QO000001' });
    expect(anonymous.statusCode).toBe(401);
  });
});
