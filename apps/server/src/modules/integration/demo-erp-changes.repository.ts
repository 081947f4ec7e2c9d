import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { DEMO_BATCH, DEMO_PROTECTED_CLIENTS, DEMO_UNKNOWN_STORE } from '../../db/demo-erp-trickle.ts';
import { businessTimeZone } from '../../lib/business-time.sql.ts';
import type { FeedPush } from './demo-erp-client.ts';

/**
 * What the demo ERP pushes through the feeds (decision 0074): the changes its data has now, in the rows the ERP
 * sends, computed from the demo database (the portal's ERP mirror is the demo ERP's own data). A small, real trickle,
 * the one of the sync procedures' journal (decision 0045):
 * - `prices`: about 30 articles' PV1D moved by 1–6 % (never the same price);
 * - `stock`: 40 article-store pairs' AVAILPHYSICAL moved by 1–5 units (never below 0, never the same), and every
 *   third pass one row for a store the portal does not have (refused: unknown-store);
 * - `clients`: one client's BOQPEDIDO toggled (never the demo accounts' clients C00000–C00002, nor a work zone);
 * - `sales-orders`: 5 new orders `PVE…` with 1–3 lines at the list price;
 * - `packing-slips`: one `ALE…` (the order's lines) for each of the 3 newest open orders without one;
 * - `invoices`: one `FAE…` (the order's lines) for each of the 2 newest delivered orders without one.
 * Which rows: the pass number, the demo ERP's orders `PVE…` made so far divided by five, so that a restarted portal
 * goes on where it was. Every row carries MODIFIEDDATETIME (the pass's time), so the sync screen shows the lag.
 */

const jsonRow = z.object({ row: z.record(z.string(), z.unknown()) });
const rowsOf = async (db: Db, query: SQL) => (await queryRows(db, query, jsonRow)).map((r) => r.row);

/** The number after a prefix of the newest id of an ERP table (`PVE0000012` → 12), 0 when none. */
async function lastNumber(db: Db, table: SQL, column: SQL, prefix: string): Promise<number> {
  const next = String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  const [last] = await queryRows(
    db,
    sql`select substr(${column}, ${prefix.length + 1})::int as n from ${table}
         where ${column} >= ${prefix} and ${column} < ${prefix.slice(0, -1) + next}
           and ${column} ~ ${`^${prefix}[0-9]{7}$`}
         order by ${column} desc limit 1`,
    z.object({ n: z.number() }),
  );
  return last?.n ?? 0;
}

const id = (prefix: string, n: SQL) => sql`${prefix} || lpad((${n})::text, 7, '0')`;

