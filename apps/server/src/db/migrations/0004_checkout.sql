-- Cart and checkout: carts with a status, delivery modes, payment methods, stock messages between stores,
-- card payments and their notifications, web orders and their lines, the e-mail outbox, users' cart client.
-- See docs/decisions/0011-cart-checkout-payment.md.

create table delivery_modes (
  id text primary key,                          -- DLVMODE
  name text not null,
  pickup boolean not null default false,        -- collected at the store: no delivery address used
  carrier boolean not null default false,       -- a parcel carrier: the only kind allowed to a web (alternative) address
  sort smallint not null default 0
);

create table store_delivery_modes (
  store_id text not null references stores(id) on delete cascade,
  mode_id text not null references delivery_modes(id) on delete cascade,
  is_default boolean not null default false,
  primary key (store_id, mode_id)
);

create table payment_methods (
  id serial primary key,                        -- Id_Tarjeta
  name text not null,                           -- Nombre
  description text not null default '',         -- Descripcion
  forma_pago_cod smallint not null,             -- 0 cash, 1 card
  canal_pago_cod smallint not null,             -- 0 cash, 2 card through the payment page
  calc_type smallint not null default 0,        -- NOSYNC_PaymentmethodCalcType
  active boolean not null default true
);

create table client_payment_methods (
  client_accountnum text not null references clients(accountnum) on delete cascade,
  payment_method_id integer not null references payment_methods(id) on delete cascade,
  is_default boolean not null default false,
  primary key (client_accountnum, payment_method_id)
);

create table stock_messages (
  id serial primary key,
  origin_store_id text not null references stores(id) on delete cascade,      -- InventLocationOrigenId
  destination_store_id text not null references stores(id) on delete cascade, -- InventLocationDestineId
  message text not null,
  active boolean not null default true,
  unique (origin_store_id, destination_store_id)
);

-- The client a third-brand staff member buys for (null: their own client).
alter table users add column cart_client_accountnum text references clients(accountnum) on delete set null;

-- A cart is the checkout header (salestableid). One open cart per user and client.
create table carts (
  id bigserial primary key,
  user_id uuid not null references users(id) on delete cascade,
  client_accountnum text not null references clients(accountnum),
  status text not null default 'open' check (status in ('open', 'finished')),
  version integer not null default 0,            -- bumped by every change of the lines
  -- The checkout stored by preparecheckout: locations, lines and totals as they were priced.
  checkout jsonb,
  checkout_at timestamptz,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create unique index carts_open on carts (user_id, client_accountnum) where status = 'open';
create index carts_user on carts (user_id, created_at desc);

-- Lines already in carts (from the catalogue issue) move into an open cart of their user and client.
insert into carts (user_id, client_accountnum)
  select distinct user_id, client_accountnum from cart_lines;
alter table cart_lines add column cart_id bigint references carts(id) on delete cascade;
update cart_lines l set cart_id = c.id from carts c
  where c.user_id = l.user_id and c.client_accountnum = l.client_accountnum and c.status = 'open';
alter table cart_lines alter column cart_id set not null;
alter table cart_lines drop constraint cart_lines_user_id_article_id_key;
alter table cart_lines add constraint cart_lines_cart_article unique (cart_id, article_id);
alter table cart_lines add column updated_at timestamptz not null default now();

-- One card payment attempt (DS_MERCHANT_ORDER) of a cart. The amount is fixed when the attempt is made.
create table payments (
  id bigserial primary key,
  order_number text not null unique,
  cart_id bigint not null references carts(id) on delete cascade,
  amount_cents bigint not null check (amount_cents > 0),
  currency text not null default '978',
  merchant_code text not null,
  terminal text not null,
  status text not null default 'pending' check (status in ('pending', 'authorised', 'denied')),
  response_code integer,
  authorisation_code text,
  created_at timestamptz not null default now(),
  decided_at timestamptz
);
create index payments_cart on payments (cart_id, created_at desc);

-- Every notification or signed return received, valid or not: the audit trail of the payment page.
create table payment_notifications (
  id bigserial primary key,
  received_at timestamptz not null default now(),
  source text not null,                          -- 'notification' or 'return'
  order_number text,
  signature_valid boolean not null,
  outcome text not null,                         -- authorised, denied, refused: <reason>, duplicate
  merchant_parameters text not null
);
create index payment_notifications_order on payment_notifications (order_number);

-- Web orders: one per store of a finished cart (part 2 §3 "Web order header").
create table web_orders (
  id bigserial primary key,
  cart_id bigint not null references carts(id),
  user_id uuid not null references users(id),
  client_accountnum text not null references clients(accountnum),
  store_id text not null references stores(id),
  store_name text not null,                      -- INVENTLOCATIONNAME
  ordered_at timestamptz not null default now(), -- FechaPedido
  delivery_date date not null,                   -- DELIVERYDATE
  delivery_name text not null,                   -- DELIVERYNAME
  delivery_street text,
  delivery_city text,
  delivery_zipcode text,
  delivery_country text,
  address_id integer references client_addresses(id) on delete set null,
  alternative_address boolean not null default false,
  customer_ref text not null,                    -- CUSTOMERREF
  remarks text not null default '',              -- JUMSALESOBS
  dlv_mode_id text not null,
  dlv_mode_name text not null,                   -- DLVMODENAME
  payment_method_id integer not null references payment_methods(id),
  payment_method_name text not null,             -- PAYMENTMETHODNAME
  payment_id bigint references payments(id),
  medio_cod smallint not null default 0,         -- 0 web, 1 third party
  imported boolean not null default false,       -- IMPORTED into the ERP
  error text,                                    -- ERROR of the last import attempt
  retries integer not null default 0,            -- REINTENTOSWEB
  next_attempt_at timestamptz,
  sales_related text,                            -- SalesRelated: the ERP sales ids
  list_amount numeric(14,2) not null,
  net_amount numeric(14,2) not null,
  unique (cart_id, store_id)
);
create index web_orders_client on web_orders (client_accountnum, ordered_at desc);
create index web_orders_pending on web_orders (next_attempt_at) where not imported;

create table web_order_lines (
  web_order_id bigint not null references web_orders(id) on delete cascade,
  line_no integer not null,
  article_id integer not null references articles(id),
  ref_jumasa text not null,
  description text not null,
  family_code text not null,
  supplier text not null,
  quantity integer not null,
  pv1d numeric(12,2) not null,
  net_price numeric(12,2) not null,
  list_amount numeric(14,2) not null,
  net_amount numeric(14,2) not null,
  model_id integer,
  search_log_id bigint,
  primary key (web_order_id, line_no)
);

-- E-mails written in the same transaction as what they announce, delivered after commit and retried.
create table mail_outbox (
  id bigserial primary key,
  recipient text not null,
  subject text not null,
  body text not null,
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_pending on mail_outbox (id) where sent_at is null;
