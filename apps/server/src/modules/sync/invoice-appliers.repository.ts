import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { vatSql } from '../../lib/vat.sql.ts';
import { DEFAULT_VAT_PCT, VAT_RATE_DEFAULT_BP } from '../../lib/vat.ts';
import {
  answer,
  any,
  articlesOf,
  type CreditNoteInput,
  type DocumentOutcome,
  existing,
  flatLines,
  forgetPdfs,
  type InvoiceInput,
  keysOf,
  PRICED,
  PRICED_NET,
  PRICED_RECORD,
  pricedFields,
  recordset,
  replaceLines,
  textArray,
  unknownArticle,
  winnersOf,
} from './document-batch.repository.ts';

/** Invoices and credit notes, with their lines and amounts (decision 0066; the shared steps in document-batch.ts). */
async function settleAmounts(db: Db, table: string, key: string, lines: string, amounts: object[]) {
  if (amounts.length === 0) return [];
  const [t, k, l] = [sql.raw(table), sql.raw(key), sql.raw(lines)];
  return keysOf(
    db,
    sql`with w as (select * from jsonb_to_recordset(${recordset(amounts)}) as r(doc text, net numeric, vat numeric,
                                                                                total numeric)),
          sums as (
            select w.doc, coalesce(w.net, s.net, 0) as net, coalesce(w.vat, s.vat, 0) as vat, w.total
              from w left join lateral (
                select sum(base) as net, sum(${vatSql(sql`base`, sql`vat_pct * 100`)}) as vat
                  from (select vat_pct, sum(line_amount) as base from ${l} where ${k} = w.doc group by vat_pct) r) s on true)
        update ${t} d
           set net_amount = s.net, vat_amount = s.vat, total_amount = coalesce(s.total, s.net + s.vat)
          from sums s
         where d.${k} = s.doc
           and (d.net_amount, d.vat_amount, d.total_amount) is distinct from (s.net, s.vat, coalesce(s.total, s.net + s.vat))
        returning d.${k} as k`,
  );
}

const TAXED = sql`${PRICED}, coalesce(l.vat_pct, ${DEFAULT_VAT_PCT})::numeric(5,2),
  coalesce(l.vat_amount, ${vatSql(
    PRICED_NET,
    sql`coalesce(l.vat_pct, ${DEFAULT_VAT_PCT}::numeric) * 100`,
  )})::numeric(14,2)`;

