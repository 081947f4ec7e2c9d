-- The articles and stores feeds (issue 23; decision 0065).

-- The catalogue's normalised columns, by one rule whoever writes the articles (the seed, the articles feed): a
-- reference or a code (OEM, EUROCODE) compared without case, spaces, dots, dashes, underscores and slashes, the rule
-- of the contract's normalizeReference / normalizeCode, which the searches apply to what is typed.
create function catalog_code_norm(t text) returns text language sql immutable parallel safe as $$
  select regexp_replace(upper(t), '[[:space:]._/-]', '', 'g')
$$;

-- An article's search text (free-text filter, word postings of migration 0010): its normalised reference, its name,
-- its EUROCODE and its normalised OEM codes, in lower case.
create function article_search_text(ref_norm text, description text, eurocode text, oem_norms text[])
  returns text language sql immutable parallel safe as $$
  select lower(ref_norm || ' ' || description || ' ' || coalesce(eurocode, '') || ' ' ||
               coalesce(array_to_string(oem_norms, ' '), ''))
$$;

-- The article's name in each language the ERP translates it to (EcoResProductTranslation); `description` stays the
-- catalogue's name (ITEMNAME).
create table article_names (
  article_id integer not null references articles(id) on delete cascade,
  lang text not null,
  name text not null,
  primary key (article_id, lang)
);

-- An article the ERP deletes while web orders, refunds or ERP documents point at it is withdrawn from sale: the row
-- stays for them, the catalogue's searches leave it out. Added as false: no table rewrite.
alter table articles add column withdrawn boolean not null default false;

-- A store the ERP deletes while clients, web orders, carts or documents point at it is deactivated: kept for them,
-- no longer offered to choose. Added as true: no table rewrite.
alter table stores add column active boolean not null default true;

-- The makes of the articles a batch of the articles feed changes are found by article (the primary key leads with the
-- make): without this index each batch would read the whole table.
create index article_makes_article on article_makes (article_id);

-- Deleting an article (the articles feed) checks or cascades to the rows that refer to it, by article: these tables
-- had no index leading with it, so each deleted article read them whole (33 deletes a second on the demo database).
create index client_article_prices_article on client_article_prices (article_id);
create index web_order_lines_article on web_order_lines (article_id);
create index cart_lines_article on cart_lines (article_id);
