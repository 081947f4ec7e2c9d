-- "In stock in some store" kept on the article (issue 16; decision 0048). The article grid's "Availability 0"
-- (tracked, held nowhere) otherwise reads every article's stock rows: 3.6 s at 1,000,000 articles when nothing matches.
-- stock_anywhere is true when the ERP's figure is positive in some store. Whoever writes stock (the stock sync, the
-- seed, a test) keeps it, through statement-level triggers: one set-based update per statement, and only the articles
-- whose flag flips are written.
alter table articles add column stock_anywhere boolean not null default false;

update articles a set stock_anywhere = true
 where exists (select 1 from stock s where s.article_id = a.id and s.quantity > 0);

-- The tracked articles with no stock anywhere, in the grid's default order: "Availability 0" walks only these.
create index articles_no_stock on articles (ref_jumasa) where stock_tracked and not stock_anywhere;

create function stock_presence_refresh(ids integer[]) returns void language sql as $$
  update articles a set stock_anywhere = p.present
    from (select c.id, exists (select 1 from stock s where s.article_id = c.id and s.quantity > 0) as present
            from unnest(ids) as c(id)) p
   where a.id = p.id and a.stock_anywhere <> p.present
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
  update articles set stock_anywhere = false where stock_anywhere;
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
