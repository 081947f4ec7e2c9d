-- Lists (requisition lists, issue 26; decision 0080): named lists of articles shared by the users of a client. A
-- locked list is changed by the client's admins only; anybody of the client may order from it.
create table requisition_lists (
  id bigserial primary key,
  client_accountnum text not null references clients(accountnum) on delete cascade,
  name text not null check (length(name) between 1 and 80),
  locked boolean not null default false,
  created_by uuid references users(id) on delete set null,
  updated_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- A name once per client whatever its case; also the client's lists in name order (the screen's list).
create unique index requisition_lists_name on requisition_lists (client_accountnum, lower(name));

create table requisition_list_lines (
  id bigserial primary key,
  list_id bigint not null references requisition_lists(id) on delete cascade,
  article_id integer not null references articles(id) on delete cascade,
  quantity integer not null check (quantity between 1 and 9999),
  created_at timestamptz not null default now(),
  -- An article once per list (adding it again adds the quantity); also the list's lines.
  unique (list_id, article_id)
);
-- An article's removal reaches its lines through this index.
create index requisition_list_lines_article on requisition_list_lines (article_id);

