import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/**
 * Demo data of statistics and sync (issue 16; decisions 0044, 0045):
 * - the web order lines record the vehicle they were bought for (about half of them, from the article's fitments),
 *   as the cart records it, and the statistics are rebuilt from the lines;
 * - at large scale, two years of portal orders with 1,000,000 lines for the statistics' benchmark;
 * - a sync history: a week of runs of every procedure, one of them failed, and one change in the error queue;
 * - the "Mis estadísticas" menu entry, for every signed-in user.
 */
export async function seedSyncStats(db: Db, scale: 'demo' | 'large'): Promise<void> {
  await db.execute(sql`
    update web_order_lines l set model_id = f.model_id
      from (select distinct on (article_id) article_id, model_id from fitments order by article_id, model_id) f
     where f.article_id = l.article_id and (l.web_order_id + l.line_no) % 2 = 0 and l.model_id is null`);
  if (scale === 'large') await seedLargeOrders(db);
  await db.execute(sql`select stats_rebuild()`);
  await seedSyncHistory(db);
  await db.execute(sql`
    insert into nav_menu_items (parent_id, position, title, icon, sref, min_rank)
    select null, coalesce(max(position), 0) + 1, 'MENU_MyStats', 'BarChartOutlined', '/stats/family', 0
      from nav_menu_items where parent_id is null`);
}

/** Two years of portal orders, 1,000,000 lines (250,000 orders of four lines), in batches of 25,000 orders. */
export async function seedLargeOrders(db: Db) {
  const orders = 250_000;
  const batch = 25_000;
  await db.execute(sql`create temp table seed_stats_users on commit drop as
    select row_number() over (order by u.id)::int as k, u.id, u.client_accountnum,
           coalesce(c.store_id, (select min(id) from stores)) as store_id
      from users u join clients c on c.accountnum = u.client_accountnum where c.accountnum <> 'C00000'`);
  await db.execute(sql`create temp table seed_stats_models on commit drop as
    select row_number() over (order by id)::int as k, id from vehicle_models`);
  for (let from = 0; from < orders; from += batch) {
    await db.execute(sql`create temp table seed_stats_batch on commit drop as
      select g as n, u.id as user_id, u.client_accountnum, u.store_id,
             now() - (g::float8 / ${orders}::float8) * interval '730 days' - (g % 3600) * interval '1 second' as at
        from generate_series(${from + 1}::int, ${from + batch}::int) g
        join seed_stats_users u on u.k = 1 + abs(hashtext('su' || g)) % (select count(*) from seed_stats_users)`);
    await db.execute(sql`insert into carts (user_id, client_accountnum, status, created_at, finished_at)
      select user_id, client_accountnum, 'finished', at, at from seed_stats_batch order by n`);
    await db.execute(sql`insert into web_orders (cart_id, user_id, client_accountnum, store_id, store_name, ordered_at,
        delivery_date, delivery_name, customer_ref, dlv_mode_id, dlv_mode_name, payment_method_id, payment_method_name,
        list_amount, net_amount, imported)
      select c.id, b.user_id, b.client_accountnum, b.store_id, s.name, b.at, b.at::date + 1, b.client_accountnum,
             'STATS ' || b.n, (select min(id) from delivery_modes), 'Estadística',
             (select min(id) from payment_methods), 'Estadística', 0, 0, true
        from seed_stats_batch b
        join lateral (select id from carts where user_id = b.user_id and created_at = b.at order by id desc limit 1) c on true
        join stores s on s.id = b.store_id`);
    await db.execute(sql`insert into web_order_lines (web_order_id, line_no, article_id, ref_jumasa, description,
        family_code, supplier, quantity, pv1d, net_price, list_amount, net_amount, model_id)
      select w.id, i, a.id, a.ref_jumasa, a.description, a.family_code, a.supplier, q, ap.pv1d, ap.pv1d, ap.pv1d * q,
             ap.pv1d * q,
             case when (w.id + i) % 5 < 3 then (select id from seed_stats_models
                  where k = 1 + (abs(hashtext('sm' || w.id || i)) % 40) * (abs(hashtext('sz' || w.id)) % 30 + 1)
                        % (select count(*) from seed_stats_models)) end
        from web_orders w
        cross join generate_series(1, 4) i
        cross join lateral (select 1 + abs(hashtext('sq' || w.id || i)) % 5 as q) qq
        join articles a on a.id = 1 + abs(hashtext('sa' || w.id || i)) % 20000
        join article_prices ap on ap.article_id = a.id
       where w.customer_ref like 'STATS %' and w.id > (select coalesce(max(web_order_id), 0) from web_order_lines)`);
    await db.execute(sql`drop table seed_stats_batch`);
  }
}

async function seedSyncHistory(db: Db) {
  await db.execute(sql`
    insert into sync_runs (proc_name, status, requested_by, created_at, started_at, finished_at, attempts, progress,
      total, rows_read, rows_written, error)
    select p.name,
           case when p.name = 'Invoices' and d = 1 then 'failed' else 'succeeded' end,
           case when d % 2 = 0 then 'admin' else null end,
           now() - d * interval '1 day' - p.position * interval '3 minutes',
           now() - d * interval '1 day' - p.position * interval '3 minutes',
           now() - d * interval '1 day' - p.position * interval '3 minutes' + (4 + p.position * 3) * interval '1 second',
           1, 20 + p.position * 7, 20 + p.position * 7,
           case when p.name = 'Invoices' and d = 1 then 0 else 20 + p.position * 7 end,
           case when p.name = 'Invoices' and d = 1 then 0 else 18 + p.position * 7 end,
           case when p.name = 'Invoices' and d = 1
                then 'ERP: tiempo de espera agotado al leer las facturas (ETIMEDOUT)' end
      from sync_procedures p cross join generate_series(1, 7) d
     order by 4`);
  await db.execute(sql`
    insert into sync_run_messages (run_id, at, level, message)
    select r.id, r.started_at, 'info', 'Iniciada por portal-1' from sync_runs r
    union all
    select r.id, r.finished_at, case when r.status = 'failed' then 'error' else 'info' end,
           case when r.status = 'failed' then 'Error: ' || r.error
                else 'Terminada: ' || r.rows_read || ' leídas, ' || r.rows_written || ' escritas' end
      from sync_runs r`);
  await db.execute(sql`
    insert into sync_errors (proc_name, run_id, item_key, payload, message, created_at)
    select 'Stock', max(id), '1@ALM-BAJA', '{"articleId": 1, "storeId": "ALM-BAJA", "quantity": 12}'::jsonb,
           'Almacén ALM-BAJA desconocido en el portal', now() - interval '1 day'
      from sync_runs where proc_name = 'Stock' and status = 'succeeded'`);
}
