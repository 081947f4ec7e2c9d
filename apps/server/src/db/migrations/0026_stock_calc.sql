-- A store's stock calculation type applied (issue 16; decisions 0043, 0047). Everything that shows or filters stock
-- reads this view instead of the ERP's figures: for a store of type 1 the units of web orders not yet imported into
-- the ERP are held back (floored at 0), so two customers cannot both buy the last unit between two ERP imports; a
-- store of type 0 shows the ERP's figure as it is.
create index web_orders_pending_store on web_orders (store_id, id) where not imported;

create view stock_available as
select s.article_id, s.store_id,
       case when st.stock_calc_type = 1 then greatest(s.quantity - coalesce((
              select sum(l.quantity)::int
                from web_orders w join web_order_lines l on l.web_order_id = w.id
               where not w.imported and w.store_id = s.store_id and l.article_id = s.article_id), 0), 0)
            else s.quantity end as quantity
  from stock s join stores st on st.id = s.store_id;
