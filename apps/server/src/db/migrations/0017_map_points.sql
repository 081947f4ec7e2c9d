-- The map of stores and points (issue 12, docs/decisions/0026): a point is a store's (kind 'store', store_id set)
-- or any other place (kind 'point'); its name and description exist per language, each language once.
-- Stores gain their opening hours, shown in the store's popup.
alter table stores add column opening_hours text;

create table map_points (
  id serial primary key,
  latitude numeric(9, 6) not null check (latitude between -90 and 90),
  longitude numeric(9, 6) not null check (longitude between -180 and 180),
  active boolean not null default true,
  kind text not null default 'point' check (kind in ('store', 'point')),
  store_id text references stores (id) on delete cascade,
  marker text not null default 'blue' check (marker in ('blue', 'red', 'green', 'orange')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint map_points_store_kind check (kind = 'point' or store_id is not null)
);
create index map_points_active on map_points (id) where active;

create table map_point_texts (
  point_id integer not null references map_points (id) on delete cascade,
  lang text not null,
  name text not null,
  description text not null default '',
  primary key (point_id, lang)
);
