-- Posts (issue 15, second half; docs/decisions/0039 and 0040): news (kind 1), products (2), calendar events (3) and
-- pages (4). A post's texts exist per language, each language once, with its own three image slots (thumbnail,
-- medium, banner: images of the gallery). Only active posts are shown to customers; an inactive one is a draft.
create table posts (
  id serial primary key,
  kind smallint not null check (kind between 1 and 4),
  -- The name shown in the admins' grid: the Spanish title, else the first language's.
  name text not null,
  category_id integer references categories (id) on delete set null,
  active boolean not null default true,
  -- A calendar event's start and end (both set for kind 3, none for the others).
  starts_at timestamptz,
  ends_at timestamptz,
  -- A page with a role in the portal ('help': the help desk page of /help); at most one post per role.
  slug text unique check (slug ~ '^[a-z][a-z0-9-]{0,39}$'),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((kind = 3) = (starts_at is not null and ends_at is not null)),
  check (ends_at is null or ends_at >= starts_at)
);
-- The grid per kind, newest first (the default sort), and what customers list and the dashboard reads.
create index posts_kind_created on posts (kind, created_at desc, id desc);
create index posts_events on posts (ends_at, starts_at) where kind = 3 and active;
-- The grid sorted by name, and its name filter (contains, begins with: trigram).
create index posts_kind_name on posts (kind, name, id);
create index posts_name_trgm on posts using gin (name gin_trgm_ops);
-- What customers list and the dashboard reads: the active posts of a kind, newest first.
create index posts_active_kind_created on posts (kind, created_at desc, id desc) where active;

create table post_texts (
  post_id integer not null references posts (id) on delete cascade,
  lang text not null check (lang in ('es', 'en', 'fr', 'pt')),
  title text not null,
  summary text not null default '',
  -- Sanitised on save (lib/sanitize.ts) and again on render (the web's SafeHtml).
  body_html text not null default '',
  image_thumbnail_id integer references images (id) on delete set null,
  image_medium_id integer references images (id) on delete set null,
  image_banner_id integer references images (id) on delete set null,
  primary key (post_id, lang)
);
create index post_texts_lang on post_texts (lang, post_id);

-- The posts related to a calendar event (getrelatedpostsbyevent/{id}).
create table post_relations (
  event_id integer not null references posts (id) on delete cascade,
  post_id integer not null references posts (id) on delete cascade,
  position integer not null default 0,
  primary key (event_id, post_id),
  check (event_id <> post_id)
);
create index post_relations_post on post_relations (post_id);

-- A post sent by e-mail is an HTML message: the outbox keeps its HTML beside the plain text.
alter table mail_outbox add column html text;
