-- The request limits of registration, password links, external sign-in and payment notifications, kept where every
-- instance counts them (issue 22; decision 0052): two instances no longer allow twice as much. One row per route and
-- caller; a window starts with its first hit and ends `window_ends`. Rows whose window ended are removed as they go.
create table rate_limits (
  key text primary key,
  hits integer not null,
  window_ends timestamptz not null
);
create index rate_limits_window_ends on rate_limits (window_ends);
