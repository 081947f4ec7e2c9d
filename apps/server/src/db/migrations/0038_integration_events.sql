-- The portal's events for the ERP (issue 23, "Out: events"; decision 0059): an outbox written in the transaction of
-- the change it announces, read by the pull feed (a cursor per client) and delivered as Standard Webhooks.

-- Made by migration 0037 (webhook endpoints, managed on the admins' screen); created here too, with the same columns,
-- so that this migration also runs before that one is merged. It does nothing once 0037 has made it.
create table if not exists integration_webhook_endpoints (
  id bigserial primary key,
  client_id uuid not null references integration_clients (id) on delete cascade,
  url text not null,
  created_at timestamptz not null default now(),
  disabled_at timestamptz,
  unique (client_id, url)
);

-- The events, in the order they were written: the id is the feed's cursor.
create table integration_events (
  id bigserial primary key,
  type text not null,
  object_key text not null,
  payload jsonb not null,
  created_at timestamptz not null default now()
);

-- How far each client has confirmed the pull feed (it never moves backwards).
create table integration_event_cursors (
  client_id uuid primary key references integration_clients (id) on delete cascade,
  acked_id bigint not null default 0,
  acked_at timestamptz not null default now()
);

-- One delivery per event and webhook endpoint, made with the event. object_key is the event's, kept here so that the
-- sender finds an earlier undelivered event of the same object to the same endpoint by one index.
create table integration_deliveries (
  id bigserial primary key,
  endpoint_id bigint not null references integration_webhook_endpoints (id) on delete cascade,
  event_id bigint not null references integration_events (id) on delete cascade,
  object_key text not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'dead')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  last_attempt_at timestamptz,
  last_error text,
  delivered_at timestamptz,
  unique (endpoint_id, event_id)
);
-- The sender's query: the pending deliveries that are due.
create index integration_deliveries_due on integration_deliveries (next_attempt_at, event_id) where status = 'pending';
-- In order per object: the undelivered events of an object to an endpoint.
create index integration_deliveries_object on integration_deliveries (endpoint_id, object_key, event_id)
  where status <> 'delivered';
-- The admins' list and the queue's figures.
create index integration_deliveries_open on integration_deliveries (status, id) where status <> 'delivered';

-- The Standard Webhooks signing secret of each client (whsec_ + base64 of 32 bytes): kept as is, since the portal
-- signs with it. Clients made from now on get theirs at first use; those of today get one here.
alter table integration_clients add column webhook_secret text;
update integration_clients
   set webhook_secret = 'whsec_' || encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
                                                  'hex'), 'base64')
 where webhook_secret is null;
