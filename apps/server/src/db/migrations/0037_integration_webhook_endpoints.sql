-- The webhook endpoints of an integration client (issue 23; decision 0058): where the portal's events are delivered.
-- Added and removed by admins at /setting/integrations; the event delivery reads this table by these names.
-- A URL is https (plain http only on this machine outside production), checked by the API before it is written.
create table integration_webhook_endpoints (
  id bigserial primary key,
  client_id uuid not null references integration_clients (id) on delete cascade,
  url text not null,
  created_at timestamptz not null default now(),
  disabled_at timestamptz,
  unique (client_id, url)
);
