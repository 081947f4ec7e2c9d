-- The catalogue's vocabulary for typo tolerance (issue 27, decision 0068): every word of three letters or more of the
-- article names (descriptions), with how many articles hold it. A free-text word that no catalogue word contains is
-- corrected against this table (a few hundred to a few tens of thousands of rows), never against the articles.
-- `plain` is the word without accents (what a typed word is compared with: "bujia" finds "bujía"); the trigram index
-- on it answers `plain % typed`. Statement-level triggers keep the counts whoever writes the articles (the seed, the
-- ERP sync, a test); a word whose count reaches 0 leaves the vocabulary.
create table catalog_vocabulary (
  word text collate "C" primary key,
  plain text collate "C" not null,
  articles integer not null check (articles > 0)
);
create index catalog_vocabulary_plain_trgm on catalog_vocabulary using gin (plain gin_trgm_ops);

-- The words of an article's name: lower case, runs of characters that are neither spaces, digits nor punctuation,
-- three characters or more, each once.
create function name_words(t text) returns setof text language sql immutable parallel safe as $$
  select distinct m[1] from regexp_matches(lower(t), '[^[:space:][:digit:][:punct:]]+', 'g') m
   where char_length(m[1]) >= 3
$$;

create function plain_word(w text) returns text language sql immutable parallel safe as $$
  select translate(w, 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc')
$$;

-- Adds (sign 1) or takes away (sign -1) the words of the given names, one set-based statement.
create function catalog_vocabulary_count(names text[], sign integer) returns void language plpgsql as $$
begin
  if sign > 0 then
    insert into catalog_vocabulary (word, plain, articles)
    select w, plain_word(w), count(*)::int from unnest(names) d cross join lateral name_words(d) w group by w
    on conflict (word) do update set articles = catalog_vocabulary.articles + excluded.articles;
  else
    -- Both statements see the counts as they were: the words no article holds any more leave, the others go down.
    with gone as (
      select w, count(*)::int as n from unnest(names) d cross join lateral name_words(d) w group by w),
    emptied as (
      delete from catalog_vocabulary v using gone where v.word = gone.w and v.articles <= gone.n)
    update catalog_vocabulary v set articles = v.articles - gone.n from gone
     where v.word = gone.w and v.articles > gone.n;
  end if;
end $$;

create function catalog_vocabulary_added() returns trigger language plpgsql as $$
begin
  perform catalog_vocabulary_count(array(select description from new_rows), 1);
  return null;
end $$;

create function catalog_vocabulary_removed() returns trigger language plpgsql as $$
begin
  perform catalog_vocabulary_count(array(select description from old_rows), -1);
  return null;
end $$;

create function catalog_vocabulary_changed() returns trigger language plpgsql as $$
begin
  perform catalog_vocabulary_count(array(
    select o.description from old_rows o join new_rows n on n.id = o.id where n.description is distinct from o.description), -1);
  perform catalog_vocabulary_count(array(
    select n.description from old_rows o join new_rows n on n.id = o.id where n.description is distinct from o.description), 1);
  return null;
end $$;

create function catalog_vocabulary_truncated() returns trigger language plpgsql as $$
begin
  truncate catalog_vocabulary;
  return null;
end $$;

create trigger articles_vocabulary_truncated after truncate on articles
  for each statement execute function catalog_vocabulary_truncated();
create trigger articles_vocabulary_added after insert on articles
  referencing new table as new_rows for each statement execute function catalog_vocabulary_added();
create trigger articles_vocabulary_removed after delete on articles
  referencing old table as old_rows for each statement execute function catalog_vocabulary_removed();
create trigger articles_vocabulary_changed after update on articles
  referencing old table as old_rows new table as new_rows for each statement execute function catalog_vocabulary_changed();

insert into catalog_vocabulary (word, plain, articles)
select w, plain_word(w), count(*)::int from articles a cross join lateral name_words(a.description) w group by w;
analyze catalog_vocabulary;
