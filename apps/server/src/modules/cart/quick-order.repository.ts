import { QUANTITY } from '@portal/contract/quantity';
import { QUICK_ORDER_MATCHES, type QuickOrderMatch, type ReorderKind } from '@portal/contract/quick-order';
import { documentIdCandidates } from '@portal/contract/sales';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { idIn } from '../../db/document-headers.ts';
import { listPriceSql, netPriceSql } from '../../db/net-price.ts';
import { idRow } from '../../db/rows.ts';

/** An article with what a quick-order line shows: the client's net price (decimal text) and its stock per store. */
const quickArticleRow = z.object({
  id: z.number(),
  ref_jumasa: z.string(),
  description: z.string(),
  family_code: z.string(),
  supplier: z.string(),
  eurocode: z.string().nullable(),
  stock_tracked: z.boolean(),
  pv1d: z.string(),
  net: z.string(),
  stock: z.array(z.tuple([z.string(), z.number()])),
});
export type QuickArticleRow = z.infer<typeof quickArticleRow>;

/** An article a code resolved to: the code's position and what it matched. */
const resolvedRow = quickArticleRow.extend({ n: z.number(), matched_by: z.enum(QUICK_ORDER_MATCHES) });

/** The columns of `QuickArticleRow` over `articles a`, priced for a client. */
const articleColumns = (clientId: string) => sql`a.id, a.ref_jumasa, a.description, a.family_code, a.supplier,
  a.eurocode, a.stock_tracked, ${listPriceSql('a')}::text as pv1d, ${netPriceSql(clientId, 'a')} as net,
  (select coalesce(json_agg(json_build_array(s.store_id, s.quantity)), '[]'::json)
     from stock_available s where s.article_id = a.id) as stock`;

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

const documentLineRow = z.object({
  line_no: z.number(),
  item_id: z.string(),
  name: z.string(),
  quantity: z.number(),
  price: z.string().nullable(),
  store_id: z.string().nullable(),
  article_id: z.number().nullable(),
});
export type DocumentLineRow = z.infer<typeof documentLineRow>;

