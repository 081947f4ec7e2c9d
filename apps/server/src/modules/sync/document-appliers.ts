import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { VAT_RATE_DEFAULT_BP, vatSql } from '../../lib/vat.ts';

/**
 * The set-based batch appliers of the ERP's sales documents (decision 0066): sales orders, packing slips, invoices and
 * credit notes, each with its lines. The feeds apply a batch of rows with them, and the sync procedures SalesOrders,
 * PackingSlips and Invoices call them with a batch of one (sync-appliers.ts). A batch costs a fixed number of
 * statements whatever its size: one to resolve its keys (clients, stores, articles, sales orders), one for the
 * headers, two for the lines of the documents whose lines differ, and a few for relations and deletes.
 *
 * Each row is applied, unchanged (same values: nothing written) or refused whole with a reason: nothing of a refused
 * document is written. Lines given replace the document's lines as a whole; left out, they are kept (a new packing
 * slip or invoice without lines takes its sales order's lines, as the procedures always did). Of two rows of a batch
 * with the same key the later wins and the earlier counts as unchanged. A field left out keeps the portal's value.
 */
export type DocumentOutcome =
  | 'applied'
  | 'unchanged'
  | 'unknown-client'
  | 'unknown-store'
  | 'unknown-sales-order'
  | `unknown-article: ${string}`;

/** A line's article, by the portal's id (the procedures) or by its ITEMID (`ref_jumasa`, the feeds). */
type ArticleLine = { lineNo?: number | null; articleId?: number | null; itemId?: string | null };
export type QuantityLineInput = ArticleLine & { quantity: string | number };
export type PriceLineInput = QuantityLineInput & {
  price: string;
  discountPct?: string | null;
  /** The net amount; else quantity × price less the discount, rounded to cents. */
  amount?: string | null;
};
export type TaxedLineInput = PriceLineInput & { vatPct?: string | null; vatAmount?: string | null };

export type SalesOrderInput = {
  salesId: string;
  remove?: boolean;
  client?: string;
  storeId?: string;
  createdAt?: string;
  customerRef?: string | null;
  deliveryName?: string | null;
  dlvMode?: string | null;
  status?: number | null;
  originId?: string | null;
  taker?: string | null;
  lines?: PriceLineInput[] | null;
};
export type PackingSlipInput = {
  packingSlipId: string;
  remove?: boolean;
  salesId?: string;
  deliveryDate?: string;
  storeId?: string | null;
  customerRef?: string | null;
  deliveryName?: string | null;
  dlvMode?: string | null;
  employee?: string | null;
  lines?: QuantityLineInput[] | null;
};
type Amounts = { net?: string | null; vat?: string | null; total?: string | null };
export type InvoiceInput = Amounts & {
  invoiceId: string;
  remove?: boolean;
  salesId?: string;
  invoiceDate?: string;
  dueDate?: string | null;
  employee?: string | null;
  lines?: TaxedLineInput[] | null;
};
export type CreditNoteInput = Amounts & {
  creditNoteId: string;
  remove?: boolean;
  client?: string;
  date?: string;
  returnSalesId?: string | null;
  invoiceId?: string | null;
  invoicingName?: string | null;
  lines?: TaxedLineInput[] | null;
};

/** VAT of a line that does not say (Spain's general rate, as the procedures always used). */
/** The rate of a line the ERP sent without one, as a percentage (the VAT policy's default; decision 0071). */
const DEFAULT_VAT_PCT = String(VAT_RATE_DEFAULT_BP / 100);

/** A text array as one bound parameter (`{"a","b"}`): `= any(${textArray(keys)}::text[])`. */
function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}
const recordset = (rows: object[]) => sql`${JSON.stringify(rows)}::jsonb`;
const any = (values: Iterable<string>) => sql`any(${textArray([...values])}::text[])`;

type Article = { id: number; ref: string; name: string };
/** The articles the lines name, by ITEMID and by id: one statement for the batch. */
async function articlesOf(db: Db, lines: ArticleLine[]) {
  const refs = new Set<string>();
  const ids = new Set<string>();
  for (const l of lines) {
    if (l.articleId != null) ids.add(String(l.articleId));
    else if (l.itemId) refs.add(l.itemId);
  }
  const byRef = new Map<string, Article>();
  const byId = new Map<number, Article>();
  if (refs.size + ids.size > 0) {
    const found = await queryRows<Article>(
      db,
      sql`select id, ref_jumasa as ref, description as name from articles
           where ref_jumasa = ${any(refs)} or id = any(${textArray([...ids])}::int[])`,
    );
    for (const a of found) {
      byRef.set(a.ref, a);
      byId.set(a.id, a);
    }
  }
  return (l: ArticleLine) => (l.articleId != null ? byId.get(l.articleId) : byRef.get(l.itemId ?? ''));
}

async function existing(db: Db, query: (keys: SQL) => SQL, keys: Iterable<string>): Promise<Set<string>> {
  const list = [...new Set(keys)];
  if (list.length === 0) return new Set();
  return new Set((await queryRows<{ k: string }>(db, query(any(list)))).map((r) => r.k));
}

