-- "Back in stock at my store" and the portal's notifications (issue 26; decision 0075).
-- A stock alert: a customer asked to be told when an article comes back to a store. It is pending until it fires
-- (fired_at: the stock of that article and store was written above zero) or the customer cancels it (cancelled_at);
-- either way it never fires again.
create table stock_alerts (
  id bigserial primary key,
  user_id uuid not null references users(id) on delete cascade,
  article_id integer not null references articles(id) on delete cascade,
  store_id text not null references stores(id) on delete cascade,
  created_at timestamptz not null default now(),
  fired_at timestamptz,
  cancelled_at timestamptz,
  check (fired_at is null or cancelled_at is null)
);
-- One pending alert per person, article and store; the stock writers' probe ("any pending alert for these pairs?")
-- walks this index only, which holds the pending alerts and nothing else.
create unique index stock_alerts_pending on stock_alerts (article_id, store_id, user_id)
  where fired_at is null and cancelled_at is null;
-- A person's alerts, newest first.
create index stock_alerts_user on stock_alerts (user_id, id desc);

-- What the bell in the header lists: one row per person and event, its texts made on the screen in the reader's
-- language from its kind and params.
create table notifications (
  id bigserial primary key,
  user_id uuid not null references users(id) on delete cascade,
  kind text not null check (kind in ('stock_back', 'web_order_imported', 'refund_changed')),
  params jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  read_at timestamptz
);
-- The panel's page (newest first) and the badge's count of unread ones.
create index notifications_user on notifications (user_id, id desc);
create index notifications_unread on notifications (user_id) where read_at is null;
