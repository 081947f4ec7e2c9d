-- Content structure (issue 15, first half; docs/decisions/0037 and 0038): categories, zones, menus and FAQ packs.
-- Posts (migration 0022) reference categories (id); the dashboard reads the menus of the zone 'dashboard'.

-- The version of each tree an admin reorganises by drag and drop ('categories', 'menus:<lang>'): a tree posted with
-- another version than the stored one was changed meanwhile by another admin and is refused (WARN_SaveERR).
create table content_tree_versions (
  tree text primary key,
  version integer not null default 0
);

-- Categories: a tree (parent, position among its siblings) with a name per language, each language once.
create table categories (
  id serial primary key,
  parent_id integer references categories (id) on delete restrict,
  position integer not null default 0,
  icon text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (parent_id is null or parent_id <> id)
);
create index categories_parent on categories (parent_id, position);

create table category_texts (
  category_id integer not null references categories (id) on delete cascade,
  lang text not null check (lang in ('es', 'en', 'fr', 'pt')),
  name text not null,
  primary key (category_id, lang)
);

-- Zones: where menus are shown ('header', 'footer', 'dashboard', ...), with a name per language.
create table zones (
  id serial primary key,
  code text not null unique check (code ~ '^[a-z][a-z0-9_-]{0,39}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table zone_texts (
  zone_id integer not null references zones (id) on delete cascade,
  lang text not null check (lang in ('es', 'en', 'fr', 'pt')),
  name text not null,
  primary key (zone_id, lang)
);

-- Menus: one tree per language (es Castellano, eu Euskara and the portal's languages), each root in a zone; a child
-- is in its parent's zone. The link: lnkmode 0 one post (lnkobjeto_cod kind 1 news, 2 product, 3 calendar, 4 page;
-- lnkobjeto_id the post), 1 the list of posts of that kind, 2 no link (a heading of its children).
create table menus (
  id serial primary key,
  lang text not null check (lang in ('es', 'eu', 'en', 'fr', 'pt')),
  zone_id integer not null references zones (id) on delete restrict,
  parent_id integer references menus (id) on delete restrict,
  position integer not null default 0,
  title text not null,
  icon text,
  lnkobjeto_cod smallint not null default 4 check (lnkobjeto_cod between 1 and 4),
  lnkobjeto_id integer,
  lnkmode smallint not null default 0 check (lnkmode between 0 and 2),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (parent_id is null or parent_id <> id),
  check (lnkmode <> 0 or lnkobjeto_id is not null)
);
create index menus_lang_zone on menus (lang, zone_id, parent_id, position);
create index menus_parent on menus (parent_id);

-- FAQ packs: type 0 normal, 1 the default private pack (signed-in users), 2 the default public pack (anyone);
-- at most one default of each kind per language.
create table faq_packs (
  id serial primary key,
  lang text not null check (lang in ('es', 'en', 'fr', 'pt')),
  name text not null,
  description text not null default '',
  type_cod smallint not null default 0 check (type_cod in (0, 1, 2)),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index faq_packs_one_default on faq_packs (lang, type_cod) where type_cod <> 0;
create index faq_packs_lang on faq_packs (lang, id) where active;

-- A pack's questions and answers (the answer is sanitised HTML), in order.
create table faq_responses (
  id serial primary key,
  pack_id integer not null references faq_packs (id) on delete cascade,
  position integer not null default 0,
  question text not null,
  answer_html text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index faq_responses_pack on faq_responses (pack_id, position, id);

insert into content_tree_versions (tree, version) values
  ('categories', 0), ('menus:es', 0), ('menus:eu', 0), ('menus:en', 0), ('menus:fr', 0), ('menus:pt', 0);