/**
 * The batch's rows in order, each refused (its reason) or kept; of the kept rows of one key the later wins. Answers
 * the outcomes so far (refusals, and 'unchanged' for rows a later one overrides) and the winners with their index.
 */
function winnersOf<R>(rows: R[], keyOf: (r: R) => string, refusal: (r: R) => DocumentOutcome | null) {
  const out = new Array<DocumentOutcome>(rows.length);
  const last = new Map<string, number>();
  rows.forEach((r, i) => {
    const reason = refusal(r);
    if (reason) out[i] = reason;
    else {
      const before = last.get(keyOf(r));
      if (before !== undefined) out[before] = 'unchanged';
      last.set(keyOf(r), i);
    }
  });
  const winners = [...last.values()].sort((a, b) => a - b).map((i) => ({ i, row: rows[i]! }));
  return { out, winners };
}

/** The first line whose article the portal does not know, as a refusal naming its ITEMID. */
function unknownArticle(lines: ArticleLine[] | null | undefined, article: (l: ArticleLine) => Article | undefined) {
  const missing = (lines ?? []).find((l) => !article(l));
  return missing ? (`unknown-article: ${missing.itemId ?? missing.articleId}` as const) : null;
}

/** The lines of a batch's documents as one flat recordset: the document's key, the line's number and article. */
function flatLines<L extends ArticleLine>(
  docs: { key: string; lines?: L[] | null; salesId?: string }[],
  article: (l: ArticleLine) => Article | undefined,
  more: (l: L) => object,
) {
  const flat: object[] = [];
  for (const d of docs)
    (d.lines ?? []).forEach((l, n) => {
      const a = article(l)!;
      const line = { doc: d.key, line_no: l.lineNo ?? n + 1, article_id: a.id, item_id: a.ref, name: a.name };
      flat.push({ ...line, sales_id: d.salesId ?? null, ...more(l) });
    });
  return flat;
}

/**
 * Replaces the lines of the documents `docs` by those `given` selects (the table's columns in `columns`' order),
 * only for the documents whose lines differ: answers those documents. Two statements more when some differ.
 */
async function replaceLines(db: Db, table: string, key: string, columns: string, given: SQL, docs: string[]) {
  if (docs.length === 0) return new Set<string>();
  const [t, k, c] = [sql.raw(table), sql.raw(key), sql.raw(columns)];
  const changed = await queryRows<{ doc: string }>(
    db,
    sql`with g as (${given}), cur as (select ${c} from ${t} where ${k} = ${any(docs)})
        select distinct ${k} as doc from ((select * from g except select * from cur)
                                          union all (select * from cur except select * from g)) d`,
  );
  const keys = changed.map((r) => r.doc);
  if (keys.length > 0) {
    await db.execute(sql`delete from ${t} where ${k} = ${any(keys)}`);
    // `given` names its columns as it likes but holds them in the table's order.
    await db.execute(sql`insert into ${t} (${c}) select g.* from (${given}) g where g.${k} = ${any(keys)}`);
  }
  return new Set(keys);
}

const keysOf = async (db: Db, query: SQL) => (await queryRows<{ k: string }>(db, query)).map((r) => r.k);

function answer<R>(
  out: DocumentOutcome[],
  winners: { i: number; row: R }[],
  key: (r: R) => string,
  changed: Set<string>,
) {
  for (const w of winners) out[w.i] = changed.has(key(w.row)) ? 'applied' : 'unchanged';
  return out;
}

/** The ERP's PDF of deleted documents is forgotten with them (the stored file is replaced if one comes again). */
const forgetPdfs = (db: Db, kind: string, keys: string[]) =>
  db.execute(sql`delete from erp_document_pdfs where kind = ${kind} and document_id = ${any(keys)}`);

/** A priced line's columns after its article's: quantity, price, discount and net amount, as the tables hold them. */
const PRICED = sql`l.quantity::numeric(12,2), l.price::numeric(12,2), coalesce(l.discount, 0)::numeric(5,2),
  coalesce(l.amount, round(l.price * l.quantity * (1 - coalesce(l.discount, 0) / 100), 2))::numeric(14,2)`;
const PRICED_RECORD = sql`doc text, line_no int, article_id int, item_id text, name text, quantity numeric,
  price numeric, discount numeric, amount numeric, vat_pct numeric, vat_amount numeric, sales_id text`;
const pricedFields = (l: PriceLineInput & { vatPct?: string | null; vatAmount?: string | null }) => ({
  quantity: String(l.quantity),
  price: l.price,
  discount: l.discountPct ?? null,
  amount: l.amount ?? null,
  vat_pct: l.vatPct ?? null,
  vat_amount: l.vatAmount ?? null,
});

/** Sales orders and their lines (erp_sales_orders, erp_sales_lines). */
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
    const rows = await queryRows<{ k: string; inserted: boolean }>(
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
    sql`coalesce(l.amount, round(l.price * l.quantity * (1 - coalesce(l.discount, 0) / 100), 2))`,
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
    const rows = await queryRows<{ k: string; inserted: boolean }>(
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
             round(sl.line_amount * ${DEFAULT_VAT_PCT} / 100, 2)::numeric(14,2)
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
