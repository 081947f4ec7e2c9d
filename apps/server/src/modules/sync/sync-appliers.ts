import type { SyncProcName } from '@portal/contract/sync';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type {
  ClientChange,
  ErpChange,
  InvoiceChange,
  PackingSlipChange,
  PriceChange,
  SalesOrderChange,
  StockChange,
} from './erp-source.ts';

/**
 * How each procedure writes one ERP change into the portal's tables (decision 0045). An applier answers
 * 'written', or 'skipped' for a document dated before the validation year (decision 0046); it throws
 * `SyncItemError` for a change it cannot apply (it goes to the error queue and the run goes on).
 */
export class SyncItemError extends Error {}
export type ApplyOutcome = 'written' | 'skipped';
type Applier = (db: Db, change: ErpChange, validationYear: number | null) => Promise<ApplyOutcome>;

const beforeYear = (date: string, year: number | null) => year !== null && Number(date.slice(0, 4)) < year;

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T | undefined> {
  return (await queryRows<T>(db, query))[0];
}

const articlesPrices: Applier = async (db, change) => {
  const c = change.data as PriceChange;
  const rows = await queryRows(db, sql`update articles set pv1d = ${c.pv1d} where id = ${c.articleId} returning id`);
  if (rows.length === 0) throw new SyncItemError(`Artículo ${c.articleId} desconocido en el portal`);
  return 'written';
};

const stock: Applier = async (db, change) => {
  const c = change.data as StockChange;
  const store = await one(db, sql`select 1 from stores where id = ${c.storeId}`);
  if (!store) throw new SyncItemError(`Almacén ${c.storeId} desconocido en el portal`);
  const article = await one(db, sql`select 1 from articles where id = ${c.articleId}`);
  if (!article) throw new SyncItemError(`Artículo ${c.articleId} desconocido en el portal`);
  await db.execute(sql`insert into stock (article_id, store_id, quantity) values (${c.articleId}, ${c.storeId}, ${c.quantity})
    on conflict (article_id, store_id) do update set quantity = excluded.quantity`);
  return 'written';
};

const clientsAddresses: Applier = async (db, change) => {
  const c = change.data as ClientChange;
  const rows = await queryRows(
    db,
    sql`update clients set orders_blocked = ${c.ordersBlocked} where accountnum = ${c.accountnum} returning accountnum`,
  );
  if (rows.length === 0) throw new SyncItemError(`Cliente ${c.accountnum} desconocido en el portal`);
  return 'written';
};

const salesOrders: Applier = async (db, change, year) => {
  const c = change.data as SalesOrderChange;
  if (beforeYear(c.createdAt, year)) return 'skipped';
  const client = await one<{ name: string }>(db, sql`select name from clients where accountnum = ${c.client}`);
  if (!client) throw new SyncItemError(`Cliente ${c.client} desconocido en el portal`);
  const store = await one<{ name: string }>(db, sql`select name from stores where id = ${c.storeId}`);
  if (!store) throw new SyncItemError(`Almacén ${c.storeId} desconocido en el portal`);
  const inserted = await queryRows(
    db,
    sql`insert into erp_sales_orders (sales_id, client_accountnum, created_at, customer_ref, store_id, store_name,
          delivery_name, status, dlv_mode, sales_origin_id, sales_taker)
        values (${c.salesId}, ${c.client}, ${c.createdAt}, ${c.customerRef}, ${c.storeId}, ${store.name}, ${client.name},
          1, ${c.dlvMode}, 'TEL', 'ERP')
        on conflict (sales_id) do nothing returning sales_id`,
  );
  if (inserted.length === 0) return 'written';
  for (const [i, l] of c.lines.entries()) {
    const rows = await queryRows(
      db,
      sql`insert into erp_sales_lines (sales_id, line_no, article_id, item_id, name, quantity, sales_price, discount_pct,
            line_amount)
          select ${c.salesId}, ${i + 1}, a.id, a.ref_jumasa, a.description, ${l.quantity}, ${l.price}, ${l.discountPct},
                 round(${l.price}::numeric * ${l.quantity} * (1 - ${l.discountPct}::numeric / 100), 2)
            from articles a where a.id = ${l.articleId}
          returning line_no`,
    );
    if (rows.length === 0) throw new SyncItemError(`Pedido ${c.salesId}: artículo ${l.articleId} desconocido`);
  }
  return 'written';
};

