import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import {
  answer,
  any,
  articlesOf,
  type DocumentOutcome,
  existing,
  flatLines,
  forgetPdfs,
  keysOf,
  type PackingSlipInput,
  PRICED,
  PRICED_RECORD,
  pricedFields,
  recordset,
  replaceLines,
  type SalesOrderInput,
  textArray,
  unknownArticle,
  winnersOf,
} from './document-batch.repository.ts';

/** Sales orders and packing slips, with their lines (decision 0066; the shared steps in document-batch.ts). */
export async function applySalesOrders(db: Db, rows: SalesOrderInput[]): Promise<DocumentOutcome[]> {
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
  const stores = await existing(
    db,
    (k) => sql`select id as k from stores where id = ${k}`,
    live.map((r) => r.storeId ?? ''),
  );
  const key = (r: SalesOrderInput) => r.salesId;
  const { out, winners } = winnersOf(rows, key, (r) => {
    if (r.remove) return null;
    if (!clients.has(r.client ?? '')) return 'unknown-client';
    if (!stores.has(r.storeId ?? '')) return 'unknown-store';
    return unknownArticle(r.lines, article);
  });
  const changed = new Set<string>();
  const removed = winners.filter((w) => w.row.remove).map((w) => w.row.salesId);
  if (removed.length > 0) {
    for (const k of await keysOf(
      db,
      sql`delete from erp_sales_orders where sales_id = ${any(removed)} returning sales_id as k`,
    ))
      changed.add(k);
    await db.execute(sql`delete from erp_sales_lines where sales_id = ${any(removed)}`);
    await db.execute(sql`delete from erp_sales_packing_slips where sales_id = ${any(removed)}`);
    await db.execute(sql`delete from erp_sales_invoices where sales_id = ${any(removed)}`);
    await forgetPdfs(db, 'sales-order', removed);
  }
  const kept = winners.filter((w) => !w.row.remove).map((w) => w.row);
  if (kept.length > 0) {
    const headers = kept.map((r) => ({
      sales_id: r.salesId,
      client: r.client,
      store_id: r.storeId,
      created_at: r.createdAt,
      customer_ref: r.customerRef ?? null,
      delivery_name: r.deliveryName ?? null,
      dlv_mode: r.dlvMode ?? null,
      status: r.status ?? null,
      origin: r.originId ?? null,
      taker: r.taker ?? null,
    }));
    const written = await keysOf(
      db,
      sql`with w as (
            select * from jsonb_to_recordset(${recordset(headers)})
              as r(sales_id text, client text, store_id text, created_at timestamptz, customer_ref text,
                   delivery_name text, dlv_mode text, status smallint, origin text, taker text)),
          r as (
            select w.*, s.name as store_name, c.name as client_name, o.sales_id as found
              from w join stores s on s.id = w.store_id join clients c on c.accountnum = w.client
              left join erp_sales_orders o on o.sales_id = w.sales_id),
          updated as (
            update erp_sales_orders o
               set client_accountnum = r.client, created_at = r.created_at,
                   customer_ref = coalesce(r.customer_ref, o.customer_ref), store_id = r.store_id,
                   store_name = r.store_name, delivery_name = coalesce(r.delivery_name, o.delivery_name),
                   status = coalesce(r.status, o.status), dlv_mode = coalesce(r.dlv_mode, o.dlv_mode),
                   sales_origin_id = coalesce(r.origin, o.sales_origin_id), sales_taker = coalesce(r.taker, o.sales_taker)
              from r
             where r.found is not null and o.sales_id = r.sales_id
               and (r.client, r.created_at, coalesce(r.customer_ref, o.customer_ref), r.store_id, r.store_name,
                    coalesce(r.delivery_name, o.delivery_name), coalesce(r.status, o.status),
                    coalesce(r.dlv_mode, o.dlv_mode), coalesce(r.origin, o.sales_origin_id),
                    coalesce(r.taker, o.sales_taker))
                   is distinct from
                   (o.client_accountnum, o.created_at, o.customer_ref, o.store_id, o.store_name, o.delivery_name,
                    o.status, o.dlv_mode, o.sales_origin_id, o.sales_taker)
            returning o.sales_id),
          inserted as (
            insert into erp_sales_orders (sales_id, client_accountnum, created_at, customer_ref, store_id, store_name,
                                          delivery_name, status, dlv_mode, sales_origin_id, sales_taker)
            select sales_id, client, created_at, coalesce(customer_ref, ''), store_id, store_name,
                   coalesce(delivery_name, client_name), coalesce(status, 1), coalesce(dlv_mode, ''),
                   coalesce(origin, 'ERP'), coalesce(taker, 'ERP')
              from r where found is null
            on conflict (sales_id) do nothing
            returning sales_id)
          select sales_id as k from updated union all select sales_id as k from inserted`,
    );
    for (const k of written) changed.add(k);
    const withLines = kept.filter((r) => r.lines != null);
    const flat = flatLines(
      withLines.map((r) => ({ key: r.salesId, lines: r.lines })),
      article,
      pricedFields,
    );
    const given = sql`select l.doc as sales_id, l.line_no, l.article_id, l.item_id, l.name, ${PRICED}
                        from jsonb_to_recordset(${recordset(flat)}) as l(${PRICED_RECORD})`;
    const columns = 'sales_id, line_no, article_id, item_id, name, quantity, sales_price, discount_pct, line_amount';
    const docs = withLines.map((r) => r.salesId);
    for (const k of await replaceLines(db, 'erp_sales_lines', 'sales_id', columns, given, docs)) changed.add(k);
  }
  return answer(out, winners, key, changed);
}

