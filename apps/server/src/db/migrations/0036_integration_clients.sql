-- Machine clients of the integration API (issue 23; decision 0057): ERP middleware that signs in with OAuth 2 client
-- credentials. The secret is 32 random bytes shown once; only its SHA-256 is kept (a secret of that entropy needs no
-- slow hash). Rotating or revoking moves secret_version, which ends the client's access tokens at once.
create table integration_clients (
  id uuid primary key default gen_random_uuid(),
  client_id text not null unique,
  name text not null,
  scopes text[] not null check (scopes <@ array['erp.feeds', 'erp.events']::text[] and cardinality(scopes) > 0),
  secret_hash text not null,
  secret_version integer not null default 1,
  created_at timestamptz not null default now(),
  created_by uuid references users (id) on delete set null,
  rotated_at timestamptz,
  revoked_at timestamptz,
  last_used_at timestamptz
);

-- Every call of a machine client: who, which call, how many rows, the answer (issue 23).
create table integration_calls (
  id bigserial primary key,
  client_id uuid not null references integration_clients (id) on delete cascade,
  at timestamptz not null default now(),
  method text not null,
  path text not null,
  status smallint not null,
  rows integer,
  duration_ms integer
);
create index integration_calls_client on integration_calls (client_id, at desc);
