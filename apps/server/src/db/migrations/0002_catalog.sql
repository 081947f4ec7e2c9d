-- Catalogue: vehicles (makes, models, engines), articles with OEM codes and fitments, client prices,
-- stock per store, licence plates and the plate-search log; the cart lines the catalogue fills.
create extension if not exists pg_trgm;

create table vehicle_makes (
  id integer primary key,
  name text not null unique
);

create table vehicle_models (
  id integer primary key,
  make_id integer not null references vehicle_makes(id),
  name text not null,
  year_from smallint,
  year_to smallint,
  first_engine_id integer,
  engine_count smallint not null default 0,
  vehicle_code text                              -- the 4-digit vehicle number of EUROCODEs
);
create index vehicle_models_make on vehicle_models (make_id, name);

create table vehicle_engines (
  id integer primary key,
  model_id integer not null references vehicle_models(id),
  name text not null,
  fuel text not null,
  power_kw smallint not null,
  year_from smallint,
  year_to smallint
);
create index vehicle_engines_model on vehicle_engines (model_id, name);

create table articles (
  id integer primary key,                        -- id_articulo
  ref_jumasa text not null,                      -- our reference
  ref_norm text not null,                        -- upper case, no spaces, dashes, dots
  supplier text not null,                        -- stw_Proveedor
  family_code text not null,
  description text not null,
  pv1d numeric(12,2) not null,                   -- list price
  novelty boolean not null default false,
  offer boolean not null default false,
  eurocode text,
  image_count smallint not null default 1,
  stock_tracked boolean not null default true,   -- false: the ERP gives no stock figure (status 3)
  search_text text not null                      -- lower-case reference, description and codes
);
create unique index articles_ref_jumasa on articles (ref_jumasa);
create index articles_ref_norm_trgm on articles using gin (ref_norm gin_trgm_ops);
create index articles_search_trgm on articles using gin (search_text gin_trgm_ops);
create index articles_eurocode on articles (eurocode text_pattern_ops) where eurocode is not null;
create index articles_family_ref on articles (family_code, ref_jumasa collate "C", id);
create index articles_ref_order on articles (ref_jumasa collate "C", id);

create table article_oem (
  article_id integer not null references articles(id) on delete cascade,
  oem text not null,
  oem_norm text not null,
  primary key (article_id, oem_norm)
);
create index article_oem_norm on article_oem (oem_norm);

create table fitments (
  article_id integer not null references articles(id) on delete cascade,
  make_id integer not null,
  model_id integer not null,
  engine_id integer                              -- null: every engine of the model
);
create index fitments_article on fitments (article_id);
create index fitments_make on fitments (make_id, article_id);
create index fitments_model on fitments (model_id, engine_id, article_id);

create table client_family_discounts (
  client_accountnum text not null references clients(accountnum) on delete cascade,
  family_code text not null,
  discount_pct numeric(5,2) not null,
  primary key (client_accountnum, family_code)
);

create table client_article_prices (
  client_accountnum text not null references clients(accountnum) on delete cascade,
  article_id integer not null references articles(id) on delete cascade,
  net_price numeric(12,2) not null,
  primary key (client_accountnum, article_id)
);

create table stock (
  article_id integer not null references articles(id) on delete cascade,
  store_id text not null references stores(id),
  quantity integer not null,
  primary key (article_id, store_id)
);

create table plates (
  country text not null,
  plate_norm text not null,
  plate text not null,
  model_id integer not null references vehicle_models(id),
  engine_id integer references vehicle_engines(id),
  primary key (country, plate_norm)
);

create table plate_search_logs (
  id bigserial primary key,
  user_id uuid not null references users(id) on delete cascade,
  client_id text,
  country text not null,
  plate_text text not null,
  found boolean not null,
  model_id integer,
  engine_id integer,
  created_at timestamptz not null default now()
);

create table cart_lines (
  id serial primary key,
  user_id uuid not null references users(id) on delete cascade,
  client_accountnum text not null references clients(accountnum),
  article_id integer not null references articles(id),
  quantity integer not null check (quantity >= 1),
  model_id integer,
  supplier text,
  search_log_id bigint,
  store_id text references stores(id),
  created_at timestamptz not null default now(),
  unique (user_id, article_id)
);