/** Packing slips and their delivered lines (erp_packing_slips, erp_packing_slip_lines), tied to their order. */
export async function applyPackingSlips(db: Db, rows: PackingSlipInput[]): Promise<DocumentOutcome[]> {
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
  const stores = await existing(
    db,
    (k) => sql`select id as k from stores where id = ${k}`,
    live.flatMap((r) => (r.storeId ? [r.storeId] : [])),
  );
  const key = (r: PackingSlipInput) => r.packingSlipId;
  const { out, winners } = winnersOf(rows, key, (r) => {
    if (r.remove) return null;
    if (!orders.has(r.salesId ?? '')) return 'unknown-sales-order';
    if (r.storeId && !stores.has(r.storeId)) return 'unknown-store';
    return unknownArticle(r.lines, article);
  });
  const changed = new Set<string>();
  const removed = winners.filter((w) => w.row.remove).map((w) => w.row.packingSlipId);
  if (removed.length > 0) {
    const gone = sql`delete from erp_packing_slips where packing_slip_id = ${any(removed)} returning packing_slip_id as k`;
    for (const k of await keysOf(db, gone)) changed.add(k);
    await db.execute(sql`delete from erp_packing_slip_lines where packing_slip_id = ${any(removed)}`);
    await db.execute(sql`delete from erp_sales_packing_slips where packing_slip_id = ${any(removed)}`);
    await db.execute(sql`delete from erp_packing_slip_invoices where packing_slip_id = ${any(removed)}`);
    await forgetPdfs(db, 'packing-slip', removed);
  }
  const kept = winners.filter((w) => !w.row.remove).map((w) => w.row);
  if (kept.length > 0) {
    const headers = kept.map((r) => ({
      id: r.packingSlipId,
      sales_id: r.salesId,
      delivery_date: r.deliveryDate,
      store_id: r.storeId ?? null,
      customer_ref: r.customerRef ?? null,
      delivery_name: r.deliveryName ?? null,
      dlv_mode: r.dlvMode ?? null,
      employee: r.employee ?? null,
    }));
    const rows = await queryRows(
      db,
      sql`with w as (
            select * from jsonb_to_recordset(${recordset(headers)})
              as r(id text, sales_id text, delivery_date date, store_id text, customer_ref text, delivery_name text,
                   dlv_mode text, employee text)),
          r as (
            select w.*, o.client_accountnum as client, coalesce(cl.name, o.delivery_name) as account_name,
                   s.name as store_name, p.packing_slip_id as found, o.customer_ref as o_ref, o.store_id as o_store,
                   o.store_name as o_store_name, o.delivery_name as o_delivery, o.delivery_street, o.delivery_city,
                   o.delivery_zipcode, o.dlv_mode as o_dlv_mode, o.sales_taker
              from w join erp_sales_orders o on o.sales_id = w.sales_id
              left join clients cl on cl.accountnum = o.client_accountnum
              left join stores s on s.id = w.store_id
              left join erp_packing_slips p on p.packing_slip_id = w.id),
          updated as (
            update erp_packing_slips p
               set client_accountnum = r.client, account_name = r.account_name, delivery_date = r.delivery_date,
                   customer_ref = coalesce(r.customer_ref, p.customer_ref), store_id = coalesce(r.store_id, p.store_id),
                   store_name = coalesce(r.store_name, p.store_name),
                   delivery_name = coalesce(r.delivery_name, p.delivery_name),
                   dlv_mode = coalesce(r.dlv_mode, p.dlv_mode), employee_name = coalesce(r.employee, p.employee_name)
              from r
             where r.found is not null and p.packing_slip_id = r.id
               and (r.client, r.account_name, r.delivery_date, coalesce(r.customer_ref, p.customer_ref),
                    coalesce(r.store_id, p.store_id), coalesce(r.store_name, p.store_name),
                    coalesce(r.delivery_name, p.delivery_name), coalesce(r.dlv_mode, p.dlv_mode),
                    coalesce(r.employee, p.employee_name))
                   is distinct from
                   (p.client_accountnum, p.account_name, p.delivery_date, p.customer_ref, p.store_id, p.store_name,
                    p.delivery_name, p.dlv_mode, p.employee_name)
            returning p.packing_slip_id),
          inserted as (
            insert into erp_packing_slips (packing_slip_id, client_accountnum, account_name, delivery_date,
                                           customer_ref, store_id, store_name, delivery_name, delivery_street,
                                           delivery_city, delivery_zipcode, dlv_mode, employee_name)
            select id, client, account_name, delivery_date, coalesce(customer_ref, o_ref), coalesce(store_id, o_store),
                   coalesce(store_name, o_store_name), coalesce(delivery_name, o_delivery), delivery_street,
                   delivery_city, delivery_zipcode, coalesce(dlv_mode, o_dlv_mode), coalesce(employee, sales_taker)
              from r where found is null
            on conflict (packing_slip_id) do nothing
            returning packing_slip_id)
          select packing_slip_id as k, false as inserted from updated
          union all select packing_slip_id as k, true as inserted from inserted`,
      z.object({ k: z.string(), inserted: z.boolean() }),
    );
    for (const r of rows) changed.add(r.k);
    const created = new Set(rows.filter((r) => r.inserted).map((r) => r.k));
    const withLines = kept.filter((r) => r.lines != null);
    // A new packing slip without lines delivers its order's lines (what the PackingSlips procedure reads).
    const copied = kept.filter((r) => r.lines == null && created.has(r.packingSlipId));
    const flat = flatLines(
      withLines.map((r) => ({ key: r.packingSlipId, lines: r.lines, salesId: r.salesId })),
      article,
      (l) => ({ quantity: String(l.quantity) }),
    );
    const copies = copied.map((r) => ({ doc: r.packingSlipId, sales_id: r.salesId }));
    const given = sql`
      select l.doc as packing_slip_id, l.line_no, p.client_accountnum, l.sales_id, l.line_no as sales_line_no,
             l.article_id, l.item_id, l.name, l.quantity::numeric(12,2)
        from jsonb_to_recordset(${recordset(flat)}) as l(doc text, line_no int, article_id int, item_id text, name text,
                                                          quantity numeric, sales_id text)
        join erp_packing_slips p on p.packing_slip_id = l.doc
      union all
      select c.doc, sl.line_no, o.client_accountnum, sl.sales_id, sl.line_no, sl.article_id, sl.item_id, sl.name,
             sl.quantity
        from jsonb_to_recordset(${recordset(copies)}) as c(doc text, sales_id text)
        join erp_sales_orders o on o.sales_id = c.sales_id
        join erp_sales_lines sl on sl.sales_id = c.sales_id`;
    const columns =
      'packing_slip_id, line_no, client_accountnum, sales_id, sales_line_no, article_id, item_id, name, quantity';
    const docs = [...withLines, ...copied].map((r) => r.packingSlipId);
    for (const k of await replaceLines(db, 'erp_packing_slip_lines', 'packing_slip_id', columns, given, docs))
      changed.add(k);
    // The slip's order: the relation, and the order delivered (an invoiced or cancelled one keeps its status).
    const pairs = recordset(kept.map((r) => ({ slip: r.packingSlipId, sales: r.salesId })));
    await db.execute(sql`delete from erp_sales_packing_slips x using jsonb_to_recordset(${pairs}) as p(slip text, sales text)
      where x.packing_slip_id = p.slip and x.sales_id <> p.sales`);
    await db.execute(sql`insert into erp_sales_packing_slips (sales_id, packing_slip_id)
      select sales, slip from jsonb_to_recordset(${pairs}) as p(slip text, sales text) on conflict do nothing`);
    await db.execute(sql`update erp_sales_orders o set status = 2 from unnest(${textArray(kept.map((r) => r.salesId!))}::text[]) k(id)
      where o.sales_id = k.id and o.status < 2`);
  }
  return answer(out, winners, key, changed);
}

/**
 * Sets the amounts of the documents `docs` of `table`: those the ERP sent, else the sum of their lines (VAT per rate,
 * rounded to cents, as the procedures did). Answers the documents whose amounts changed.
 */
