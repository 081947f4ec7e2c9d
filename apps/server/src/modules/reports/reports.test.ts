import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { isRiskyText, TEXT_FORMAT } from '../../lib/excel-text.ts';
import { reportsSuite } from '../../test/reports-suite.ts';
import { bearer } from '../../test/test-app.ts';
import { safeFileName } from './reports.routes.ts';

// The download links themselves (forgery, single use, the daily limit) are tested in download-links.test.ts.
const s = reportsSuite({ WEB_CONTEXT_HOSTS: 'pecaslus.test=1' });
const { rows, get, post, firstId, download, logRows, pdfText, workbook } = s;

describe('order PDF', () => {
  it('reads like a business document: brand, number, client, addresses, lines, VAT and total', async () => {
    const [order] = await rows<{ sales_id: string; total: number; n: number }>(
      sql`select o.sales_id, sum(l.line_amount)::float8 as total, count(*)::int as n
            from erp_sales_orders o join erp_sales_lines l on l.sales_id = o.sales_id
           where o.client_accountnum = 'C00001' and o.sales_id like '41PV%' and o.customer_ref like 'OT-%'
           group by o.sales_id having count(*) >= 3 order by o.sales_id limit 1`,
    );
    const lines = await rows<{ item_id: string }>(
      sql`select item_id from erp_sales_lines where sales_id = ${order!.sales_id} order by line_no`,
    );
    const { file } = await download(s.buyer, order!.sales_id, 'pedido', 'pdf');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const shown = order!.sales_id.slice(2);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Pedido_${shown}.pdf"; filename*=UTF-8''Pedido_${shown}.pdf`,
    );
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('Recambia Distribución, S.L.');
    expect(text).toContain('PEDIDO');
    expect(text).toContain(shown);
    expect(text).not.toContain(order!.sales_id);
    expect(text).toContain('Talleres Hermanos García, S.L.');
    expect(text).toContain('Dirección de entrega'.toUpperCase());
    for (const l of lines) expect(text).toContain(l.item_id);
    const net = Math.round(order!.total * 100) / 100;
    const vat = Math.round(net * 21) / 100;
    const money = (n: number) =>
      `${n.toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
    expect(text).toContain('Base imponible');
    expect(text).toContain(money(net).replace(/\u00a0/g, ' '));
    expect(text).toMatch(/Total/);
    expect(text.replace(/\s+/g, ' ')).toContain(money(Math.round((net + vat) * 100) / 100).replace(/\u00a0/g, ' '));
    expect(text).toContain('Página 1 de 1');
  });

  it('writes the document log: type 1, PDF, the user, the client and the time', async () => {
    const order = await firstId('order', 'C00001');
    const before = (await logRows('clientadmin')).length;
    await download(s.clientadmin, order, 'pedido', 'pdf');
    const log = await logRows('clientadmin');
    expect(log).toHaveLength(before + 1);
    const [user] = await rows<{ id: string }>(sql`select id::text from users where username = 'clientadmin'`);
    expect(log.at(-1)).toEqual({
      document_id: order,
      document_type: 1,
      extension_cod: 0,
      client_id: 'C00001',
      username: 'clientadmin',
      user_id: user!.id,
    });
    const [fecha] = await rows<{ age: number }>(
      sql`select extract(epoch from now() - max(fecha))::float8 as age from document_logs where username = 'clientadmin'`,
    );
    expect(Math.abs(fecha!.age)).toBeLessThan(60);
  });

  it('answers 404 for another client’s order, with no URL and no log', async () => {
    const order = await firstId('order', 'C00001');
    const before = (await logRows('buyer2')).length;
    const res = await get(`/api/inprintreport/printreport/${order}?tipoInforme=pedido&tipoFormato=pdf`, s.buyer2);
    expect(res.statusCode).toBe(404);
    expect(res.json().url).toBeUndefined();
    expect((await logRows('buyer2')).length).toBe(before);
    expect((await get(`/api/inprintreport/printreport/${order}?tipoInforme=pedido&tipoFormato=pdf`)).statusCode).toBe(
      401,
    );
    const wrongType = await get(`/api/inprintreport/printreport/${order}?tipoInforme=factura&tipoFormato=pdf`, s.buyer);
    expect(wrongType.statusCode).toBe(404);
    const bad = await get(`/api/inprintreport/printreport/${order}?tipoInforme=nomina&tipoFormato=pdf`, s.buyer);
    expect(bad.statusCode).toBe(400);
    expect(
      (await get(`/api/inprintreport/printreport/${order}?tipoInforme=pedido&tipoFormato=docx`, s.buyer)).statusCode,
    ).toBe(400);
  });
});

describe('invoice Excel', () => {
  it('has a header row with autofilter, typed number and date cells, VAT, and the log row (type 3, Excel)', async () => {
    const [invoice] = await rows<{ invoice_id: string; n: number; total: number; date: string }>(
      sql`select i.invoice_id, count(*)::int as n, i.total_amount::float8 as total, to_char(i.invoice_date, 'YYYY-MM-DD') as date
            from erp_invoices i join erp_invoice_lines l on l.invoice_id = i.invoice_id
           where i.client_accountnum = 'C00002' group by i.invoice_id having count(*) >= 2 order by i.invoice_id limit 1`,
    );
    const res = await post(`/api/inprintreport/printreport/${invoice!.invoice_id}`, s.buyer2, {
      tipoInforme: 'factura',
      tipoFormato: 'excel',
    });
    expect(res.statusCode).toBe(200);
    const file = await get(res.json().url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Factura_[A-Za-z0-9_.-]+\.xlsx"/);
    const wb = await workbook(file.rawPayload);
    const lines = wb.worksheets[0]!;
    expect(lines.name).toBe('Líneas');
    expect(lines.getRow(1).values).toEqual([
      undefined,
      'Lín.',
      'Pedido',
      'Referencia',
      'Descripción',
      'Cantidad',
      'Precio',
      'Dto. %',
      'Importe',
      'IVA %',
      'Cuota IVA',
    ]);
    expect(lines.autoFilter).toBeTruthy();
    expect(lines.rowCount).toBe(invoice!.n + 1);
    let net = 0;
    for (let r = 2; r <= lines.rowCount; r++) {
      const row = lines.getRow(r);
      for (const c of [1, 5, 6, 8, 9, 10]) expect(typeof row.getCell(c).value, `row ${r} col ${c}`).toBe('number');
      expect(row.getCell(9).value).toBe(21);
      expect(Number(row.getCell(10).value)).toBeCloseTo(Number(row.getCell(8).value) * 0.21, 2);
      expect(row.getCell(8).numFmt).toContain('0.00');
      net += Number(row.getCell(8).value);
    }
    const data = wb.worksheets[1]!;
    const byLabel = new Map<string, ExcelJS.CellValue>();
    data.eachRow((row, i) => {
      if (i > 1) byLabel.set(String(row.getCell(1).value), row.getCell(2).value);
    });
    const date = byLabel.get('Fecha');
    expect(date).toBeInstanceOf(Date);
    expect((date as Date).toISOString().slice(0, 10)).toBe(invoice!.date);
    expect(byLabel.get('Vencimiento')).toBeInstanceOf(Date);
    expect(byLabel.get('Total')).toBeCloseTo(invoice!.total, 2);
    expect(byLabel.get('Base imponible')).toBeCloseTo(net, 2);
    const log = (await logRows('buyer2')).at(-1)!;
    expect(log).toMatchObject({
      document_id: invoice!.invoice_id,
      document_type: 3,
      extension_cod: 1,
      client_id: 'C00002',
    });
  });

  it('an invoice POST with its parameters in the query string and no body answers the URL (the web sends that)', async () => {
    const [invoice] = await rows<{ invoice_id: string }>(
      sql`select invoice_id from erp_invoices where client_accountnum = 'C00002' order by invoice_id limit 1`,
    );
    const url = `/api/inprintreport/printreport/${invoice!.invoice_id}?tipoInforme=factura&tipoFormato=pdf&lang=es`;
    const none = await s.t.app.inject({ method: 'POST', url, headers: bearer(s.buyer2) });
    expect(none.statusCode, none.body).toBe(200);
    const file = await get(none.json().url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // An empty body sent as JSON is no body either.
    const emptyJson = await s.t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(s.buyer2), 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyJson.statusCode, emptyJson.body).toBe(200);
    // A body that is not JSON is still refused.
    const broken = await s.t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(s.buyer2), 'content-type': 'application/json' },
      payload: '{"tipoInforme":',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('writes texts as text: never a formula, no visible apostrophe, risky ones in the Text format', async () => {
    const [order] = await rows<{ sales_id: string }>(
      sql`select o.sales_id from erp_sales_orders o where o.client_accountnum = 'C00001' and exists
            (select 1 from erp_sales_lines l where l.sales_id = o.sales_id and l.line_no = 3) order by o.sales_id desc limit 1`,
    );
    await s.t.database.db.execute(sql`update erp_sales_orders set customer_ref = '=HYPERLINK("http://evil.example","x")',
        delivery_name = '@SUM(1+1)' where sales_id = ${order!.sales_id}`);
    await s.t.database.db.execute(sql`update erp_sales_lines set name = case line_no when 1 then '+cmd|'' /C calc''!A0'
        when 2 then '-2+3' when 3 then '=1+1' else name end, item_id = case line_no when 2 then '-1-1 REF' when 3 then '@X' else item_id end
        where sales_id = ${order!.sales_id}`);
    const { file } = await download(s.buyer, order!.sales_id, 'pedido', 'excel');
    const wb = await workbook(file.rawPayload);
    let texts = 0;
    let risky = 0;
    for (const ws of wb.worksheets) {
      ws.eachRow((row) => {
        row.eachCell((cell) => {
          expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
          expect(cell.formula).toBeUndefined();
          if (typeof cell.value !== 'string') return;
          texts++;
          expect(cell.type).toBe(ExcelJS.ValueType.String);
          expect(cell.value, cell.value).not.toMatch(/^'/);
          // A risky text keeps the Text format: edited in Excel, it stays text and never runs.
          if (/^[=+\-@\t\r]/.test(cell.value)) {
            risky++;
            expect(cell.numFmt, cell.value).toBe(TEXT_FORMAT);
          } else expect(cell.numFmt, cell.value).not.toBe(TEXT_FORMAT);
        });
      });
    }
    expect(texts).toBeGreaterThan(10);
    expect(risky).toBe(7);
    const sheet = wb.worksheets[0]!;
    expect([2, 3, 4].map((r) => sheet.getRow(r).getCell(3).value)).toEqual(["+cmd|' /C calc'!A0", '-2+3', '=1+1']);
    expect([3, 4].map((r) => sheet.getRow(r).getCell(2).value)).toEqual(['-1-1 REF', '@X']);
    const values = [...(wb.worksheets[1]!.getColumn(2).values ?? [])].map(String);
    expect(values).toContain('=HYPERLINK("http://evil.example","x")');
    expect(values.some((v) => v.startsWith('@SUM(1+1), '))).toBe(true);
    expect(isRiskyText('normal')).toBe(false);
    expect(isRiskyText('\tx')).toBe(true);
  });
});

describe('packing slip documents and CheckReport', () => {
  it('a delivery note in PDF (type 2) through CheckReport, in the language asked for', async () => {
    const [slip] = await rows<{ packing_slip_id: string; sales: string }>(
      sql`select p.packing_slip_id, (select string_agg(sales_id, ',') from erp_sales_packing_slips r where r.packing_slip_id = p.packing_slip_id) as sales
            from erp_packing_slips p where p.client_accountnum = 'C00001' order by p.packing_slip_id limit 1`,
    );
    const res = await get(
      `/api/download/CheckReport/${slip!.packing_slip_id}?tipoformato=pdf&tipoinforme=albaran&lang=en&userName=BUYER`,
      s.buyer,
    );
    expect(res.statusCode).toBe(200);
    const file = await get(res.json().url);
    expect(file.headers['content-disposition']).toContain(`DeliveryNote_${slip!.packing_slip_id}.pdf`);
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('DELIVERY NOTE');
    expect(text).toContain(slip!.packing_slip_id);
    expect(text).toContain('Orders:');
    expect(text).toContain('Page 1 of 1');
    expect((await logRows('buyer')).at(-1)).toMatchObject({
      document_id: slip!.packing_slip_id,
      document_type: 2,
      extension_cod: 0,
    });
    // userName must be the caller (an admin may name anybody).
    const other = await get(
      `/api/download/CheckReport/${slip!.packing_slip_id}?tipoformato=pdf&tipoinforme=albaran&lang=es&userName=buyer2`,
      s.buyer,
    );
    expect(other.statusCode).toBe(403);
    const asAdmin = await get(
      `/api/download/CheckReport/${slip!.packing_slip_id}?tipoformato=excel&tipoinforme=albaran&lang=es&userName=buyer`,
      s.admin,
    );
    expect(asAdmin.statusCode).toBe(200);
    expect(
      (await get(`/api/download/CheckReport/${slip!.packing_slip_id}?tipoformato=pdf&tipoinforme=albaran`, s.buyer2))
        .statusCode,
    ).toBe(404);
  });

  it('the brand and default language follow the web context of the request', async () => {
    const order = await firstId('order', 'C00001', 5);
    const res = await get(`/api/inprintreport/printreport/${order}?tipoInforme=pedido&tipoFormato=pdf`, s.buyer, {
      host: 'pecaslus.test',
    });
    const text = await pdfText((await get(res.json().url)).rawPayload);
    expect(text).toContain('PeçasLus Distribuição, Lda.');
    expect(text).toContain('ENCOMENDA');
  });

  it('refuses any enum parameter outside its list (__proto__, constructor…) with 400 and writes nothing', async () => {
    const order = await firstId('order', 'C00001');
    const slip = await firstId('slip', 'C00001');
    const before = (await logRows('buyer')).length;
    const refused = [
      await get(`/api/inprintreport/printreport/${order}?tipoInforme=pedido&tipoFormato=__proto__`, s.buyer),
      await get(`/api/inprintreport/printreport/${order}?tipoInforme=__proto__&tipoFormato=pdf`, s.buyer),
      await get(`/api/inprintreport/printreport/${order}?tipoInforme=constructor&tipoFormato=pdf`, s.buyer),
      await get(`/api/inprintreport/printreport/${order}?tipoInforme=pedido&tipoFormato=toString`, s.buyer),
      await get(`/api/inprintreport/printreport/${order}?tipoInforme=pedido&tipoFormato=pdf&lang=__proto__`, s.buyer),
      await post(`/api/inprintreport/printreport/${order}`, s.buyer, {
        tipoInforme: 'pedido',
        tipoFormato: '__proto__',
      }),
      await get(`/api/download/CheckReport/${slip}?tipoformato=__proto__&tipoinforme=albaran`, s.buyer),
      await get(`/api/download/CheckReport/${slip}?tipoformato=pdf&tipoinforme=__proto__`, s.buyer),
      await get(`/api/download/CheckReport/${slip}?tipoformato=hasOwnProperty&tipoinforme=albaran`, s.buyer),
    ];
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toBe('WARN_ValidationError');
    }
    expect((await logRows('buyer')).length).toBe(before);
  });

  it('safe file names: letters, digits, dot, dash and underscore only', () => {
    expect(safeFileName('Factura', 'FV-0000001', 1)).toBe('Factura_FV-0000001.xlsx');
    expect(safeFileName('Pedido', '../../etc/passwd', 0)).toBe('Pedido_.._.._etc_passwd.pdf');
    expect(safeFileName('Pedido', 'a"b\r\nc', 0)).toBe('Pedido_a_b_c.pdf');
  });
});

describe('document log grid', () => {
  it('is for admins, newest first, filterable by type', async () => {
    expect((await get('/api/insettings/GetLogDocumentsJqGrid', s.buyer)).statusCode).toBe(403);
    const res = await get('/api/insettings/GetLogDocumentsJqGrid?rows=30', s.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.records).toBeGreaterThan(3);
    const dates = body.rows.map((r: { Fecha: string }) => r.Fecha);
    expect(dates).toEqual([...dates].sort().reverse());
    const f = encodeURIComponent(
      JSON.stringify({ groupOp: 'AND', rules: [{ field: 'Document_Type', op: 'eq', data: '3' }] }),
    );
    const invoices = (await get(`/api/insettings/GetLogDocumentsJqGrid?filters=${f}`, s.admin)).json();
    expect(invoices.records).toBeGreaterThan(0);
    for (const r of invoices.rows) expect(r.Document_Type).toBe(3);
  });
});
