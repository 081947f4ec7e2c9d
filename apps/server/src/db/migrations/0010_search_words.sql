-- Free text (filter) through words (docs/decisions/0009). A search word without digits can only appear inside
-- one maximal run of non-digit, non-space characters of an article's search text (a "word" here). So when
-- exactly one word of the whole catalogue contains the searched word, the articles holding it are exactly the
-- postings of that word; postings kept in reference order let a search read its matches in page order and stop
-- at the count limit, instead of building a bitmap of every article holding each trigram (6-12 ms for the common
-- words of descriptions and suppliers). Digits are left out: codes are searched through the trigram index.
-- search_words holds every word; article_words the postings of words of two characters or more (single letters,
-- as in OEM codes, are in a quarter of the catalogue each and are never read through postings).
create table search_words (
  word text collate "C" primary key
);
create index search_words_trgm on search_words using gin (word gin_trgm_ops);

create table article_words (
  word text collate "C" not null,
  ref_jumasa text collate "C" not null,
  article_id integer not null,
  primary key (word, ref_jumasa, article_id)
);

create function search_text_words(t text) returns setof text language sql immutable parallel safe as $$
  select distinct m[1] from regexp_matches(t, '[^0-9[:space:]]+', 'g') m
$$;

-- Statement-level triggers: one set-based write per statement, whoever writes the articles (seed, ERP sync).
-- Words of deleted articles stay in search_words: a word too many only makes a search take the trigram way.
create function article_words_added() returns trigger language plpgsql as $$
begin
  insert into article_words (word, ref_jumasa, article_id)
  select w, n.ref_jumasa, n.id from new_rows n cross join lateral search_text_words(n.search_text) w
  where char_length(w) > 1
  on conflict do nothing;
  insert into search_words (word)
  select distinct w from new_rows n cross join lateral search_text_words(n.search_text) w
  on conflict do nothing;
  return null;
end $$;

create function article_words_removed() returns trigger language plpgsql as $$
begin
  delete from article_words aw
  using old_rows o cross join lateral search_text_words(o.search_text) w
  where aw.word = w and aw.ref_jumasa = o.ref_jumasa and aw.article_id = o.id;
  return null;
end $$;

create function article_words_changed() returns trigger language plpgsql as $$
begin
  delete from article_words aw
  using old_rows o join new_rows n on n.id = o.id cross join lateral search_text_words(o.search_text) w
  where (n.search_text, n.ref_jumasa) is distinct from (o.search_text, o.ref_jumasa)
    and aw.word = w and aw.ref_jumasa = o.ref_jumasa and aw.article_id = o.id;
  insert into article_words (word, ref_jumasa, article_id)
  select w, n.ref_jumasa, n.id
  from new_rows n join old_rows o on o.id = n.id cross join lateral search_text_words(n.search_text) w
  where (n.search_text, n.ref_jumasa) is distinct from (o.search_text, o.ref_jumasa) and char_length(w) > 1
  on conflict do nothing;
  insert into search_words (word)
  select distinct w
  from new_rows n join old_rows o on o.id = n.id cross join lateral search_text_words(n.search_text) w
  where n.search_text is distinct from o.search_text
  on conflict do nothing;
  return null;
end $$;

create function article_words_truncated() returns trigger language plpgsql as $$
begin
  truncate article_words;
  return null;
end $$;

create trigger articles_words_truncated after truncate on articles
  for each statement execute function article_words_truncated();
create trigger articles_words_added after insert on articles
  referencing new table as new_rows for each statement execute function article_words_added();
create trigger articles_words_removed after delete on articles
  referencing old table as old_rows for each statement execute function article_words_removed();
create trigger articles_words_changed after update on articles
  referencing old table as old_rows new table as new_rows for each statement execute function article_words_changed();

insert into search_words (word)
select distinct w from articles a cross join lateral search_text_words(a.search_text) w;
insert into article_words (word, ref_jumasa, article_id)
select w, a.ref_jumasa, a.id from articles a cross join lateral search_text_words(a.search_text) w
where char_length(w) > 1;
