import type { SyncProcName } from '@portal/contract/sync';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { int } from '../../db/rows.ts';
import { stockAlertSteps } from '../../db/stock-alerts.ts';
import { applyPackingSlips, applySalesOrders } from './document-appliers.repository.ts';
import type {
  ClientChange,
  ErpChange,
  InvoiceChange,
  PackingSlipChange,
  PriceChange,
  SalesOrderChange,
  StockChange,
} from './erp-source.ts';
import { applyInvoices } from './invoice-appliers.repository.ts';

/**
 * How each procedure writes one ERP change into the portal's tables (decision 0045). An applier answers
 * 'written', or 'skipped' for a document dated before the validation year (decision 0046); it throws
 * `SyncItemError` for a change it cannot apply (it goes to the error queue and the run goes on).
 */
export class SyncItemError extends Error {}
export type ApplyOutcome = 'written' | 'skipped';
/** `baseUrl`: the portal's public URL, for the links of the e-mails a change sends (decision 0075). */
type Applier = (db: Db, change: ErpChange, validationYear: number | null, baseUrl: string) => Promise<ApplyOutcome>;

const beforeYear = (date: string, year: number | null) => year !== null && Number(date.slice(0, 4)) < year;

/**
 * The set-based batch appliers (decision 0060): the feeds apply a batch of rows with each of them in one statement,
 * and the per-change appliers of the sync runner call them with a batch of one. Each answers, in the order of its
 * rows, whether the row was applied, unchanged (same values: nothing written) or refused with a reason. An article is
 * named by its portal id (the sync procedures) or by its ITEMID (`ref_jumasa`, the feeds). Of two rows of a batch
 * with the same key, the later wins; the earlier counts as unchanged.
 */
export const rowOutcome = z.enum([
  'applied',
  'unchanged',
  'unknown-article',
  'unknown-store',
  'unknown-client',
  'unknown-web-order',
  'already-imported',
  'unknown-refund',
  'not-decided',
  'already-processed',
  'other-return-order',
  'unknown-family',
  'unknown-vehicle',
]);
export type RowOutcome = z.output<typeof rowOutcome>;
type ArticleRef = { articleId?: number | null; itemId?: string | null };
export type StockInput = ArticleRef & { storeId: string; quantity: number | null; remove?: boolean };
export type PriceInput = ArticleRef & { pv1d: string };
/** A client's fields; one left undefined keeps the portal's value. A new client needs its name. */
export type ClientInput = {
  accountnum: string;
  name?: string;
  commercialName?: string;
  taxId?: string;
  email?: string;
  phone?: string;
  storeId?: string;
  ordersBlocked?: boolean;
  allBlocked?: boolean;
};
export type WebOrderResultInput = { webOrderId: number; salesIds: string[] | null; error: string | null };

/**
 * A column of a batch as one PostgreSQL array literal (`{"a",NULL,3}`), for `unnest`: a few small strings a batch
 * instead of one large JSON document (which V8 keeps in its large-object space until a full collection: a million
 * stock rows left 180 MB of such garbage in the server's memory).
 */
export function pgArray(values: readonly (string | number | boolean | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'string') out += `"${v.replace(/[\\"]/g, '\\$&')}"`;
    else out += String(v);
  }
  return `${out}}`;
}
const ordinals = (count: number) => pgArray(Array.from({ length: count }, (_, n) => n));
const column = <T>(rows: readonly T[], pick: (row: T) => string | number | boolean | null | undefined) =>
  pgArray(rows.map(pick));

export const recordset = (rows: object[]) => sql`${JSON.stringify(rows.map((r, n) => ({ ...r, n })))}::jsonb`;
/**
 * How a batch's rows find their article: by id (the procedures), by ITEMID (the feeds; one index walk on
 * `articles_ref_jumasa`), or, in a batch mixing both, by either.
 */
function articleJoin(rows: ArticleRef[]) {
  const byId = rows.every((r) => r.articleId != null);
  const byItem = rows.every((r) => r.articleId == null);
  if (byId) return sql`left join articles a on a.id = i.article_id`;
  if (byItem) return sql`left join articles a on a.ref_jumasa = i.item_id`;
  return sql`left join articles a
    on a.id = coalesce(i.article_id, (select x.id from articles x where x.ref_jumasa = i.item_id))`;
}

async function outcomes(db: Db, query: ReturnType<typeof sql>, count: number): Promise<RowOutcome[]> {
  const rows = await queryRows(db, query, z.object({ n: int, outcome: rowOutcome }));
  const out = new Array<RowOutcome>(count);
  for (const r of rows) out[r.n] = r.outcome;
  return out;
}

