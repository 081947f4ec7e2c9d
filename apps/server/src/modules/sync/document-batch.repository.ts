import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { int } from '../../db/rows.ts';
import { lineAmountSql } from '../../lib/vat.sql.ts';

/**
 * What the set-based batch appliers of the ERP's sales documents share (decision 0066; the appliers are in
 * document-appliers.ts and invoice-appliers.ts): sales orders, packing slips, invoices and
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
export type Amounts = { net?: string | null; vat?: string | null; total?: string | null };
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

/** A text array as one bound parameter (`{"a","b"}`): `= any(${textArray(keys)}::text[])`. */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}
export const recordset = (rows: object[]) => sql`${JSON.stringify(rows)}::jsonb`;
export const any = (values: Iterable<string>) => sql`any(${textArray([...values])}::text[])`;

const article = z.object({ id: int, ref: z.string(), name: z.string() });
export type Article = z.output<typeof article>;
/** A row of keys (`select … as k`). */
const keyRow = z.object({ k: z.string() });
/** The articles the lines name, by ITEMID and by id: one statement for the batch. */
export async function articlesOf(db: Db, lines: ArticleLine[]) {
  const refs = new Set<string>();
  const ids = new Set<string>();
  for (const l of lines) {
    if (l.articleId != null) ids.add(String(l.articleId));
    else if (l.itemId) refs.add(l.itemId);
  }
  const byRef = new Map<string, Article>();
  const byId = new Map<number, Article>();
  if (refs.size + ids.size > 0) {
    const found = await queryRows(
      db,
      sql`select id, ref_jumasa as ref, description as name from articles
           where ref_jumasa = ${any(refs)} or id = any(${textArray([...ids])}::int[])`,
      article,
    );
    for (const a of found) {
      byRef.set(a.ref, a);
      byId.set(a.id, a);
    }
  }
  return (l: ArticleLine) => (l.articleId != null ? byId.get(l.articleId) : byRef.get(l.itemId ?? ''));
}

export async function existing(db: Db, query: (keys: SQL) => SQL, keys: Iterable<string>): Promise<Set<string>> {
  const list = [...new Set(keys)];
  if (list.length === 0) return new Set();
  return new Set((await queryRows(db, query(any(list)), keyRow)).map((r) => r.k));
}

/**
 * The batch's rows in order, each refused (its reason) or kept; of the kept rows of one key the later wins. Answers
 * the outcomes so far (refusals, and 'unchanged' for rows a later one overrides) and the winners with their index.
 */
export function winnersOf<R>(rows: R[], keyOf: (r: R) => string, refusal: (r: R) => DocumentOutcome | null) {
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
export function unknownArticle(
  lines: ArticleLine[] | null | undefined,
  article: (l: ArticleLine) => Article | undefined,
) {
  const missing = (lines ?? []).find((l) => !article(l));
  return missing ? (`unknown-article: ${missing.itemId ?? missing.articleId}` as const) : null;
}

/** The lines of a batch's documents as one flat recordset: the document's key, the line's number and article. */
export function flatLines<L extends ArticleLine>(
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
export async function replaceLines(db: Db, table: string, key: string, columns: string, given: SQL, docs: string[]) {
  if (docs.length === 0) return new Set<string>();
  const [t, k, c] = [sql.raw(table), sql.raw(key), sql.raw(columns)];
  const changed = await queryRows(
    db,
    sql`with g as (${given}), cur as (select ${c} from ${t} where ${k} = ${any(docs)})
        select distinct ${k} as doc from ((select * from g except select * from cur)
                                          union all (select * from cur except select * from g)) d`,
    z.object({ doc: z.string() }),
  );
  const keys = changed.map((r) => r.doc);
  if (keys.length > 0) {
    await db.execute(sql`delete from ${t} where ${k} = ${any(keys)}`);
    // `given` names its columns as it likes but holds them in the table's order.
    await db.execute(sql`insert into ${t} (${c}) select g.* from (${given}) g where g.${k} = ${any(keys)}`);
  }
  return new Set(keys);
}

export const keysOf = async (db: Db, query: SQL) => (await queryRows(db, query, keyRow)).map((r) => r.k);

export function answer<R>(
  out: DocumentOutcome[],
  winners: { i: number; row: R }[],
  key: (r: R) => string,
  changed: Set<string>,
) {
  for (const w of winners) out[w.i] = changed.has(key(w.row)) ? 'applied' : 'unchanged';
  return out;
}

/** The ERP's PDF of deleted documents is forgotten with them (the stored file is replaced if one comes again). */
export const forgetPdfs = (db: Db, kind: string, keys: string[]) =>
  db.execute(sql`delete from erp_document_pdfs where kind = ${kind} and document_id = ${any(keys)}`);

/** A priced line's net amount: the ERP's, else the line amount rule of lib/vat.ts (the discount left out is none). */
export const PRICED_NET = sql`coalesce(l.amount, ${lineAmountSql(sql`l.price`, sql`l.quantity`, sql`coalesce(l.discount, 0)`)})`;
/** A priced line's columns after its article's: quantity, price, discount and net amount, as the tables hold them. */
export const PRICED = sql`l.quantity::numeric(12,2), l.price::numeric(12,2), coalesce(l.discount, 0)::numeric(5,2),
  ${PRICED_NET}::numeric(14,2)`;
export const PRICED_RECORD = sql`doc text, line_no int, article_id int, item_id text, name text, quantity numeric,
  price numeric, discount numeric, amount numeric, vat_pct numeric, vat_amount numeric, sales_id text`;
export const pricedFields = (l: PriceLineInput & { vatPct?: string | null; vatAmount?: string | null }) => ({
  quantity: String(l.quantity),
  price: l.price,
  discount: l.discountPct ?? null,
  amount: l.amount ?? null,
  vat_pct: l.vatPct ?? null,
  vat_amount: l.vatAmount ?? null,
});

/** Sales orders and their lines (erp_sales_orders, erp_sales_lines). */
