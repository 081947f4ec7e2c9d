import type { SyncProcName } from '@portal/contract/sync';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { DEMO_BATCH, DEMO_PROTECTED_CLIENTS, DEMO_UNKNOWN_STORE } from '../../db/demo-erp-trickle.ts';
import { countRow, int } from '../../db/rows.ts';
import { businessTimeZone } from '../../lib/business-time.sql.ts';
import { type ErpChange, type ErpSource, erpData } from './erp-source.ts';

/**
 * The built-in demo ERP (decision 0045): a journal of changes (`demo_erp_changes`) that it fills with a small,
 * real batch each time a procedure's run starts, so every procedure always has work: price changes of about
 * thirty articles, stock of forty article-store pairs (every third batch also one for a store the portal does not
 * have, which lands in the error queue), a client blocked or unblocked, five new sales orders, packing slips for
 * the newest open orders and invoices for the newest delivered ones. Demo accounts' clients (C00000–C00002) are
 * never blocked. Used only in demo mode; production needs a real connector. The demo ERP also pushes the same kind
 * of trickle through the feeds over HTTP, the path a real ERP takes (decision 0074): this journal is what staff's
 * "run now" on the sync screen reads.
 */

async function produce(db: Db, proc: SyncProcName, now: Date): Promise<void> {
  const [state] = await queryRows(
    db,
    sql`select coalesce(max(seq), 0)::int as n,
               (select count(distinct created_at)::int from demo_erp_changes where proc_name = ${proc}) as batches
          from demo_erp_changes`,
    z.object({ n: int, batches: int }),
  );
  const n = state?.n ?? 0;
  const at = now.toISOString();
  const insert = (select: ReturnType<typeof sql>) =>
    db.execute(sql`insert into demo_erp_changes (proc_name, item_key, payload, created_at) ${select}`);
  switch (proc) {
    case 'ArticlesPrices':
      await insert(sql`
        select 'ArticlesPrices', a.id::text,
               jsonb_build_object('articleId', a.id,
                 'pv1d', greatest(0.5, round(ap.pv1d * (1 + ((abs(hashtext(a.id::text || ${n}::text)) % 13) - 6) / 100.0), 2))::text),
               ${at}::timestamptz
          from articles a join article_prices ap on ap.article_id = a.id
         where a.id > (${n}::bigint * 7919) % greatest((select max(id) from articles), 1)
         order by a.id limit ${DEMO_BATCH.prices}`);
      return;
    case 'Stock':
      await insert(sql`
        select 'Stock', s.article_id || '@' || s.store_id,
               jsonb_build_object('articleId', s.article_id, 'storeId', s.store_id,
                 'quantity', greatest(0, s.quantity + (abs(hashtext(s.article_id::text || ${n}::text)) % 11) - 5)),
               ${at}::timestamptz
          from stock s
         where s.article_id > (${n}::bigint * 104729) % greatest((select max(id) from articles), 1)
         order by s.article_id, s.store_id limit ${DEMO_BATCH.stock}`);
      if ((state?.batches ?? 0) % 3 === 0) {
        await insert(sql`
          select 'Stock', a.id || '@' || ${DEMO_UNKNOWN_STORE}::text,
                 jsonb_build_object('articleId', a.id, 'storeId', ${DEMO_UNKNOWN_STORE}::text, 'quantity', 12), ${at}::timestamptz
            from articles a order by a.id limit 1`);
      }
      return;
    case 'ClientsAddresses':
      await insert(sql`
        select 'ClientsAddresses', c.accountnum,
               jsonb_build_object('accountnum', c.accountnum, 'ordersBlocked', not c.orders_blocked), ${at}::timestamptz
          from clients c
         where c.accountnum not in ${DEMO_PROTECTED_CLIENTS} and not c.is_work_zone
         order by c.accountnum
         offset ${n}::int % greatest((select count(*) from clients where accountnum not in ${DEMO_PROTECTED_CLIENTS}
                                    and not is_work_zone) - 1, 1)
         limit 1`);
      return;
    case 'SalesOrders':
      await insert(sql`
        select 'SalesOrders', 'PV' || lpad((${n}::int + c.i)::text, 8, '0'),
               jsonb_build_object(
                 'salesId', 'PV' || lpad((${n}::int + c.i)::text, 8, '0'),
                 'client', c.accountnum, 'createdAt', ${at}::text, 'storeId', c.store_id,
                 'customerRef', 'ERP ' || (${n}::int + c.i), 'dlvMode', (select min(id) from delivery_modes),
                 'lines', (select jsonb_agg(jsonb_build_object('articleId', a.id, 'quantity', 1 + a.id % 4,
                                  'price', a.pv1d::text, 'discountPct', '0'))
                             from (select article_id as id, pv1d from article_prices
                                    where article_id > (abs(hashtext(c.accountnum || ${n}::text)) % 65536) * 7
                                       % greatest((select max(id) from articles), 1)
                                    order by article_id limit 1 + c.i % 3) a)),
               ${at}::timestamptz
          from (select accountnum, coalesce(store_id, (select min(id) from stores)) as store_id,
                       row_number() over (order by hashtext(accountnum || ${n}::text))::int as i
                  from clients where accountnum <> 'C00000') c
         where c.i <= ${DEMO_BATCH.salesOrders}`);
      return;
    case 'PackingSlips':
      await insert(sql`
        select 'PackingSlips', 'ALD' || lpad((${n}::int + o.i)::text, 8, '0'),
               jsonb_build_object('packingSlipId', 'ALD' || lpad((${n}::int + o.i)::text, 8, '0'), 'salesId', o.sales_id,
                 'deliveryDate', to_char(${at}::timestamptz at time zone ${businessTimeZone}, 'YYYY-MM-DD')),
               ${at}::timestamptz
          from (select sales_id, row_number() over (order by created_at desc, sales_id)::int as i
                  from erp_sales_orders o
                 where status = 1 and web_order_id is null
                   and not exists (select 1 from erp_sales_packing_slips p where p.sales_id = o.sales_id)
                   and not exists (select 1 from demo_erp_changes d
                                    where d.proc_name = 'PackingSlips' and d.payload ->> 'salesId' = o.sales_id)
                 order by created_at desc, sales_id limit ${DEMO_BATCH.packingSlips}) o`);
      return;
    case 'Invoices':
      await insert(sql`
        select 'Invoices', 'FAD' || lpad((${n}::int + o.i)::text, 8, '0'),
               jsonb_build_object('invoiceId', 'FAD' || lpad((${n}::int + o.i)::text, 8, '0'), 'salesId', o.sales_id,
                 'invoiceDate', to_char(${at}::timestamptz at time zone ${businessTimeZone}, 'YYYY-MM-DD')),
               ${at}::timestamptz
          from (select sales_id, row_number() over (order by created_at desc, sales_id)::int as i
                  from erp_sales_orders o
                 where status = 2
                   and not exists (select 1 from erp_sales_invoices v where v.sales_id = o.sales_id)
                   and not exists (select 1 from demo_erp_changes d
                                    where d.proc_name = 'Invoices' and d.payload ->> 'salesId' = o.sales_id)
                 order by created_at desc, sales_id limit ${DEMO_BATCH.invoices}) o`);
      return;
    case 'WebOrdersExport':
      return;
  }
}

export const demoErpSource: ErpSource = {
  name: 'demo',
  begin: (proc, { db, now }) => produce(db, proc, now),
  async changes(proc, cursor, limit, { db }) {
    const rows = await queryRows(
      db,
      sql`select seq::int as seq, item_key, payload from demo_erp_changes
           where proc_name = ${proc} and seq > ${cursor} order by seq limit ${limit}`,
      z.object({ seq: int, item_key: z.string(), payload: erpData }),
    );
    return rows.map((r): ErpChange => ({ seq: r.seq, key: r.item_key, data: r.payload }));
  },
  async pending(proc, cursor, { db }) {
    const [row] = await queryRows(
      db,
      sql`select count(*)::int as n from demo_erp_changes where proc_name = ${proc} and seq > ${cursor}`,
      countRow,
    );
    return row?.n ?? 0;
  },
};