/**
 * Stock per article and store: upserted (written only when the quantity differs) or, `remove`, deleted. A pair
 * written above zero fires its pending "back in stock" alerts in the same statement (db/stock-alerts.ts; decision
 * 0075): their e-mails link to `baseUrl`.
 */
export async function applyStock(db: Db, rows: StockInput[], baseUrl: string): Promise<RowOutcome[]> {
  if (rows.length === 0) return [];
  return outcomes(
    db,
    sql`with input as (
          select * from unnest(${ordinals(rows.length)}::int[], ${column(rows, (r) => r.articleId)}::int[],
                               ${column(rows, (r) => r.itemId)}::text[], ${column(rows, (r) => r.storeId)}::text[],
                               ${column(rows, (r) => r.quantity)}::int[], ${column(rows, (r) => r.remove ?? false)}::boolean[])
            as r(n, article_id, item_id, store_id, quantity, remove)),
        resolved as (
          select i.n, i.quantity, i.remove, a.id as article_id, s.id as store_id
            from input i
            ${articleJoin(rows)}
            left join stores s on s.id = i.store_id),
        winners as (
          select distinct on (article_id, store_id) * from resolved
           where article_id is not null and store_id is not null
           order by article_id, store_id, n desc),
        upserted as (
          insert into stock (article_id, store_id, quantity)
          select article_id, store_id, quantity from winners where not remove and quantity is not null
          on conflict (article_id, store_id) do update set quantity = excluded.quantity
            where stock.quantity is distinct from excluded.quantity
          returning article_id, store_id, quantity),
        deleted as (
          delete from stock s using winners w
           where w.remove and s.article_id = w.article_id and s.store_id = w.store_id
          returning s.article_id, s.store_id),
        ${stockAlertSteps('upserted', baseUrl)}
        select r.n,
               case when r.store_id is null then 'unknown-store'
                    when r.article_id is null then 'unknown-article'
                    when w.n = r.n and (u.article_id is not null or d.article_id is not null) then 'applied'
                    else 'unchanged' end as outcome
          from resolved r
          left join winners w on w.article_id = r.article_id and w.store_id = r.store_id
          left join upserted u on u.article_id = r.article_id and u.store_id = r.store_id
          left join deleted d on d.article_id = r.article_id and d.store_id = r.store_id`,
    rows.length,
  );
}

/**
 * List prices (`article_prices`, decision 0078): upserted, written only when the price differs. The articles are only
 * read (to find the ITEMID), never written: none of their indexes or triggers is touched by a price.
 */
export async function applyPrices(db: Db, rows: PriceInput[]): Promise<RowOutcome[]> {
  if (rows.length === 0) return [];
  return outcomes(
    db,
    sql`with input as (
          select * from unnest(${ordinals(rows.length)}::int[], ${column(rows, (r) => r.articleId)}::int[],
                               ${column(rows, (r) => r.itemId)}::text[], ${column(rows, (r) => r.pv1d)}::numeric[])
            as r(n, article_id, item_id, pv1d)),
        resolved as (
          select i.n, i.pv1d, a.id as article_id from input i ${articleJoin(rows)}),
        winners as (
          select distinct on (article_id) * from resolved where article_id is not null order by article_id, n desc),
        written as (
          insert into article_prices (article_id, pv1d) select article_id, pv1d from winners
          on conflict (article_id) do update set pv1d = excluded.pv1d
            where article_prices.pv1d is distinct from excluded.pv1d
          returning article_id)
        select r.n,
               case when r.article_id is null then 'unknown-article'
                    when w.n = r.n and u.article_id is not null then 'applied'
                    else 'unchanged' end as outcome
          from resolved r
          left join winners w on w.article_id = r.article_id
          left join written u on u.article_id = r.article_id`,
    rows.length,
  );
}