/** Invoices and their lines (erp_invoices, erp_invoice_lines), tied to their order and its packing slips. */
export async function applyInvoices(db: Db, rows: InvoiceInput[]): Promise<DocumentOutcome[]> {
  if (rows.length === 0) return [];
  const live = rows.filter((r) => !r.remove);
  const article = await articlesOf(
    db,
    live.flatMap((r) => r.lines ?? []),
  );
  const orders = await existing(
    db,
    (k) => sql`select sales_id as k from erp_sales_orders where sales_id = ${k}`,
    live.map((r) => r.salesId ?? ''),
  );
  const key = (r: InvoiceInput) => r.invoiceId;
  const { out, winners } = winnersOf(rows, key, (r) => {
    if (r.remove) return null;
    if (!orders.has(r.salesId ?? '')) return 'unknown-sales-order';
    return unknownArticle(r.lines, article);
  });
  const changed = new Set<string>();
  const removed = winners.filter((w) => w.row.remove).map((w) => w.row.invoiceId);
  if (removed.length > 0) {
    const gone = sql`delete from erp_invoices where invoice_id = ${any(removed)} returning invoice_id as k`;
    for (const k of await keysOf(db, gone)) changed.add(k);
    await db.execute(sql`delete from erp_invoice_lines where invoice_id = ${any(removed)}`);
    await db.execute(sql`delete from erp_sales_invoices where invoice_id = ${any(removed)}`);
    await db.execute(sql`delete from erp_packing_slip_invoices where invoice_id = ${any(removed)}`);
    await forgetPdfs(db, 'invoice', removed);
  }
  const kept = winners.filter((w) => !w.row.remove).map((w) => w.row);
  if (kept.length > 0) {
    const headers = kept.map((r) => ({
      id: r.invoiceId,
      sales_id: r.salesId,
      invoice_date: r.invoiceDate,
      due_date: r.dueDate ?? null,
      employee: r.employee ?? null,
    }));
    const rows = await queryRows(
      db,
      sql`with w as (
            select * from jsonb_to_recordset(${recordset(headers)})
              as r(id text, sales_id text, invoice_date date, due_date date, employee text)),
          r as (
            select w.*, o.client_accountnum as client, coalesce(cl.name, o.delivery_name) as invoicing_name,
                   cl.tax_id, o.sales_taker, i.invoice_id as found
              from w join erp_sales_orders o on o.sales_id = w.sales_id
              left join clients cl on cl.accountnum = o.client_accountnum
              left join erp_invoices i on i.invoice_id = w.id),
          updated as (
            update erp_invoices i
               set client_accountnum = r.client, invoicing_name = r.invoicing_name, invoice_date = r.invoice_date,
                   due_date = coalesce(r.due_date, r.invoice_date + 30), employee_name = coalesce(r.employee, i.employee_name)
              from r
             where r.found is not null and i.invoice_id = r.id
               and (r.client, r.invoicing_name, r.invoice_date, coalesce(r.due_date, r.invoice_date + 30),
                    coalesce(r.employee, i.employee_name))
                   is distinct from (i.client_accountnum, i.invoicing_name, i.invoice_date, i.due_date, i.employee_name)
            returning i.invoice_id),
          inserted as (
            insert into erp_invoices (invoice_id, client_accountnum, invoicing_name, invoice_date, due_date,
                                      employee_name, tax_id, net_amount, vat_amount, total_amount)
            select id, client, invoicing_name, invoice_date, coalesce(due_date, invoice_date + 30),
                   coalesce(employee, sales_taker), tax_id, 0, 0, 0
              from r where found is null
            on conflict (invoice_id) do nothing
            returning invoice_id)
          select invoice_id as k, false as inserted from updated
          union all select invoice_id as k, true as inserted from inserted`,
      z.object({ k: z.string(), inserted: z.boolean() }),
    );
    for (const r of rows) changed.add(r.k);
    const created = new Set(rows.filter((r) => r.inserted).map((r) => r.k));
    const withLines = kept.filter((r) => r.lines != null);
    // A new invoice without lines invoices its order's lines (what the Invoices procedure reads).
    const copied = kept.filter((r) => r.lines == null && created.has(r.invoiceId));
    const flat = flatLines(
      withLines.map((r) => ({ key: r.invoiceId, lines: r.lines, salesId: r.salesId })),
      article,
      pricedFields,
    );
    const copies = copied.map((r) => ({ doc: r.invoiceId, sales_id: r.salesId }));
    const given = sql`
      select l.doc as invoice_id, l.line_no, i.client_accountnum, l.sales_id, l.line_no as sales_line_no, l.article_id,
             l.item_id, l.name, ${TAXED}
        from jsonb_to_recordset(${recordset(flat)}) as l(${PRICED_RECORD})
        join erp_invoices i on i.invoice_id = l.doc
      union all
      select c.doc, sl.line_no, o.client_accountnum, sl.sales_id, sl.line_no, sl.article_id, sl.item_id, sl.name,
             sl.quantity, sl.sales_price, sl.discount_pct, sl.line_amount, ${DEFAULT_VAT_PCT}::numeric(5,2),
             ${vatSql(sql`sl.line_amount`, VAT_RATE_DEFAULT_BP)}::numeric(14,2)
        from jsonb_to_recordset(${recordset(copies)}) as c(doc text, sales_id text)
        join erp_sales_orders o on o.sales_id = c.sales_id
        join erp_sales_lines sl on sl.sales_id = c.sales_id`;
    const columns =
      'invoice_id, line_no, client_accountnum, sales_id, sales_line_no, article_id, item_id, name, quantity, ' +
      'sales_price, discount_pct, line_amount, vat_pct, vat_amount';
    const docs = [...withLines, ...copied].map((r) => r.invoiceId);
    for (const k of await replaceLines(db, 'erp_invoice_lines', 'invoice_id', columns, given, docs)) changed.add(k);
    const amounts = kept.map((r) => ({
      doc: r.invoiceId,
      net: r.net ?? null,
      vat: r.vat ?? null,
      total: r.total ?? null,
    }));
    for (const k of await settleAmounts(db, 'erp_invoices', 'invoice_id', 'erp_invoice_lines', amounts)) changed.add(k);
    // The invoice's order and the order's packing slips; the order invoiced.
    const pairs = recordset(kept.map((r) => ({ invoice: r.invoiceId, sales: r.salesId })));
    await db.execute(sql`delete from erp_sales_invoices x using jsonb_to_recordset(${pairs}) as p(invoice text, sales text)
      where x.invoice_id = p.invoice and x.sales_id <> p.sales`);
    await db.execute(sql`insert into erp_sales_invoices (sales_id, invoice_id)
      select sales, invoice from jsonb_to_recordset(${pairs}) as p(invoice text, sales text) on conflict do nothing`);
    await db.execute(sql`insert into erp_packing_slip_invoices (packing_slip_id, invoice_id)
      select s.packing_slip_id, p.invoice from jsonb_to_recordset(${pairs}) as p(invoice text, sales text)
        join erp_sales_packing_slips s on s.sales_id = p.sales
      on conflict do nothing`);
    await db.execute(sql`update erp_sales_orders o set status = 3 from unnest(${textArray(kept.map((r) => r.salesId!))}::text[]) k(id)
      where o.sales_id = k.id and o.status < 3`);
  }
  return answer(out, winners, key, changed);
}

