import type { FeedResult } from '@portal/contract/integration-feeds';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridClient } from '../../test/grid-checks.ts';
import { newMachineToken } from '../../test/machine-token.ts';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';

/** The feeds of the ERP's sales documents and the ERP's PDFs (decision 0066), through the integration API. */
let t: TestApp;
let token: string;
let eventsOnly: string;
let buyer: string;
let buyer2: string;
const rows = <T>(query: ReturnType<typeof sql>) => testRows<T>(t.database.db, query);

const machineToken = (scopes: ('erp.feeds' | 'erp.events')[], name: string) => newMachineToken(t, name, scopes);

function send(feed: string, body: unknown[], key?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/integration/v1/feeds/${feed}`,
    headers: { ...bearer(token), 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    payload: JSON.stringify(body),
  });
}
async function result(feed: string, body: unknown[], key?: string) {
  const res = await send(feed, body, key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedResult;
}

/** Two articles of the demo data; the client C00001 (buyer's) and C00002 (buyer2's); a store. */
let a1: string;
let a2: string;
const STORE = 'MAD01';
const ids = { order: 'PVF-0001', order2: 'PVF-0002', slip: 'ALF-0001', invoice: 'FVF-0001', credit: 'ABF-0001' };

const linesOf = (table: string, key: string, id: string) =>
  rows<{ line_no: number; item_id: string; quantity: string }>(
    sql`select line_no, item_id, quantity::text from ${sql.raw(table)} where ${sql.raw(key)} = ${id} order by line_no`,
  );
const order = async (id: string) =>
  (
    await rows<{ customer_ref: string; status: number; client_accountnum: string; store_id: string }>(
      sql`select customer_ref, status, client_accountnum, store_id from erp_sales_orders where sales_id = ${id}`,
    )
  )[0] ?? null;

beforeAll(async () => {
  t = await createTestApp();
  token = await machineToken(['erp.feeds'], 'ERP documents');
  eventsOnly = await machineToken(['erp.events'], 'ERP events only');
  buyer = (await makeUser(t, 'plateBuyer')).token;
  buyer2 = (await makeUser(t, 'buyer', { client: 'C00002' })).token;
  const articles = await rows<{ ref: string }>(sql`select ref_jumasa as ref from articles order by id limit 2`);
  [a1, a2] = [articles[0]!.ref, articles[1]!.ref];
});
afterAll(() => t.close());

const salesOrder = (over: Record<string, unknown> = {}) => ({
  SALESID: ids.order,
  CUSTACCOUNT: 'C00001',
  INVENTLOCATIONID: STORE,
  JUMCREATEDDATE: '2026-11-20T09:30:00Z',
  CUSTOMERREF: 'OT 1',
  DLVMODE: 'RUTA',
  LINES: [
    { LINENUM: 1, ITEMID: a1, QTY: 2, SALESPRICE: '10.00', LINEPERCENT: '10' },
    { LINENUM: 2, ITEMID: a2, QTY: 1, SALESPRICE: '5.50' },
  ],
  ...over,
});

describe('the sales-orders feed', () => {
  it('creates an order with its lines, is unchanged when sent again, and replays an answer by its idempotency key', async () => {
    const first = await result('sales-orders', [salesOrder()], 'orders-1');
    expect(first).toMatchObject({ applied: 1, unchanged: 0, refused: 0, errors: [] });
    expect(await order(ids.order)).toEqual({
      customer_ref: 'OT 1',
      status: 1,
      client_accountnum: 'C00001',
      store_id: STORE,
    });
    const lines = await rows<{ line_no: number; item_id: string; line_amount: string }>(
      sql`select line_no, item_id, line_amount::text from erp_sales_lines where sales_id = ${ids.order} order by line_no`,
    );
    expect(lines).toEqual([
      { line_no: 1, item_id: a1, line_amount: '18.00' },
      { line_no: 2, item_id: a2, line_amount: '5.50' },
    ]);

    expect(await result('sales-orders', [salesOrder()])).toMatchObject({ applied: 0, unchanged: 1, refused: 0 });

    // The same key and body: the first answer again, marked replayed, nothing applied a second time.
    const replay = await send('sales-orders', [salesOrder()], 'orders-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first);
    expect((await send('sales-orders', [salesOrder({ CUSTOMERREF: 'X' })], 'orders-1')).statusCode).toBe(422);
    expect((await order(ids.order))?.customer_ref).toBe('OT 1');
  });

  it('updates a header and replaces the lines as a whole; a field left out keeps its value', async () => {
    const changed = salesOrder({
      CUSTOMERREF: 'OT 2',
      LINES: [{ LINENUM: 1, ITEMID: a2, QTY: 3, SALESPRICE: '5.50' }],
    });
    expect(await result('sales-orders', [changed])).toMatchObject({ applied: 1, unchanged: 0 });
    expect(await linesOf('erp_sales_lines', 'sales_id', ids.order)).toEqual([
      { line_no: 1, item_id: a2, quantity: '3.00' },
    ]);
    // Without LINES and CUSTOMERREF: the header's date moves, the lines and the reference stay.
    const { LINES: _, CUSTOMERREF: __, ...bare } = salesOrder({ JUMCREATEDDATE: '2026-11-21T09:30:00Z' });
    expect(await result('sales-orders', [bare])).toMatchObject({ applied: 1 });
    expect((await order(ids.order))?.customer_ref).toBe('OT 2');
    expect(await linesOf('erp_sales_lines', 'sales_id', ids.order)).toHaveLength(1);
  });

  it('refuses each bad document whole with its key and reason, while the good rows of the batch apply', async () => {
    const body = [
      salesOrder({
        SALESID: 'PVF-BAD1',
        LINES: [
          { ITEMID: a1, QTY: 1, SALESPRICE: '1' },
          { ITEMID: 'NO-SUCH', QTY: 1, SALESPRICE: '1' },
        ],
      }),
      salesOrder({ SALESID: 'PVF-BAD2', CUSTACCOUNT: 'C99999' }),
      salesOrder({ SALESID: 'PVF-BAD3', INVENTLOCATIONID: 'NOWHERE' }),
      salesOrder({ SALESID: ids.order2 }),
      { SALESID: 'PVF-BAD4', CUSTACCOUNT: 'C00001', INVENTLOCATIONID: STORE },
      salesOrder({
        SALESID: 'PVF-BAD5',
        LINES: [
          { LINENUM: 1, ITEMID: a1, QTY: 1, SALESPRICE: '1' },
          { LINENUM: 1, ITEMID: a2, QTY: 1, SALESPRICE: '1' },
        ],
      }),
    ];
    const res = await result('sales-orders', body);
    expect(res).toMatchObject({ applied: 1, unchanged: 0, refused: 5 });
    expect(res.errors).toEqual([
      { row: 1, key: 'PVF-BAD1', reason: 'unknown-article: NO-SUCH' },
      { row: 2, key: 'PVF-BAD2', reason: 'unknown-client' },
      { row: 3, key: 'PVF-BAD3', reason: 'unknown-store' },
      { row: 5, key: 'PVF-BAD4', reason: expect.stringMatching(/^malformed: JUMCREATEDDATE/) },
      { row: 6, key: 'PVF-BAD5', reason: expect.stringMatching(/^malformed: LINES/) },
    ]);
    // Nothing of a refused document is written, not even its good line.
    const bad = await rows(sql`select 1 from erp_sales_orders where sales_id like 'PVF-BAD%'
                               union all select 1 from erp_sales_lines where sales_id like 'PVF-BAD%'`);
    expect(bad).toEqual([]);
    expect(await order(ids.order2)).not.toBeNull();
  });

  it('deletes an order on an explicit _delete row; deleting it again is unchanged', async () => {
    expect(await result('sales-orders', [{ SALESID: ids.order2, _delete: true }])).toMatchObject({ applied: 1 });
    expect(await order(ids.order2)).toBeNull();
    expect(await linesOf('erp_sales_lines', 'sales_id', ids.order2)).toEqual([]);
    expect(await result('sales-orders', [{ SALESID: ids.order2, _delete: true }])).toMatchObject({
      applied: 0,
      unchanged: 1,
    });
  });
});

describe('the packing-slips feed', () => {
  it('refuses a packing slip of an unknown sales order; a new one without lines delivers its order’s lines', async () => {
    const res = await result('packing-slips', [
      { PACKINGSLIPID: 'ALF-BAD', SALESID: 'PV-NOWHERE', DELIVERYDATE: '2026-11-22' },
      { PACKINGSLIPID: ids.slip, SALESID: ids.order, DELIVERYDATE: '2026-11-22' },
    ]);
    expect(res).toMatchObject({ applied: 1, refused: 1 });
    expect(res.errors).toEqual([{ row: 1, key: 'ALF-BAD', reason: 'unknown-sales-order' }]);
    expect(await linesOf('erp_packing_slip_lines', 'packing_slip_id', ids.slip)).toEqual([
      { line_no: 1, item_id: a2, quantity: '3.00' },
    ]);
    expect((await order(ids.order))?.status).toBe(2);
    expect(await rows(sql`select 1 from erp_sales_packing_slips where packing_slip_id = ${ids.slip}`)).toHaveLength(1);
  });

  it('is unchanged when sent again, replaces its lines when given, refuses an unknown article, and deletes', async () => {
    const slip = { PACKINGSLIPID: ids.slip, SALESID: ids.order, DELIVERYDATE: '2026-11-22' };
    expect(await result('packing-slips', [slip], 'slips-1')).toMatchObject({ unchanged: 1, applied: 0 });
    const replay = await send('packing-slips', [slip], 'slips-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toMatchObject({ unchanged: 1, applied: 0 });

    const partial = { ...slip, LINES: [{ LINENUM: 1, ITEMID: a2, QTY: 2 }] };
    expect(await result('packing-slips', [partial])).toMatchObject({ applied: 1 });
    expect(await linesOf('erp_packing_slip_lines', 'packing_slip_id', ids.slip)).toEqual([
      { line_no: 1, item_id: a2, quantity: '2.00' },
    ]);
    const bad = await result('packing-slips', [{ ...slip, LINES: [{ ITEMID: 'NO-SUCH', QTY: 1 }] }]);
    expect(bad.errors).toEqual([{ row: 1, key: ids.slip, reason: 'unknown-article: NO-SUCH' }]);
    expect(await linesOf('erp_packing_slip_lines', 'packing_slip_id', ids.slip)).toHaveLength(1);

    await result('packing-slips', [{ PACKINGSLIPID: 'ALF-GONE', SALESID: ids.order, DELIVERYDATE: '2026-11-23' }]);
    expect(await result('packing-slips', [{ PACKINGSLIPID: 'ALF-GONE', _delete: true }])).toMatchObject({ applied: 1 });
    expect(
      await rows(sql`select 1 from erp_packing_slips where packing_slip_id = 'ALF-GONE'
                          union all select 1 from erp_packing_slip_lines where packing_slip_id = 'ALF-GONE'`),
    ).toEqual([]);
  });
});

describe('the invoices feed', () => {
  // Built when a test runs: the articles are read in beforeAll.
  const invoice = () => ({
    INVOICEID: ids.invoice,
    SALESID: ids.order,
    INVOICEDATE: '2026-11-24',
    LINES: [
      { LINENUM: 1, ITEMID: a2, QTY: 3, SALESPRICE: '5.50' },
      { LINENUM: 2, ITEMID: a1, QTY: 1, SALESPRICE: '100.00', TAXPCT: '10' },
    ],
  });
  const invoiceGrid = () => gridClient(t.app, '/api/ininvoice/getallheadersjqgrid');
  const byId = {
    filters: JSON.stringify({ groupOp: 'AND', rules: [{ field: 'INVOICEID', op: 'eq', data: ids.invoice }] }),
  };

  it('creates an invoice with its lines and amounts; the customer sees it in their grid, another client does not', async () => {
    const res = await result('invoices', [invoice(), { ...invoice(), INVOICEID: 'FVF-BAD', SALESID: 'PV-NOWHERE' }]);
    expect(res).toMatchObject({ applied: 1, refused: 1 });
    expect(res.errors).toEqual([{ row: 2, key: 'FVF-BAD', reason: 'unknown-sales-order' }]);
    const [head] = await rows<{ net: string; vat: string; total: string; due: string }>(
      sql`select net_amount::text as net, vat_amount::text as vat, total_amount::text as total, due_date::text as due
            from erp_invoices where invoice_id = ${ids.invoice}`,
    );
    // 16.50 at 21 % (3.47) and 100.00 at 10 % (10.00).
    expect(head).toEqual({ net: '116.50', vat: '13.47', total: '129.97', due: '2026-12-24' });
    expect((await order(ids.order))?.status).toBe(3);

    const mine = await invoiceGrid()(buyer, byId);
    expect(mine.status).toBe(200);
    expect(mine.body.records).toBe(1);
    expect(mine.body.rows[0]).toMatchObject({
      INVOICEID: ids.invoice,
      INVOICEACCOUNT: 'C00001',
      SalesRelated: ids.order,
    });
    expect(Number(mine.body.rows[0]!.INVOICEAMOUNT)).toBe(129.97);
    const theirs = await invoiceGrid()(buyer2, byId);
    expect(theirs.status).toBe(200);
    expect(theirs.body.records).toBe(0);
  });

  it('is unchanged when sent again, takes the ERP’s amounts when sent, replays by key, and deletes', async () => {
    expect(await result('invoices', [invoice()])).toMatchObject({ unchanged: 1, applied: 0 });
    const amounts = { ...invoice(), SALESBALANCE: '116.50', SUMTAX: '13.48', INVOICEAMOUNT: '129.98' };
    const first = await result('invoices', [amounts], 'invoices-1');
    expect(first).toMatchObject({ applied: 1 });
    const replay = await send('invoices', [amounts], 'invoices-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first);
    const [head] = await rows<{ total: string }>(
      sql`select total_amount::text as total from erp_invoices where invoice_id = ${ids.invoice}`,
    );
    expect(head?.total).toBe('129.98');

    await result('invoices', [{ INVOICEID: 'FVF-GONE', SALESID: ids.order, INVOICEDATE: '2026-11-25' }]);
    // A new invoice without lines invoices its order's lines, at 21 %.
    expect(await linesOf('erp_invoice_lines', 'invoice_id', 'FVF-GONE')).toEqual([
      { line_no: 1, item_id: a2, quantity: '3.00' },
    ]);
    expect(await result('invoices', [{ INVOICEID: 'FVF-GONE', _delete: true }])).toMatchObject({ applied: 1 });
    expect(
      await rows(sql`select 1 from erp_invoices where invoice_id = 'FVF-GONE'
                          union all select 1 from erp_invoice_lines where invoice_id = 'FVF-GONE'
                          union all select 1 from erp_sales_invoices where invoice_id = 'FVF-GONE'`),
    ).toEqual([]);
  });
});

describe('the credit-notes feed', () => {
  const credit = () => ({
    CREDITNOTEID: ids.credit,
    CUSTACCOUNT: 'C00001',
    INVOICEDATE: '2026-11-25',
    RETURNSALESTABLEID: 'DEV-F1',
    LINES: [{ LINENUM: 1, ITEMID: a1, QTY: -2, SALESPRICE: '10.00' }],
  });
  it('creates, is unchanged again, updates, refuses an unknown client or article, replays by key and deletes', async () => {
    const res = await result('credit-notes', [
      credit(),
      { ...credit(), CREDITNOTEID: 'ABF-BAD1', CUSTACCOUNT: 'C99999' },
      { ...credit(), CREDITNOTEID: 'ABF-BAD2', LINES: [{ ITEMID: 'NO-SUCH', QTY: -1, SALESPRICE: '1' }] },
    ]);
    expect(res).toMatchObject({ applied: 1, refused: 2 });
    expect(res.errors).toEqual([
      { row: 2, key: 'ABF-BAD1', reason: 'unknown-client' },
      { row: 3, key: 'ABF-BAD2', reason: 'unknown-article: NO-SUCH' },
    ]);
    const amounts = () =>
      rows<{ net: string; vat: string; total: string; return_sales_id: string }>(
        sql`select net_amount::text as net, vat_amount::text as vat, total_amount::text as total, return_sales_id
              from erp_credit_notes where credit_note_id = ${ids.credit}`,
      );
    expect(await amounts()).toEqual([{ net: '-20.00', vat: '-4.20', total: '-24.20', return_sales_id: 'DEV-F1' }]);
    expect(await result('credit-notes', [credit()])).toMatchObject({ unchanged: 1, applied: 0 });

    const more = { ...credit(), LINES: [{ LINENUM: 1, ITEMID: a1, QTY: -3, SALESPRICE: '10.00' }] };
    const first = await result('credit-notes', [more], 'credit-1');
    expect(first).toMatchObject({ applied: 1 });
    expect((await send('credit-notes', [more], 'credit-1')).json()).toEqual(first);
    expect((await amounts())[0]?.net).toBe('-30.00');

    expect(await result('credit-notes', [{ CREDITNOTEID: ids.credit, _delete: true }])).toMatchObject({ applied: 1 });
    expect(await amounts()).toEqual([]);
    expect(await linesOf('erp_credit_note_lines', 'credit_note_id', ids.credit)).toEqual([]);
  });
});

describe('the ERP’s PDF of a document', () => {
  const PDF = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
      'trailer<</Root 1 0 R>>\n% made by the ERP for this test\n%%EOF\n',
  );
  const put = (kind: string, id: string, body: Buffer, as: string | null = token, type = 'application/pdf') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/integration/v1/documents/${kind}/${encodeURIComponent(id)}/pdf`,
      headers: { ...(as ? bearer(as) : {}), 'content-type': type },
      payload: body,
    });
  const stored = () => rows(sql`select 1 from erp_document_pdfs`);

  it('answers 401 to a person’s token or none, 403 to a client without erp.feeds, 404 to an unknown document', async () => {
    expect((await put('invoice', ids.invoice, PDF, buyer)).statusCode).toBe(401);
    expect((await put('invoice', ids.invoice, PDF, null)).statusCode).toBe(401);
    expect((await put('invoice', ids.invoice, PDF, eventsOnly)).statusCode).toBe(403);
    expect((await put('invoice', 'FV-NOWHERE', PDF)).statusCode).toBe(404);
    expect((await put('payslip', ids.invoice, PDF)).statusCode).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it('checks the content: not a PDF is 415, more than 20 MB is 413, and nothing is kept', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const notPdf = await put('invoice', ids.invoice, png);
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().message).toBe('WARN_FileTypeRefused');
    const script = await put('invoice', ids.invoice, Buffer.from('#!/bin/sh\necho hi\n'));
    expect(script.statusCode).toBe(415);
    const huge = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
    const tooLarge = await put('invoice', ids.invoice, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(await stored()).toEqual([]);
  });

  it('stores the ERP’s PDF, and the customer’s PDF download of the invoice serves those very bytes', async () => {
    const res = await put('invoice', ids.invoice, PDF);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'invoice', id: ids.invoice, size: PDF.length, changed: true });
    expect((await put('invoice', ids.invoice, PDF)).json()).toMatchObject({ changed: false });

    const link = await t.app.inject({
      method: 'GET',
      url: `/api/inprintreport/printreport/${ids.invoice}?tipoInforme=factura&tipoFormato=pdf`,
      headers: bearer(buyer),
    });
    expect(link.statusCode, link.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // Another client's customer cannot ask for it.
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/inprintreport/printreport/${ids.invoice}?tipoInforme=factura&tipoFormato=pdf`,
      headers: bearer(buyer2),
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('a document the ERP sent no PDF for is still drawn by the portal', async () => {
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/inprintreport/printreport/${ids.order}?tipoInforme=pedido&tipoFormato=pdf`,
      headers: bearer(buyer),
    });
    const file = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.equals(PDF)).toBe(false);
  });

  it('the credit note of a customer’s processed return serves the ERP’s PDF of that credit note', async () => {
    const [refund] = await rows<{ id: number; credit: string }>(
      sql`select id::int, credit_note_id as credit from refunds
           where client_accountnum = 'C00001' and credit_note_id is not null order by id limit 1`,
    );
    expect(refund).toBeDefined();
    expect(
      await result('credit-notes', [
        { CREDITNOTEID: refund!.credit, CUSTACCOUNT: 'C00001', INVOICEDATE: '2026-11-25', SALESBALANCE: '-1.00' },
      ]),
    ).toMatchObject({ applied: 1 });
    const ours = Buffer.concat([PDF, Buffer.from('% credit note\n')]);
    expect((await put('credit-note', refund!.credit, ours)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/inrefund/creditnote/${refund!.id}`,
      headers: bearer(buyer),
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(ours)).toBe(true);
  });
});