const packingSlips: Applier = async (db, change, year) => {
  const c = change.data as PackingSlipChange;
  if (beforeYear(c.deliveryDate, year)) return 'skipped';
  const order = await one(db, sql`select 1 from erp_sales_orders where sales_id = ${c.salesId}`);
  if (!order) throw new SyncItemError(`Albarán ${c.packingSlipId}: pedido ${c.salesId} aún no sincronizado`);
  const inserted = await queryRows(
    db,
    sql`insert into erp_packing_slips (packing_slip_id, client_accountnum, account_name, delivery_date, customer_ref,
          store_id, store_name, delivery_name, delivery_street, delivery_city, delivery_zipcode, dlv_mode, employee_name)
        select ${c.packingSlipId}, o.client_accountnum, cl.name, ${c.deliveryDate}::date, o.customer_ref, o.store_id,
               o.store_name, o.delivery_name, o.delivery_street, o.delivery_city, o.delivery_zipcode, o.dlv_mode, o.sales_taker
          from erp_sales_orders o join clients cl on cl.accountnum = o.client_accountnum
         where o.sales_id = ${c.salesId}
        on conflict (packing_slip_id) do nothing returning packing_slip_id`,
  );
  if (inserted.length === 0) return 'written';
  await db.execute(sql`insert into erp_packing_slip_lines (packing_slip_id, line_no, client_accountnum, sales_id,
      sales_line_no, article_id, item_id, name, quantity)
    select ${c.packingSlipId}, l.line_no, o.client_accountnum, l.sales_id, l.line_no, l.article_id, l.item_id, l.name, l.quantity
      from erp_sales_lines l join erp_sales_orders o on o.sales_id = l.sales_id where l.sales_id = ${c.salesId}`);
  await db.execute(sql`insert into erp_sales_packing_slips (sales_id, packing_slip_id) values (${c.salesId}, ${c.packingSlipId})
    on conflict do nothing`);
  await db.execute(
    sql`update erp_sales_orders set status = greatest(status, 2) where sales_id = ${c.salesId} and status < 4`,
  );
  return 'written';
};

const invoices: Applier = async (db, change, year) => {
  const c = change.data as InvoiceChange;
  if (beforeYear(c.invoiceDate, year)) return 'skipped';
  const order = await one(db, sql`select 1 from erp_sales_orders where sales_id = ${c.salesId}`);
  if (!order) throw new SyncItemError(`Factura ${c.invoiceId}: pedido ${c.salesId} aún no sincronizado`);
  const inserted = await queryRows(
    db,
    sql`insert into erp_invoices (invoice_id, client_accountnum, invoicing_name, invoice_date, due_date, employee_name,
          tax_id, net_amount, vat_amount, total_amount)
        select ${c.invoiceId}, o.client_accountnum, cl.name, ${c.invoiceDate}::date, ${c.invoiceDate}::date + 30,
               o.sales_taker, cl.tax_id, t.net, round(t.net * 0.21, 2), t.net + round(t.net * 0.21, 2)
          from erp_sales_orders o join clients cl on cl.accountnum = o.client_accountnum
          cross join (select coalesce(sum(line_amount), 0) as net from erp_sales_lines where sales_id = ${c.salesId}) t
         where o.sales_id = ${c.salesId}
        on conflict (invoice_id) do nothing returning invoice_id`,
  );
  if (inserted.length === 0) return 'written';
  await db.execute(sql`insert into erp_invoice_lines (invoice_id, line_no, client_accountnum, sales_id, sales_line_no,
      article_id, item_id, name, quantity, sales_price, discount_pct, line_amount, vat_pct, vat_amount)
    select ${c.invoiceId}, l.line_no, o.client_accountnum, l.sales_id, l.line_no, l.article_id, l.item_id, l.name,
           l.quantity, l.sales_price, l.discount_pct, l.line_amount, 21, round(l.line_amount * 0.21, 2)
      from erp_sales_lines l join erp_sales_orders o on o.sales_id = l.sales_id where l.sales_id = ${c.salesId}`);
  await db.execute(sql`insert into erp_sales_invoices (sales_id, invoice_id) values (${c.salesId}, ${c.invoiceId})
    on conflict do nothing`);
  await db.execute(sql`insert into erp_packing_slip_invoices (packing_slip_id, invoice_id)
    select packing_slip_id, ${c.invoiceId} from erp_sales_packing_slips where sales_id = ${c.salesId}
    on conflict do nothing`);
  await db.execute(sql`update erp_sales_orders set status = 3 where sales_id = ${c.salesId} and status < 3`);
  return 'written';
};

/** The appliers of the procedures that read ERP changes (WebOrdersExport writes to the ERP instead). */
export const APPLIERS: Partial<Record<SyncProcName, Applier>> = {
  ArticlesPrices: articlesPrices,
  Stock: stock,
  ClientsAddresses: clientsAddresses,
  SalesOrders: salesOrders,
  PackingSlips: packingSlips,
  Invoices: invoices,
};
