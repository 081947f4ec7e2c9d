-- Returns (issue 13; docs/decisions/0028, 0029, 0030): return reasons in four languages, refunds (the refunds cart
-- is a refund in stage 'cart', STATUS 0), their lines (one delivered packing slip line each), evidence files,
-- the timeline, staff notes, and the ERP state of the return order (claimed, retried, answered like web orders).

create table return_reasons (
  id smallint primary key,
  sort smallint not null,
  active boolean not null default true
);

create table return_reason_texts (
  reason_id smallint not null references return_reasons (id) on delete cascade,
  lang text not null,
  name text not null,
  primary key (reason_id, lang)
);

create table refunds (
  id bigserial primary key,                        -- returntablewebid / Id
  client_accountnum text not null references clients (accountnum),  -- CUSTACCOUNT
  client_name text not null,                       -- shown and sorted in the admin grid
  user_id uuid references users (id) on delete set null,
  store_id text,                                   -- INVENTLOCATIONID: the store of the first line's packing slip
  store_name text,
  stage text not null default 'cart'
    check (stage in ('cart', 'requested', 'received', 'decided', 'rejected', 'cancelled', 'processed')),
  status smallint not null default 0,              -- STATUS: 0 opened, 1 pending, 2 processed, 3 error
  requested_at timestamptz,                        -- Fecha_Peticion
  processed_at timestamptz,                        -- Fecha_Tramitacion
  observations text not null default '',           -- OBSERVATIONS
  address_id integer,
  address_text text,                               -- Direccion_Usuario, as it was when finished
  return_sales_id text,                            -- RETURNSALESTABLEID: the ERP return order
  credit_note_id text,                             -- the ERP's credit note
  erp_error text,
  erp_retries integer not null default 0,
  erp_next_attempt_at timestamptz,
  erp_claimed_until timestamptz,
  created_at timestamptz not null default now(),
  constraint refunds_cart_stage check ((stage = 'cart') = (requested_at is null))
);
-- One refunds cart per user.
create unique index refunds_one_cart on refunds (user_id) where stage = 'cart';
-- The grid: a client's refunds newest first, and everybody's (admins) by date, status, store.
create index refunds_client on refunds (client_accountnum, requested_at, id)
  include (status, stage, store_id) where stage <> 'cart';
create index refunds_requested on refunds (requested_at, id) where stage <> 'cart';
create index refunds_status on refunds (status, requested_at, id) where stage <> 'cart';
create index refunds_store on refunds (store_id, requested_at, id) where stage <> 'cart';
-- The ERP job's due refunds: decided and not exported, or exported and waiting for the credit note.
create index refunds_erp_due on refunds (erp_next_attempt_at, id) where stage = 'decided';

create table refund_lines (
  id bigserial primary key,                        -- id
  refund_id bigint not null references refunds (id) on delete cascade,   -- returntablewebid
  client_accountnum text not null,
  packing_slip_id text not null,
  packing_slip_line_no integer not null,           -- id_linea
  store_id text not null,
  article_id integer,                              -- id_articulo
  item_id text not null,
  name text not null,
  reason_id smallint not null references return_reasons (id),            -- motivo
  quantity integer not null check (quantity > 0),
  comment text not null default '',                -- userscomentarios
  decision text check (decision in ('accepted', 'rejected')),
  decision_reason text,
  decided_at timestamptz,
  created_at timestamptz not null default now()
);
create index refund_lines_refund on refund_lines (refund_id, id);
-- What earlier returns of a delivered line asked for (the returnable check reads this index only).
create index refund_lines_slip_line on refund_lines (packing_slip_id, packing_slip_line_no)
  include (refund_id, quantity, decision);

create table refund_files (
  id bigserial primary key,
  line_id bigint not null references refund_lines (id) on delete cascade,
  refund_id bigint not null references refunds (id) on delete cascade,
  client_accountnum text not null,
  name text not null,                              -- the cleaned name the customer gave, shown only
  kind text not null check (kind in ('jpeg', 'png', 'webp', 'heic', 'pdf')),
  mime text not null,                              -- filetype
  size bigint not null,
  path text not null,                              -- the storage path, made by the portal
  thumb_path text,
  created_at timestamptz not null default now()
);
create index refund_files_line on refund_files (line_id, id);

create table refund_events (
  id bigserial primary key,
  refund_id bigint not null references refunds (id) on delete cascade,
  kind text not null
    check (kind in ('requested', 'received', 'accepted', 'rejected', 'cancelled', 'exported', 'erp_error', 'processed')),
  line_id bigint,
  detail text,
  at timestamptz not null default now()
);
create index refund_events_refund on refund_events (refund_id, id);

create table refund_notes (
  id bigserial primary key,
  refund_id bigint not null references refunds (id) on delete cascade,
  author text not null,
  body text not null,
  at timestamptz not null default now()
);
create index refund_notes_refund on refund_notes (refund_id, id);

-- The demo ERP's return orders and credit notes (the built-in adapter; a real ERP keeps its own).
create table erp_return_orders (
  return_sales_id text primary key,
  refund_id bigint not null unique,
  client_accountnum text not null,
  created_at timestamptz not null,
  credit_note_id text,
  credit_amount numeric(14, 2),
  credited_at timestamptz
);

insert into app_settings (key, value) values ('refunds.window_days', '30') on conflict do nothing;

-- The return reasons (reference data the portal needs in production too; staff may deactivate one).
insert into return_reasons (id, sort) values (1, 1), (2, 2), (3, 3), (4, 4), (5, 5);
insert into return_reason_texts (reason_id, lang, name) values
  (1, 'es', 'Pieza equivocada'), (1, 'en', 'Wrong part'), (1, 'fr', 'Mauvaise pièce'), (1, 'pt', 'Peça errada'),
  (2, 'es', 'Defecto de fabricación'), (2, 'en', 'Manufacturing defect'), (2, 'fr', 'Défaut de fabrication'),
  (2, 'pt', 'Defeito de fabrico'),
  (3, 'es', 'Rota en el transporte'), (3, 'en', 'Broken in transport'), (3, 'fr', 'Cassée pendant le transport'),
  (3, 'pt', 'Partida no transporte'),
  (4, 'es', 'Pedida por error'), (4, 'en', 'Ordered by mistake'), (4, 'fr', 'Commandée par erreur'),
  (4, 'pt', 'Encomendada por engano'),
  (5, 'es', 'No sirve para el vehículo'), (5, 'en', 'Does not fit the vehicle'),
  (5, 'fr', 'Ne convient pas au véhicule'), (5, 'pt', 'Não serve para o veículo');
