-- Statistics and ERP synchronisation (issue 16; decisions 0044, 0045, 0046).
--
-- 1. Statistics of what was ordered through the portal (web order lines), kept up to date as the lines are
--    written, so that no statistics query scans lines (decision 0044). Each line counts in rows of three kinds:
--    'T' (the total of the day), 'F' (its family), 'M' (its vehicle model as recorded when the article was put in
--    the cart: the line's model, else the model its plate search found; '' when none). Each row exists for the
--    line's client and for every client ('*'), for the line's store and for every store ('*'), so a query reads
--    exactly the rows of its filters and never adds clients or stores up. Days are days in Spain; months hold
--    the same rows a month at a time, so a range of two years reads 24 months plus the days at its two ends.
create table stats_daily (
  client_accountnum text not null,               -- a client, or '*' for all of them
  kind char(1) not null check (kind in ('T', 'F', 'M')),
  day date not null,
  store_id text not null,                        -- a store, or '*' for all of them
  key text not null,                             -- '' (T), the family code (F), the model id or '' (M)
  amount numeric(16, 2) not null,                -- Importe: the lines' net amounts
  quantity bigint not null,                      -- Cantidad
  lines integer not null,
  primary key (client_accountnum, kind, store_id, day, key)
);

create table stats_monthly (
  client_accountnum text not null,
  kind char(1) not null check (kind in ('T', 'F', 'M')),
  month date not null,                           -- the first day of the month
  store_id text not null,
  key text not null,
  amount numeric(16, 2) not null,
  quantity bigint not null,
  lines integer not null,
  primary key (client_accountnum, kind, store_id, month, key)
);

create type stats_line as (
  web_order_id bigint,
  family_code text,
  model_id integer,
  search_log_id bigint,
  quantity integer,
  net_amount numeric(14, 2)
);

-- Adds (sign 1) or takes away (sign -1) lines from both grains. Rows are written in key order, so two
-- transactions touching the same rows lock them in the same order and never deadlock.
create function stats_apply(sign integer, changed stats_line[]) returns void language sql as $$
  with x as (
    select w.client_accountnum as client, w.store_id as store,
           (w.ordered_at at time zone 'Europe/Madrid')::date as day,
           l.family_code, coalesce(l.model_id, p.model_id) as model_id,
           l.quantity * sign as quantity, l.net_amount * sign as amount
      from unnest(changed) l
      join web_orders w on w.id = l.web_order_id
      left join plate_search_logs p on p.id = l.search_log_id
  ), expanded as (
    select c.client, k.kind, x.day, s.store, k.key, x.amount, x.quantity
      from x
     cross join lateral (values (x.client), ('*')) c (client)
     cross join lateral (values (x.store), ('*')) s (store)
     cross join lateral (values ('T', ''), ('F', x.family_code), ('M', coalesce(x.model_id::text, ''))) k (kind, key)
  ), daily as (
    insert into stats_daily as t (client_accountnum, kind, day, store_id, key, amount, quantity, lines)
    select client, kind, day, store, key, sum(amount), sum(quantity), count(*) * sign
      from expanded group by client, kind, store, day, key
     order by client, kind, store, day, key
    on conflict (client_accountnum, kind, store_id, day, key) do update
       set amount = t.amount + excluded.amount, quantity = t.quantity + excluded.quantity,
           lines = t.lines + excluded.lines
  )
  insert into stats_monthly as t (client_accountnum, kind, month, store_id, key, amount, quantity, lines)
  select client, kind, date_trunc('month', day)::date, store, key, sum(amount), sum(quantity), count(*) * sign
    from expanded group by client, kind, store, date_trunc('month', day)::date, key
   order by client, kind, store, date_trunc('month', day)::date, key
  on conflict (client_accountnum, kind, store_id, month, key) do update
     set amount = t.amount + excluded.amount, quantity = t.quantity + excluded.quantity,
         lines = t.lines + excluded.lines;
$$;

create function stats_lines_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform stats_apply(1, array(select row(l.web_order_id, l.family_code, l.model_id, l.search_log_id, l.quantity,
      l.net_amount)::stats_line from new_lines l));
  else
    perform stats_apply(-1, array(select row(l.web_order_id, l.family_code, l.model_id, l.search_log_id, l.quantity,
      l.net_amount)::stats_line from old_lines l));
  end if;
  return null;
end $$;

create trigger web_order_lines_stats_insert after insert on web_order_lines
  referencing new table as new_lines for each statement execute function stats_lines_changed();
create trigger web_order_lines_stats_delete after delete on web_order_lines
  referencing old table as old_lines for each statement execute function stats_lines_changed();

-- The backfill: the statistics again from every line (the migration runs it once for the lines already there).
create function stats_rebuild() returns void language plpgsql as $$
declare
  first_id bigint;
  last_id bigint;
begin
  delete from stats_daily;
  delete from stats_monthly;
  select min(web_order_id), max(web_order_id) into first_id, last_id from web_order_lines;
  while first_id <= last_id loop
    perform stats_apply(1, array(select row(l.web_order_id, l.family_code, l.model_id, l.search_log_id, l.quantity,
      l.net_amount)::stats_line from web_order_lines l
      where l.web_order_id >= first_id and l.web_order_id < first_id + 50000));
    first_id := first_id + 50000;
  end loop;
end $$;

select stats_rebuild();

-- 2. ERP synchronisation (decisions 0045, 0046). Each procedure brings one kind of ERP data into the portal;
--    a run is a job row: queued, then running under a lease that its instance renews while it works, then
--    succeeded or failed. One active run per procedure (the unique index): two instances never run the same
--    procedure at once, and a run whose lease ran out (its instance stopped) is taken over from its cursor.
create table sync_procedures (
  name text primary key,                         -- procName
  position smallint not null,
  -- Where the next run starts reading the ERP's changes (the demo ERP's change sequence).
  cursor bigint not null default 0,
  -- Documents dated before 1 January of this year are neither imported nor kept (sales, packing slips,
  -- invoices; decision 0046); null for the procedures without dated documents.
  validation_year smallint check (validation_year between 2000 and 2100)
);

