-- Foundation: stores, clients, users and roles, tokens, sign-in log and throttle, languages,
-- dictionaries, welcome texts, side menu, application settings.

create table app_settings (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);

create table stores (
  id text primary key,                       -- INVENTLOCATIONID
  name text not null,
  street text not null,
  city text not null,
  zipcode text not null,
  province text not null,
  latitude numeric(9,6) not null,
  longitude numeric(9,6) not null,
  phone text,
  notice_email text,                         -- JUMNOTICEMAIL: new web orders are announced here
  return_email text,                         -- JUMRETURNMAIL
  stock_calc_type smallint not null default 0
);

create table clients (
  accountnum text primary key,
  name text not null,
  commercial_name text,
  tax_id text,
  email text,
  phone text,
  store_id text references stores(id),       -- ALMACEN: the client's home store
  orders_blocked boolean not null default false,  -- BOQPEDIDO
  all_blocked boolean not null default false,     -- BLOQTODO: nobody of the client signs in
  is_work_zone boolean not null default false,    -- an account that self-registered users join
  es_plate boolean not null default false,
  fr_plate boolean not null default false,
  it_plate boolean not null default false,
  pt_plate boolean not null default false,
  created_at timestamptz not null default now()
);
create index clients_work_zone on clients (is_work_zone) where is_work_zone;

create table client_addresses (
  id serial primary key,
  client_accountnum text not null references clients(accountnum) on delete cascade,
  name text not null,
  street text not null,
  city text not null,
  zipcode text not null,
  country text not null default 'ES',
  is_default boolean not null default false
);
create index client_addresses_client on client_addresses (client_accountnum);

create table roles (
  name text primary key,
  description text not null
);

create table users (
  id uuid primary key default gen_random_uuid(),
  username text not null,
  email text,
  password_hash text not null,
  client_accountnum text references clients(accountnum),
  image_id integer,
  banned boolean not null default false,          -- lockoutenabled
  token_version integer not null default 0,       -- bumped by ban and force logout: older tokens die
  token_created timestamptz,                      -- tokencreated: when the current sessions were started
  email_confirmed boolean not null default true,
  confirm_code_hash text,
  address_default_id integer references client_addresses(id) on delete set null,
  created_at timestamptz not null default now()
);
create unique index users_username_lower on users (lower(username));
create index users_client on users (client_accountnum);

create table user_roles (
  user_id uuid not null references users(id) on delete cascade,
  role_name text not null references roles(name) on delete cascade,
  primary key (user_id, role_name)
);

create table refresh_tokens (
  id bigserial primary key,
  token_hash text not null unique,
  family_id uuid not null,
  user_id uuid not null references users(id) on delete cascade,
  client_id text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz
);
create index refresh_tokens_family on refresh_tokens (family_id);
create index refresh_tokens_user on refresh_tokens (user_id);

create table login_throttle (
  key text primary key,                       -- 'ip:1.2.3.4' or 'user:name'
  failures integer not null,
  last_failure_at timestamptz not null,
  blocked_until timestamptz
);

create table user_logs (
  id bigserial primary key,
  username text not null,
  client_id text,
  message_cod smallint not null,              -- 0 ok, 1 error, 2 blocked user, 3 blocked client, 4 no company
  fecha timestamptz not null default now(),
  ipaddress text,
  machinename text,
  useragent text,
  data text
);
create index user_logs_fecha on user_logs (fecha desc);
create index user_logs_username on user_logs (lower(username), fecha desc);

create table languages (
  code text primary key,
  title text not null,
  position smallint not null
);

create table dictionary_entries (
  lang text not null references languages(code) on delete cascade,
  key text not null,
  value text not null,
  primary key (lang, key)
);

create table welcome_texts (
  context smallint not null check (context in (0, 1, 2)),
  lang text not null references languages(code) on delete cascade,
  html text not null,
  updated_at timestamptz not null default now(),
  primary key (context, lang)
);

create table nav_menu_items (
  id serial primary key,
  parent_id integer references nav_menu_items(id) on delete cascade,
  position integer not null,
  title text not null,                        -- a dictionary key (MENU_*)
  icon text,
  sref text,
  href text,
  min_rank smallint not null default 0,
  required_role text references roles(name) on delete set null
);
create index nav_menu_items_parent on nav_menu_items (parent_id, position);