/** Clients: a known one updated (only what differs is written), a new one (with a name) created. */
export async function applyClients(db: Db, rows: ClientInput[]): Promise<RowOutcome[]> {
  if (rows.length === 0) return [];
  const input = rows.map((r) => ({
    accountnum: r.accountnum,
    name: r.name ?? null,
    commercial_name: r.commercialName ?? null,
    tax_id: r.taxId ?? null,
    email: r.email ?? null,
    phone: r.phone ?? null,
    store_id: r.storeId ?? null,
    orders_blocked: r.ordersBlocked ?? null,
    all_blocked: r.allBlocked ?? null,
  }));
  return outcomes(
    db,
    sql`with input as (
          select * from jsonb_to_recordset(${recordset(input)})
            as r(n int, accountnum text, name text, commercial_name text, tax_id text, email text, phone text,
                 store_id text, orders_blocked boolean, all_blocked boolean)),
        resolved as (
          select i.*, c.accountnum as found, (i.store_id is null or s.id is not null) as store_ok
            from input i left join clients c on c.accountnum = i.accountnum left join stores s on s.id = i.store_id),
        winners as (
          select distinct on (accountnum) * from resolved
           where store_ok and (found is not null or name is not null) order by accountnum, n desc),
        updated as (
          update clients c
             set name = coalesce(w.name, c.name), commercial_name = coalesce(w.commercial_name, c.commercial_name),
                 tax_id = coalesce(w.tax_id, c.tax_id), email = coalesce(w.email, c.email),
                 phone = coalesce(w.phone, c.phone), store_id = coalesce(w.store_id, c.store_id),
                 orders_blocked = coalesce(w.orders_blocked, c.orders_blocked),
                 all_blocked = coalesce(w.all_blocked, c.all_blocked)
            from winners w
           where w.found is not null and c.accountnum = w.accountnum
             and (coalesce(w.name, c.name), coalesce(w.commercial_name, c.commercial_name), coalesce(w.tax_id, c.tax_id),
                  coalesce(w.email, c.email), coalesce(w.phone, c.phone), coalesce(w.store_id, c.store_id),
                  coalesce(w.orders_blocked, c.orders_blocked), coalesce(w.all_blocked, c.all_blocked))
                 is distinct from
                 (c.name, c.commercial_name, c.tax_id, c.email, c.phone, c.store_id, c.orders_blocked, c.all_blocked)
          returning c.accountnum),
        inserted as (
          insert into clients (accountnum, name, commercial_name, tax_id, email, phone, store_id, orders_blocked,
                               all_blocked)
          select accountnum, name, commercial_name, tax_id, email, phone, store_id, coalesce(orders_blocked, false),
                 coalesce(all_blocked, false)
            from winners where found is null
          on conflict (accountnum) do nothing
          returning accountnum)
        select r.n,
               case when not r.store_ok then 'unknown-store'
                    when r.found is null and r.name is null then 'unknown-client'
                    when w.n = r.n and (u.accountnum is not null or ins.accountnum is not null) then 'applied'
                    else 'unchanged' end as outcome
          from resolved r
          left join winners w on w.accountnum = r.accountnum
          left join updated u on u.accountnum = r.accountnum
          left join inserted ins on ins.accountnum = r.accountnum`,
    rows.length,
  );
}

/**
 * The ERP's answers to web orders: SALESID makes the web order IMPORTED (SalesRelated, no ERROR, no retry pending),
 * as the ERP import job does; ERROR is recorded (REINTENTOSWEB + 1) and the web order stays not imported. A web
 * order imported already is refused another answer (the same SALESID again is unchanged). The person who placed
 * an order imported reads it in the bell (a notification, same statement; decision 0075).
 */
export async function applyWebOrderResults(db: Db, rows: WebOrderResultInput[]): Promise<RowOutcome[]> {
  if (rows.length === 0) return [];
  const input = rows.map((r) => ({ id: r.webOrderId, sales: r.salesIds?.join(',') ?? null, error: r.error }));
  return outcomes(
    db,
    sql`with input as (
          select * from jsonb_to_recordset(${recordset(input)}) as r(n int, id bigint, sales text, error text)),
        resolved as (
          select i.n, i.id, i.sales, i.error, w.id as found, w.imported, w.sales_related, w.error as old_error
            from input i left join web_orders w on w.id = i.id),
        winners as (
          select distinct on (id) * from resolved where found is not null and not imported order by id, n desc),
        updated as (
          update web_orders o
             set imported = w.sales is not null,
                 sales_related = coalesce(w.sales, o.sales_related),
                 error = w.error,
                 retries = o.retries + case when w.error is not null then 1 else 0 end,
                 next_attempt_at = case when w.sales is not null then null else o.next_attempt_at end,
                 erp_claimed_until = null
            from winners w
           where o.id = w.id and not o.imported and (w.sales is not null or o.error is distinct from w.error)
          returning o.id, o.user_id, o.imported, o.sales_related),
        notified as (
          insert into notifications (user_id, kind, params)
          select u.user_id, 'web_order_imported', jsonb_build_object('webOrderId', u.id, 'salesIds', u.sales_related)
            from updated u where u.imported)
        select r.n,
               case when r.found is null then 'unknown-web-order'
                    when r.imported and r.sales is not null and r.sales = r.sales_related then 'unchanged'
                    when r.imported then 'already-imported'
                    when w.n = r.n and u.id is not null then 'applied'
                    else 'unchanged' end as outcome
          from resolved r
          left join winners w on w.id = r.id
          left join updated u on u.id = r.id`,
    rows.length,
  );
}

