-- The ERP's feeds (issue 23; decision 0060).

-- A batch sent with an Idempotency-Key: a retry with the same key and the same body answers what the first call
-- answered; the same key with another body is refused (422). `answer` is null while the first call is applied.
create table integration_idempotency (
  client_id uuid not null references integration_clients (id) on delete cascade,
  key text not null,
  feed text not null,
  digest text not null,                          -- SHA-256 of the feed's name and the body's bytes
  status smallint,
  answer jsonb,
  created_at timestamptz not null default now(),
  primary key (client_id, key)
);
create index integration_idempotency_created on integration_idempotency (created_at);

-- The last batch of each feed and client (the sync screen shows them): rows, outcomes, when, and the lag between
-- the newest row's ERP timestamp (MODIFIEDDATETIME) and the batch's end, when the rows carry one.
create table feed_batches (
  client_id uuid not null references integration_clients (id) on delete cascade,
  feed text not null,
  rows integer not null,
  applied integer not null,
  unchanged integer not null,
  refused integer not null,
  started_at timestamptz not null,
  finished_at timestamptz not null,
  newest_row_at timestamptz,
  lag_seconds double precision,
  primary key (client_id, feed)
);
