import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/** The demo client's lists (issue 26; decision 0080): the names the journeys and the README use. */
export const DEMO_LISTS = { open: 'Pedido semanal taller', locked: 'Revisión completa (fija)' } as const;

/**
 * Lists (requisition lists): the demo client C00001 (of `buyer` and `clientadmin`) gets two, one locked by its client
 * admin; the large scale gives three lists of 5 to 24 lines to one client in ten (set-based). Also the side menu's
 * entry in an older database, after the cart.
 */
export async function seedLists(db: Db, scale: 'demo' | 'large'): Promise<void> {
  await db.execute(sql`
    with cart as (select parent_id, position, min_rank, required_role from nav_menu_items
                   where sref = '/my-cart' limit 1),
         moved as (
           update nav_menu_items m set position = m.position + 1 from cart
            where m.parent_id is not distinct from cart.parent_id and m.position > cart.position
              and not exists (select 1 from nav_menu_items where sref = '/lists'))
    insert into nav_menu_items (parent_id, position, title, icon, sref, min_rank, required_role)
    select cart.parent_id, cart.position + 1, 'MENU_Lists', 'BarsOutlined', '/lists', cart.min_rank, cart.required_role
      from cart where not exists (select 1 from nav_menu_items where sref = '/lists')`);

  // Demo: the weekly order (four parts the home store holds) by buyer; a locked service kit by the client admin.
  await db.execute(sql`
    with who as (select (select id from users where username = 'buyer') as buyer,
                        (select id from users where username = 'clientadmin') as admin),
    lists as (
      insert into requisition_lists (client_accountnum, name, locked, created_by, updated_by, created_at, updated_at)
      select 'C00001', ${DEMO_LISTS.open}, false, who.buyer, who.buyer, now() - interval '20 days', now() - interval '2 days'
        from who
      union all
      select 'C00001', ${DEMO_LISTS.locked}, true, who.admin, who.admin, now() - interval '60 days', now() - interval '30 days'
        from who
      on conflict do nothing
      returning id, locked),
    picks as (
      select a.id, row_number() over (order by a.id) as n
        from articles a
       where a.stock_tracked and not a.withdrawn and a.family_code in ('01', '02')
         and exists (select 1 from stock s where s.article_id = a.id and s.store_id = 'MAD01' and s.quantity >= 4)
       order by a.id limit 7)
    insert into requisition_list_lines (list_id, article_id, quantity)
    select l.id, p.id, case when l.locked then 1 + p.n % 2 else 2 + (p.n % 3) * 2 end
      from lists l join picks p on (not l.locked and p.n <= 4) or (l.locked and p.n > 4)`);

  if (scale !== 'large') return;
  await db.execute(sql`
    with c as (
      select accountnum, row_number() over (order by accountnum)::int as k from clients
       where exists (select 1 from users u where u.client_accountnum = clients.accountnum)
         and abs(hashtext(accountnum)) % 10 = 0),
    lists as (
      insert into requisition_lists (client_accountnum, name, locked, created_at, updated_at)
      select c.accountnum, (array['Pedido semanal', 'Mantenimiento flota', 'Lunas y escobillas'])[i], i = 2,
             now() - ((c.k % 90) + i * 7 || ' days')::interval, now() - ((c.k % 30) + i || ' days')::interval
        from c cross join generate_series(1, 3) i
      returning id),
    top as (select greatest(max(id) - 1000, 1) as m from articles)
    insert into requisition_list_lines (list_id, article_id, quantity)
    select l.id, a.id, 1 + (a.id + l.id) % 6
      from lists l cross join top cross join lateral (
        select x.id from articles x
         where x.id > (l.id * 7919) % top.m and not x.withdrawn
         order by x.id limit 5 + (l.id % 20)) a
    on conflict do nothing`);
}