const REFUSAL_TEXT: Partial<Record<RowOutcome, (key: string) => string>> = {
  'unknown-article': (key) => `Artículo ${key} desconocido en el portal`,
  'unknown-store': (key) => `Almacén ${key} desconocido en el portal`,
  'unknown-client': (key) => `Cliente ${key} desconocido en el portal`,
};

/** A batch of one for the per-change appliers: a refusal becomes the SyncItemError of before. */
function written(outcome: RowOutcome | undefined, keys: Partial<Record<RowOutcome, string>>): ApplyOutcome {
  if (outcome === 'applied' || outcome === 'unchanged') return 'written';
  const text = outcome ? REFUSAL_TEXT[outcome] : undefined;
  throw new SyncItemError(text ? text(keys[outcome!] ?? '') : `Cambio rechazado: ${outcome}`);
}

const articlesPrices: Applier = async (db, change) => {
  const c = change.data as PriceChange;
  const [outcome] = await applyPrices(db, [{ articleId: c.articleId ?? null, itemId: c.itemId ?? null, pv1d: c.pv1d }]);
  return written(outcome, { 'unknown-article': String(c.articleId ?? c.itemId) });
};

const stock: Applier = async (db, change, _year, baseUrl) => {
  const c = change.data as StockChange;
  const [outcome] = await applyStock(
    db,
    [{ articleId: c.articleId, storeId: c.storeId, quantity: c.quantity }],
    baseUrl,
  );
  return written(outcome, { 'unknown-article': String(c.articleId), 'unknown-store': c.storeId });
};

const clientsAddresses: Applier = async (db, change) => {
  const c = change.data as ClientChange;
  const [outcome] = await applyClients(db, [{ accountnum: c.accountnum, ordersBlocked: c.ordersBlocked }]);
  return written(outcome, { 'unknown-client': c.accountnum });
};

const salesOrders: Applier = async (db, change, year) => {
  const c = change.data as SalesOrderChange;
  if (beforeYear(c.createdAt, year)) return 'skipped';
  const lines = c.lines.map((l, i) => ({ lineNo: i + 1, ...l }));
  const [outcome] = await applySalesOrders(db, [
    {
      salesId: c.salesId,
      client: c.client,
      storeId: c.storeId,
      createdAt: c.createdAt,
      customerRef: c.customerRef,
      dlvMode: c.dlvMode,
      originId: 'TEL',
      taker: 'ERP',
      lines,
    },
  ]);
  if (outcome?.startsWith('unknown-article'))
    throw new SyncItemError(`Pedido ${c.salesId}: artículo ${outcome.slice('unknown-article: '.length)} desconocido`);
  return written(outcome as RowOutcome, { 'unknown-client': c.client, 'unknown-store': c.storeId });
};

const packingSlips: Applier = async (db, change, year) => {
  const c = change.data as PackingSlipChange;
  if (beforeYear(c.deliveryDate, year)) return 'skipped';
  const [outcome] = await applyPackingSlips(db, [
    { packingSlipId: c.packingSlipId, salesId: c.salesId, deliveryDate: c.deliveryDate },
  ]);
  if (outcome === 'unknown-sales-order')
    throw new SyncItemError(`Albarán ${c.packingSlipId}: pedido ${c.salesId} aún no sincronizado`);
  return written(outcome as RowOutcome, {});
};

const invoices: Applier = async (db, change, year) => {
  const c = change.data as InvoiceChange;
  if (beforeYear(c.invoiceDate, year)) return 'skipped';
  const [outcome] = await applyInvoices(db, [
    { invoiceId: c.invoiceId, salesId: c.salesId, invoiceDate: c.invoiceDate },
  ]);
  if (outcome === 'unknown-sales-order')
    throw new SyncItemError(`Factura ${c.invoiceId}: pedido ${c.salesId} aún no sincronizado`);
  return written(outcome as RowOutcome, {});
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
