-- "Held nowhere by the ERP" kept on the article (issue 16; decision 0048). The article grid's "Availability 0"
-- (tracked, held nowhere) otherwise reads every article's stock rows: 3.6 s at 1,000,000 articles when nothing matches.
-- stock_nowhere is true when the ERP's figure is positive in no store. Whoever writes stock (the stock sync, the
-- seed, a test) keeps it, through statement-level triggers: one set-based update per statement, and only the articles
-- whose flag flips are written.
--
-- Added as false for every existing article (no table rewrite), then set for the few without stock: a catalogue in
-- stock is not rewritten, and the lock this migration takes lasts seconds, not minutes. A new article has no stock yet.
alter table articles add column stock_nowhere boolean not null default false;
update articles a set stock_nowhere = true
 where not exists (select 1 from stock s where s.article_id = a.id and s.quantity > 0);
alter table articles alter column stock_nowhere set default true;

-- The tracked articles with no stock anywhere, in the grid's default order: "Availability 0" walks only these.
create index articles_no_stock on articles (ref_jumasa) where stock_tracked and stock_nowhere;
-- The untracked ones (Availability 3), likewise.
create index articles_untracked on articles (ref_jumasa) where not stock_tracked;
-- Untracked articles have no stock either: without their joint frequencies the planner takes "tracked and held
-- nowhere" for 40,000 rows when there are none, and reads the whole catalogue to join them.
create statistics articles_stock_mcv (mcv) on stock_tracked, stock_nowhere from articles;

create function stock_presence_refresh(ids integer[]) returns void language sql as $$
  update articles a set stock_nowhere = p.nowhere
    from (select c.id, not exists (select 1 from stock s where s.article_id = c.id and s.quantity > 0) as nowhere
            from unnest(ids) as c(id)) p
   where a.id = p.id and a.stock_nowhere <> p.nowhere
$$;

create function stock_presence_added() returns trigger language plpgsql as $$
begin
  perform stock_presence_refresh(array(select distinct article_id from new_rows));
  return null;
end $$;

create function stock_presence_removed() returns trigger language plpgsql as $$
begin
  perform stock_presence_refresh(array(select distinct article_id from old_rows));
  return null;
end $$;

-- Every article the statement touched is looked at again (transition tables have no index: matching old rows to
-- new ones would be quadratic); the refresh writes only the flags that flip.
create function stock_presence_changed() returns trigger language plpgsql as $$
begin
  perform stock_presence_refresh(array(select article_id from new_rows union select article_id from old_rows));
  return null;
end $$;

create function stock_presence_truncated() returns trigger language plpgsql as $$
begin
  update articles set stock_nowhere = true where not stock_nowhere;
  return null;
end $$;

create trigger stock_presence_added after insert on stock
  referencing new table as new_rows for each statement execute function stock_presence_added();
create trigger stock_presence_removed after delete on stock
  referencing old table as old_rows for each statement execute function stock_presence_removed();
create trigger stock_presence_changed after update on stock
  referencing old table as old_rows new table as new_rows for each statement execute function stock_presence_changed();
create trigger stock_presence_truncated after truncate on stock
  for each statement execute function stock_presence_truncated();
