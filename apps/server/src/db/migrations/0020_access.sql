-- Sign-in around the edges (issue 14): one-time password links, external identities, acting as a customer,
-- and the indexes of the two log grids.

-- One-time links that set a password: 'welcome' (a new user sets the first one) and 'reset' (forgot password).
-- Only a SHA-256 digest of the token is kept; a link is used once and expires (decision 0034).
create table password_links (
  id bigserial primary key,
  token_hash text not null unique,
  user_id uuid not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('welcome', 'reset')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_links_user on password_links (user_id);

-- External (OpenID Connect) identities linked to portal users: by issuer and subject only (decision 0036).
create table user_identities (
  issuer text not null,
  subject text not null,
  user_id uuid not null references users(id) on delete cascade,
  linked_at timestamptz not null default now(),
  primary key (issuer, subject)
);
create index user_identities_user on user_identities (user_id);

-- Pending external sign-ins: state, nonce and PKCE verifier of an authorization request, used once.
create table oidc_requests (
  state text primary key,
  nonce text not null,
  code_verifier text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

-- Acting as a customer (decision 0035): a session of the customer's user started by a staff member. The
-- refresh-token family carries who acts and until when; every request of it is logged with both identities.
alter table refresh_tokens add column acting_user_id uuid references users(id) on delete cascade;
alter table refresh_tokens add column acting_until timestamptz;

create table acting_logs (
  id bigserial primary key,
  family_id uuid not null,
  actor_id uuid not null,
  actor_username text not null,
  user_id uuid not null,
  username text not null,
  client_id text,
  method text not null,
  path text not null,
  status smallint not null,
  fecha timestamptz not null default now()
);
create index acting_logs_family on acting_logs (family_id, fecha desc);
create index acting_logs_actor on acting_logs (actor_id, fecha desc);

insert into roles (name, description) values ('comercial', 'Comercial: puede actuar como los usuarios de los clientes')
  on conflict (name) do nothing;

-- The user log grid: each filter with its sort (fecha desc, id desc).
create index user_logs_fecha_id on user_logs (fecha desc, id desc);
create index user_logs_client_fecha on user_logs (client_id, fecha desc, id desc);
create index user_logs_code_fecha on user_logs (message_cod, fecha desc, id desc);

-- Text filters (contains, begins, ends) of the two log grids over a million rows: trigram indexes.
create index user_logs_username_trgm on user_logs using gin (username gin_trgm_ops);
create index user_logs_client_trgm on user_logs using gin (client_id gin_trgm_ops);
create index user_logs_ip_trgm on user_logs using gin (ipaddress gin_trgm_ops);
create index document_logs_document_trgm on document_logs using gin (document_id gin_trgm_ops);
create index document_logs_username_trgm on document_logs using gin (username gin_trgm_ops);
create index document_logs_client_trgm on document_logs using gin (client_id gin_trgm_ops);
create index document_logs_client_fecha on document_logs (client_id, fecha desc, id desc);
create index document_logs_fecha_id on document_logs (fecha desc, id desc);
