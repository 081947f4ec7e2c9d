-- People administration (issue 14): the users' stores, their language, the clients' change requests, and the
-- indexes of the users' and clients' grids (decisions 0031, 0032, 0033).

-- The language a user reads the portal in (the profile sets it).
alter table users add column language text not null default 'es';

-- The stores a user works with, in order: position 0 is the default, the home store of the user's cart lines and
-- of the catalogue's "in my store" stock (decision 0033).
create table user_stores (
  user_id uuid not null references users(id) on delete cascade,
  store_id text not null references stores(id) on delete cascade,
  position smallint not null check (position >= 0),
  primary key (user_id, store_id),
  unique (user_id, position)
);
create index user_stores_store on user_stores (store_id);

-- A change of the user's stores changes what a signed-in request knows of the user (its home store): announced
-- as 'u:<user id>' on the channel of migration 0011 (decision 0014), from a function of its own.
create function user_stores_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('principal_changed', 'u:' || coalesce(new.user_id, old.user_id)::text);
  return null;
end $$;
create trigger user_stores_principal_changed after insert or update or delete on user_stores
  for each row execute function user_stores_changed();

-- Changes of ERP-mirrored client data asked for in the portal: e-mailed to the client's store, never written over
-- the mirrored columns (decision 0032).
create table client_change_requests (
  id bigserial primary key,
  client_accountnum text not null references clients(accountnum) on delete cascade,
  requested_by uuid references users(id) on delete set null,
  requested_at timestamptz not null default now(),
  changes jsonb not null,
  emailed_to text not null,
  processed_at timestamptz
);
create index client_change_requests_client on client_change_requests (client_accountnum, requested_at desc);

-- The users grid: username ascending (its default), a client's users by username, and contains-filters.
create index users_username_id on users (username, id);
create index users_client_username on users (client_accountnum, username, id);
create index users_username_trgm on users using gin (username gin_trgm_ops);

-- The clients grid: each sortable column with the key, and the text filters by trigram.
create index clients_name_sort on clients (name, accountnum);
create index clients_commercial_sort on clients (commercial_name, accountnum);
create index clients_store_sort on clients (store_id, accountnum);
create index clients_orders_blocked_sort on clients (orders_blocked, accountnum);
create index clients_all_blocked_sort on clients (all_blocked, accountnum);
-- The account's trigram index is on the expression its filter compares (as migration 0006 does for the documents):
-- on the bare column PostgreSQL would probe it for the grid's `accountnum = …` page join instead of the primary key.
create index clients_accountnum_trgm on clients using gin ((accountnum || '') gin_trgm_ops);
create index clients_name_trgm on clients using gin (name gin_trgm_ops);
create index clients_commercial_trgm on clients using gin (commercial_name gin_trgm_ops);