/** Credit notes of returns and their lines (erp_credit_notes, erp_credit_note_lines). */
export async function applyCreditNotes(db: Db, rows: CreditNoteInput[]): Promise<DocumentOutcome[]> {
  if (rows.length === 0) return [];
  const live = rows.filter((r) => !r.remove);
  const article = await articlesOf(
    db,
    live.flatMap((r) => r.lines ?? []),
  );
  const clients = await existing(
    db,
    (k) => sql`select accountnum as k from clients where accountnum = ${k}`,
    live.map((r) => r.client ?? ''),
  );
  const key = (r: CreditNoteInput) => r.creditNoteId;
  const { out, winners } = winnersOf(rows, key, (r) => {
    if (r.remove) return null;
    if (!clients.has(r.client ?? '')) return 'unknown-client';
    return unknownArticle(r.lines, article);
  });
  const changed = new Set<string>();
  const removed = winners.filter((w) => w.row.remove).map((w) => w.row.creditNoteId);
  if (removed.length > 0) {
    const gone = sql`delete from erp_credit_notes where credit_note_id = ${any(removed)} returning credit_note_id as k`;
    for (const k of await keysOf(db, gone)) changed.add(k);
    await db.execute(sql`delete from erp_credit_note_lines where credit_note_id = ${any(removed)}`);
    await forgetPdfs(db, 'credit-note', removed);
  }
  const kept = winners.filter((w) => !w.row.remove).map((w) => w.row);
  if (kept.length > 0) {
    const headers = kept.map((r) => ({
      id: r.creditNoteId,
      client: r.client,
      credit_date: r.date,
      return_sales_id: r.returnSalesId ?? null,
      invoice_id: r.invoiceId ?? null,
      name: r.invoicingName ?? null,
    }));
    const written = await keysOf(
      db,
      sql`with w as (
            select * from jsonb_to_recordset(${recordset(headers)})
              as r(id text, client text, credit_date date, return_sales_id text, invoice_id text, name text)),
          r as (
            select w.*, coalesce(w.name, cl.name) as invoicing_name, n.credit_note_id as found
              from w join clients cl on cl.accountnum = w.client
              left join erp_credit_notes n on n.credit_note_id = w.id),
          updated as (
            update erp_credit_notes n
               set client_accountnum = r.client, invoicing_name = coalesce(r.name, n.invoicing_name),
                   credit_date = r.credit_date, return_sales_id = coalesce(r.return_sales_id, n.return_sales_id),
                   invoice_id = coalesce(r.invoice_id, n.invoice_id)
              from r
             where r.found is not null and n.credit_note_id = r.id
               and (r.client, coalesce(r.name, n.invoicing_name), r.credit_date,
                    coalesce(r.return_sales_id, n.return_sales_id), coalesce(r.invoice_id, n.invoice_id))
                   is distinct from (n.client_accountnum, n.invoicing_name, n.credit_date, n.return_sales_id, n.invoice_id)
            returning n.credit_note_id),
          inserted as (
            insert into erp_credit_notes (credit_note_id, client_accountnum, invoicing_name, credit_date,
                                          return_sales_id, invoice_id, net_amount, vat_amount, total_amount)
            select id, client, invoicing_name, credit_date, return_sales_id, invoice_id, 0, 0, 0
              from r where found is null
            on conflict (credit_note_id) do nothing
            returning credit_note_id)
          select credit_note_id as k from updated union all select credit_note_id as k from inserted`,
    );
    for (const k of written) changed.add(k);
    const withLines = kept.filter((r) => r.lines != null);
    const flat = flatLines(
      withLines.map((r) => ({ key: r.creditNoteId, lines: r.lines })),
      article,
      pricedFields,
    );
    const given = sql`
      select l.doc as credit_note_id, l.line_no, n.client_accountnum, l.article_id, l.item_id, l.name, ${TAXED}
        from jsonb_to_recordset(${recordset(flat)}) as l(${PRICED_RECORD})
        join erp_credit_notes n on n.credit_note_id = l.doc`;
    const columns =
      'credit_note_id, line_no, client_accountnum, article_id, item_id, name, quantity, sales_price, discount_pct, ' +
      'line_amount, vat_pct, vat_amount';
    const docs = withLines.map((r) => r.creditNoteId);
    for (const k of await replaceLines(db, 'erp_credit_note_lines', 'credit_note_id', columns, given, docs))
      changed.add(k);
    const amounts = kept.map((r) => ({
      doc: r.creditNoteId,
      net: r.net ?? null,
      vat: r.vat ?? null,
      total: r.total ?? null,
    }));
    for (const k of await settleAmounts(db, 'erp_credit_notes', 'credit_note_id', 'erp_credit_note_lines', amounts))
      changed.add(k);
  }
  return answer(out, winners, key, changed);
}
