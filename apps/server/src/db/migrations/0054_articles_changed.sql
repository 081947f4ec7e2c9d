-- Every change to what the article grid reads is announced on the channel articles_changed, whoever makes it (the
-- ERP's feeds, a checkout, the seed, an operator's SQL), when its transaction commits: the articles, and what their
-- availability reads (the stock, the stores' stock calculation, the web orders the ERP has not imported yet and their
-- lines; the view stock_available). Each server instance listens and forgets the article grid's counts it kept
-- (docs/decisions/0099). One notification per statement, whatever the number of rows (a feed's batch of a thousand
-- articles is one); the payload names the table.
create function articles_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('articles_changed', tg_table_name);
  return null;
end $$;

create trigger articles_changed after insert or update or delete or truncate on articles
  for each statement execute function articles_changed();
create trigger stock_articles_changed after insert or update or delete or truncate on stock
  for each statement execute function articles_changed();
create trigger stores_articles_changed after insert or update or delete or truncate on stores
  for each statement execute function articles_changed();
create trigger web_orders_articles_changed after insert or update or delete or truncate on web_orders
  for each statement execute function articles_changed();
create trigger web_order_lines_articles_changed after insert or update or delete or truncate on web_order_lines
  for each statement execute function articles_changed();