export async function demoErpFeedChanges(db: Db, at: Date): Promise<FeedPush[]> {
  const when = at.toISOString();
  const day = sql`to_char(${when}::timestamptz at time zone ${businessTimeZone}, 'YYYY-MM-DD')`;
  const orders = await lastNumber(db, sql`erp_sales_orders`, sql`sales_id`, 'PVE');
  const slips = await lastNumber(db, sql`erp_packing_slips`, sql`packing_slip_id`, 'ALE');
  const invoices = await lastNumber(db, sql`erp_invoices`, sql`invoice_id`, 'FAE');
  const pass = Math.floor(orders / DEMO_BATCH.salesOrders);
  const maxArticle = sql`greatest((select max(id) from articles), 1)`;
  // The articles with their list price (decision 0078), walked in id order.
  const pricedArticles = sql`(select a.id, a.ref_jumasa, ap.pv1d from articles a
    join article_prices ap on ap.article_id = a.id) pa`;

  // Articles from a point that moves with the pass, wrapping round to the first ones.
  const prices = await rowsOf(
    db,
    sql`select jsonb_build_object('ITEMID', p.ref_jumasa,
               'PV1D', (case when p.np = p.pv1d then p.np + 0.01 else p.np end)::text,
               'MODIFIEDDATETIME', ${when}::text) as row
          from (select a.ref_jumasa, a.pv1d, greatest(0.5, round(a.pv1d * (1 + d.pct / 100.0), 2)) as np, a.part, a.id
                  from (select * from ((select id, ref_jumasa, pv1d, 0 as part from ${pricedArticles}
                                          where id > (${pass}::bigint * 7919) % ${maxArticle} order by id limit ${DEMO_BATCH.prices})
                                       union all
                                       (select id, ref_jumasa, pv1d, 1 from ${pricedArticles}
                                          where id <= (${pass}::bigint * 7919) % ${maxArticle} order by id limit ${DEMO_BATCH.prices})) w
                         order by part, id limit ${DEMO_BATCH.prices}) a
                 cross join lateral (select (abs(hashtext(a.id || ':' || ${pass}::int)) % 12) - 6 as h) h
                 cross join lateral (select case when h.h >= 0 then h.h + 1 else h.h end as pct) d) p
         order by p.part, p.id`,
  );

  const stockRows = await rowsOf(
    db,
    sql`select jsonb_build_object('ITEMID', a.ref_jumasa, 'INVENTLOCATIONID', s.store_id,
               'AVAILPHYSICAL', case when s.quantity - m.d < 0 or m.up then s.quantity + m.d else s.quantity - m.d end,
               'MODIFIEDDATETIME', ${when}::text) as row
          from (select * from ((select article_id, store_id, quantity, 0 as part from stock
                                  where article_id > (${pass}::bigint * 104729) % ${maxArticle}
                                  order by article_id, store_id limit ${DEMO_BATCH.stock})
                               union all
                               (select article_id, store_id, quantity, 1 from stock
                                  where article_id <= (${pass}::bigint * 104729) % ${maxArticle}
                                  order by article_id, store_id limit ${DEMO_BATCH.stock})) w
                 order by part, article_id, store_id limit ${DEMO_BATCH.stock}) s
          join articles a on a.id = s.article_id
         cross join lateral (select abs(hashtext(s.article_id || '@' || s.store_id || ':' || ${pass}::int)) as x) x
         cross join lateral (select 1 + x.x % 5 as d, (x.x / 5) % 2 = 0 as up) m
         order by s.part, s.article_id, s.store_id`,
  );
  if (pass % 3 === 0)
    stockRows.push(
      ...(await rowsOf(
        db,
        sql`select jsonb_build_object('ITEMID', ref_jumasa, 'INVENTLOCATIONID', ${DEMO_UNKNOWN_STORE}::text,
                   'AVAILPHYSICAL', 12, 'MODIFIEDDATETIME', ${when}::text) as row
              from articles order by id limit 1`,
      )),
    );

  const clients = await rowsOf(
    db,
    sql`select jsonb_build_object('ACCOUNTNUM', c.accountnum, 'BOQPEDIDO', not c.orders_blocked,
               'MODIFIEDDATETIME', ${when}::text) as row
          from clients c
         where c.accountnum not in ${DEMO_PROTECTED_CLIENTS} and not c.is_work_zone
         order by c.accountnum
         offset ${pass}::int % greatest((select count(*) from clients where accountnum not in ${DEMO_PROTECTED_CLIENTS}
                                            and not is_work_zone), 1)
         limit 1`,
  );

  // New orders: five clients picked by the pass, each with 1–3 articles from a point its account and the pass choose.
  const salesOrders = await rowsOf(
    db,
    sql`select jsonb_build_object(
               'SALESID', ${id('PVE', sql`${orders}::int + c.i`)}, 'CUSTACCOUNT', c.accountnum,
               'INVENTLOCATIONID', c.store_id, 'JUMCREATEDDATE', ${when}::text,
               'CUSTOMERREF', 'ERP ' || (${orders}::int + c.i), 'DLVMODE', (select min(id) from delivery_modes),
               'SALESSTATUS', 1, 'SALESORIGINID', 'TEL', 'SALESTAKER', 'ERP', 'MODIFIEDDATETIME', ${when}::text,
               'LINES', (select jsonb_agg(jsonb_build_object('LINENUM', l.n, 'ITEMID', l.ref_jumasa,
                                          'QTY', 1 + l.id % 4, 'SALESPRICE', l.pv1d::text) order by l.n)
                           from (select id, ref_jumasa, pv1d, row_number() over (order by part, id)::int as n
                                   from (select * from ((select id, ref_jumasa, pv1d, 0 as part from ${pricedArticles}
                                                          where id > c.start order by id limit 1 + c.i % 3)
                                                        union all
                                                        (select id, ref_jumasa, pv1d, 1 from ${pricedArticles}
                                                          where id <= c.start order by id limit 1 + c.i % 3)) w
                                          order by part, id limit 1 + c.i % 3) x) l)) as row
          from (select accountnum, coalesce(store_id, (select min(id) from stores)) as store_id,
                       (abs(hashtext(accountnum || ':' || ${pass}::int)) % 65536) * 7 % ${maxArticle} as start,
                       row_number() over (order by hashtext(accountnum || ':' || ${pass}::int), accountnum)::int as i
                  from clients where accountnum <> 'C00000' and not is_work_zone) c
         where c.i <= ${DEMO_BATCH.salesOrders}
         order by c.i`,
  );

  // The newest open orders (not a web order's: those the portal follows through the events) get their packing slip.
  const packingSlips = await rowsOf(
    db,
    sql`select jsonb_build_object('PACKINGSLIPID', ${id('ALE', sql`${slips}::int + o.i`)}, 'SALESID', o.sales_id,
               'DELIVERYDATE', ${day}, 'MODIFIEDDATETIME', ${when}::text) as row
          from (select sales_id, row_number() over (order by created_at desc, sales_id)::int as i
                  from erp_sales_orders o
                 where status = 1 and web_order_id is null
                   and not exists (select 1 from erp_sales_packing_slips p where p.sales_id = o.sales_id)
                 order by created_at desc, sales_id limit ${DEMO_BATCH.packingSlips}) o
         order by o.i`,
  );

  const invoiceRows = await rowsOf(
    db,
    sql`select jsonb_build_object('INVOICEID', ${id('FAE', sql`${invoices}::int + o.i`)}, 'SALESID', o.sales_id,
               'INVOICEDATE', ${day}, 'MODIFIEDDATETIME', ${when}::text) as row
          from (select sales_id, row_number() over (order by created_at desc, sales_id)::int as i
                  from erp_sales_orders o
                 where status = 2
                   and not exists (select 1 from erp_sales_invoices v where v.sales_id = o.sales_id)
                 order by created_at desc, sales_id limit ${DEMO_BATCH.invoices}) o
         order by o.i`,
  );

  // In the order a real ERP sends them: an order before its packing slip, that before its invoice.
  return [
    { feed: 'prices', rows: prices },
    { feed: 'stock', rows: stockRows },
    { feed: 'clients', rows: clients },
    { feed: 'sales-orders', rows: salesOrders },
    { feed: 'packing-slips', rows: packingSlips },
    { feed: 'invoices', rows: invoiceRows },
  ] as FeedPush[];
}
