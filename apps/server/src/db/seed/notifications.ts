import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/**
 * Stock alerts and notifications for the bell (issue 26; decision 0075). The demo customer `buyer` has two pending
 * alerts on articles its home store has none of, one fulfilled and one cancelled, and notifications of each kind:
 * the stock that came back (unread), its latest web order imported (unread), a step of one of its refunds (read).
 * The large scale gives the same to one rank-0 user in fifty (about a thousand people), set-based.
 */
export async function seedNotifications(db: Db, scale: 'demo' | 'large'): Promise<void> {
  const people =
    scale === 'demo'
      ? sql`select u.id, c.store_id, 0 as k from users u join clients c on c.accountnum = u.client_accountnum
             where u.username = 'buyer'`
      : sql`select u.id, c.store_id, row_number() over (order by u.id)::int as k
              from users u join clients c on c.accountnum = u.client_accountnum
             where c.store_id is not null and not exists (select 1 from user_roles r where r.user_id = u.id
                                                           and r.role_name in ('admin', 'clientadmin'))
               and abs(hashtext(u.id::text)) % 50 = 0`;
  // Four articles without stock in the person's home store (tracked ones: their stock can come back), picked by
  // the person's number so that people do not all wait for the same ones.
  await db.execute(sql`
    with p as (${people}),
    picks as (
      select p.id as user_id, p.store_id, a.id as article_id, a.n
        from p cross join lateral (
          select x.id, row_number() over (order by x.id) as n
            from (select id from articles where stock_tracked and id > (p.k * 37) % 1000 order by id limit 400) x
           where not exists (select 1 from stock s where s.article_id = x.id and s.store_id = p.store_id
                              and s.quantity > 0)
           order by x.id limit 4) a)
    insert into stock_alerts (user_id, article_id, store_id, created_at, fired_at, cancelled_at)
    select user_id, article_id, store_id, now() - (n * 3 || ' days')::interval,
           case when n = 3 then now() - interval '1 day' end,
           case when n = 4 then now() - interval '2 days' end
      from picks`);
  // The fulfilled alert's notification (its stock came back; the demo sets that stock too, as the feed would).
  await db.execute(sql`
    with fired as (
      select al.user_id, al.article_id, al.store_id, al.fired_at, a.ref_jumasa, s.name
        from stock_alerts al join articles a on a.id = al.article_id join stores s on s.id = al.store_id
       where al.fired_at is not null),
    stocked as (
      -- Distinct: two people of one store may wait for the same article (one row of stock, set once).
      insert into stock (article_id, store_id, quantity) select distinct article_id, store_id, 6 from fired
      on conflict (article_id, store_id) do update set quantity = excluded.quantity)
    insert into notifications (user_id, kind, params, created_at)
    select user_id, 'stock_back',
           jsonb_build_object('articleId', article_id, 'ref', ref_jumasa, 'storeId', store_id, 'storeName', name),
           fired_at
      from fired`);
  // The person's latest imported web order (unread) and a step of their latest refund past the request (read).
  await db.execute(sql`
    with p as (select distinct user_id as id from stock_alerts)
    insert into notifications (user_id, kind, params, created_at, read_at)
    select w.user_id, 'web_order_imported',
           jsonb_build_object('webOrderId', w.id, 'salesIds', w.sales_related), now() - interval '2 hours', null
      from p cross join lateral (
        select id, user_id, sales_related from web_orders
         where user_id = p.id and imported and sales_related is not null order by id desc limit 1) w
    union all
    select r.user_id, 'refund_changed', jsonb_build_object('refundId', r.id, 'stage', r.stage),
           now() - interval '3 days', now() - interval '2 days'
      from p cross join lateral (
        select id, user_id, stage from refunds
         where user_id = p.id and stage in ('received', 'decided', 'rejected', 'cancelled', 'processed')
         order by id desc limit 1) r`);
}