export function quickOrderRepository(db: Db) {
  return {
    /**
     * Every code's articles in one statement (issue 26): our reference first (`ref_norm`), else OEM codes and
     * EUROCODEs, each by its index; `codes` are normalised already. At most `cap` articles per code.
     */
    async resolve(
      codes: string[],
      clientId: string,
      cap: number,
    ): Promise<(QuickArticleRow & { n: number; matched_by: QuickOrderMatch })[]> {
      if (codes.length === 0) return [];
      return queryRows(
        db,
        sql`with input as materialized (
              select x.n, x.k from jsonb_to_recordset(${json(codes.map((k, n) => ({ n, k })))}) as x(n int, k text)),
            m as (
              select i.n, a.id, 0 as pri, 'reference' as matched_by from input i join articles a on a.ref_norm = i.k
              union all
              select i.n, o.article_id, 1, 'oem' from input i join article_oem o on o.oem_norm = i.k
              union all
              -- One index probe per code (offset 0 keeps the subquery apart): joined whole, the planner hashed
              -- the 125,000 EUROCODEs of the large catalogue.
              select i.n, e.id, 1, 'eurocode' from input i
                cross join lateral (select a.id from articles a where a.eurocode = i.k offset 0) e),
            ranked as (select m.*, min(m.pri) over (partition by m.n) as best_pri from m),
            best as (
              select distinct on (r.n, r.id) r.n, r.id, r.matched_by from ranked r
               where r.pri = r.best_pri
               order by r.n, r.id, r.matched_by),
            capped as (
              select b.*, row_number() over (partition by b.n order by b.id) as rk from best b)
            select c.n, c.matched_by, ${articleColumns(clientId)}
              from capped c join articles a on a.id = c.id
             where c.rk <= ${cap}
             order by c.n, a.ref_jumasa`,
        resolvedRow,
      );
    },

    /** The articles of these ids (those that exist), priced for the client. */
    async articles(ids: number[], clientId: string): Promise<QuickArticleRow[]> {
      if (ids.length === 0) return [];
      return queryRows(
        db,
        sql`select ${articleColumns(clientId)} from articles a
             where a.id in (select (jsonb_array_elements_text(${json(ids)}))::int)`,
        quickArticleRow,
      );
    },

    /**
     * Adds lines to a cart in one statement; a line of an article already in the cart gets the quantity added
     * (capped at 9999) and keeps its store unless one is given, as the cart's own add does. `lines` hold each
     * article once.
     */
    async addLines(
      cartId: number,
      owner: { userId: string; clientId: string },
      lines: { a: number; q: number; s: string | null }[],
    ): Promise<number> {
      const rows = await queryRows(
        db,
        sql`insert into cart_lines (cart_id, user_id, client_accountnum, article_id, quantity, supplier, store_id)
            select ${cartId}, ${owner.userId}, ${owner.clientId}, x.a, x.q, art.supplier, x.s
              from jsonb_to_recordset(${json(lines)}) as x(a int, q int, s text)
              join articles art on art.id = x.a
            on conflict (cart_id, article_id) do update
              set quantity = least(cart_lines.quantity + excluded.quantity, ${QUANTITY.max}),
                  store_id = coalesce(excluded.store_id, cart_lines.store_id),
                  updated_at = now()
            returning id`,
        idRow,
      );
      return rows.length;
    },

    /**
     * The lines of a document of the client (null: any client, staff), with the store each was served from;
     * null when there is no such document for that client.
     */
    async documentLines(kind: ReorderKind, id: string, clientId: string | null): Promise<DocumentLineRow[] | null> {
      const scope = (column: SQL) => (clientId === null ? sql`true` : sql`${column} = ${clientId}`);
      const unitPrice = sql`case when l.quantity <> 0 then round(l.line_amount / l.quantity, 2)::text end`;
      let found: SQL;
      let lines: (key: SQL) => SQL;
      if (kind === 'weborder') {
        if (!/^\d{1,15}$/.test(id)) return null;
        found = sql`select w.id::text as k from web_orders w where w.id = ${Number(id)} and ${scope(sql`w.client_accountnum`)}`;
        lines = (key) => sql`select l.line_no, l.ref_jumasa as item_id, l.description as name,
              l.quantity::float8 as quantity, l.net_price::text as price, w.store_id, l.article_id
            from web_order_lines l join web_orders w on w.id = l.web_order_id where w.id = (${key})::bigint`;
      } else if (kind === 'order') {
        found = sql`select o.sales_id as k from erp_sales_orders o
            where ${idIn(sql`o.sales_id`, documentIdCandidates(id))} and ${scope(sql`o.client_accountnum`)}`;
        lines = (key) => sql`select l.line_no, l.item_id, l.name, l.quantity::float8 as quantity, ${unitPrice} as price,
              o.store_id, l.article_id
            from erp_sales_lines l join erp_sales_orders o on o.sales_id = l.sales_id where l.sales_id = ${key}`;
      } else if (kind === 'invoice') {
        found = sql`select i.invoice_id as k from erp_invoices i
            where ${idIn(sql`i.invoice_id`, documentIdCandidates(id))} and ${scope(sql`i.client_accountnum`)}`;
        lines = (key) => sql`select l.line_no, l.item_id, l.name, l.quantity::float8 as quantity, ${unitPrice} as price,
              (select o.store_id from erp_sales_orders o where o.sales_id = l.sales_id) as store_id, l.article_id
            from erp_invoice_lines l where l.invoice_id = ${key}`;
      } else {
        found = sql`select p.packing_slip_id as k from erp_packing_slips p
            where ${idIn(sql`p.packing_slip_id`, documentIdCandidates(id))} and ${scope(sql`p.client_accountnum`)}`;
        lines = (key) => sql`select l.line_no, l.item_id, l.name, l.quantity::float8 as quantity, null::text as price,
              p.store_id, l.article_id
            from erp_packing_slip_lines l join erp_packing_slips p on p.packing_slip_id = l.packing_slip_id
            where l.packing_slip_id = ${key}`;
      }
      const [doc] = await queryRows(db, sql`${found} order by 1 limit 1`, z.object({ k: z.string() }));
      if (!doc) return null;
      return queryRows(db, sql`${lines(sql`${doc.k}`)} order by 1`, documentLineRow);
    },

    /** Articles by our exact reference (a document line whose article id the ERP did not give). */
    async idsByReference(refs: string[]): Promise<{ id: number; ref_jumasa: string }[]> {
      if (refs.length === 0) return [];
      return queryRows(
        db,
        sql`select a.id, a.ref_jumasa from articles a
             where a.ref_jumasa in (select jsonb_array_elements_text(${json(refs)}))`,
        z.object({ id: z.number(), ref_jumasa: z.string() }),
      );
    },
  };
}
export type QuickOrderRepository = ReturnType<typeof quickOrderRepository>;