create table sync_runs (
  id bigserial primary key,
  proc_name text not null references sync_procedures (name),
  status text not null default 'queued' check (status in ('queued', 'running', 'succeeded', 'failed')),
  requested_by text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  lease_owner text,
  lease_until timestamptz,
  attempts integer not null default 0,           -- how many instances took it (more than one: taken over)
  progress integer not null default 0,           -- changes handled so far
  total integer,                                 -- changes the run has to handle, once known
  rows_read integer not null default 0,
  rows_written integer not null default 0,
  error text
);
create unique index sync_runs_one_active on sync_runs (proc_name) where status in ('queued', 'running');
create index sync_runs_proc on sync_runs (proc_name, id desc);
create index sync_runs_due on sync_runs (id) where status in ('queued', 'running');

create table sync_run_messages (
  id bigserial primary key,
  run_id bigint not null references sync_runs (id) on delete cascade,
  at timestamptz not null default now(),
  level text not null check (level in ('info', 'warn', 'error')),
  message text not null
);
create index sync_run_messages_run on sync_run_messages (run_id, id);

-- Changes a run could not apply: kept with their data and retried (by hand or by the next run).
create table sync_errors (
  id bigserial primary key,
  proc_name text not null references sync_procedures (name),
  run_id bigint references sync_runs (id) on delete set null,
  item_key text not null,                        -- what it was about: an article, a client, a document
  payload jsonb not null,
  message text not null,
  retries integer not null default 0,
  created_at timestamptz not null default now(),
  resolved_at timestamptz
);
create index sync_errors_open on sync_errors (proc_name, id) where resolved_at is null;

-- The built-in demo ERP's journal of changes: each procedure reads the changes after its cursor. A real ERP
-- connector answers the same reads from the ERP (decision 0045); this table is only the demo's.
create table demo_erp_changes (
  seq bigserial primary key,
  proc_name text not null references sync_procedures (name),
  item_key text not null,
  payload jsonb not null,
  created_at timestamptz not null default now()
);
create index demo_erp_changes_proc on demo_erp_changes (proc_name, seq);

insert into sync_procedures (name, position, validation_year) values
  ('ArticlesPrices', 1, null),
  ('Stock', 2, null),
  ('ClientsAddresses', 3, null),
  ('SalesOrders', 4, 2012),
  ('PackingSlips', 5, 2012),
  ('Invoices', 6, 2012),
  ('WebOrdersExport', 7, null);
