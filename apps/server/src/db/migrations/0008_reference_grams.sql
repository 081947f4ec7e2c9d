-- Reference search (searchbyreference: at least 5 characters, found anywhere in the normalised reference)
-- through the 5-character pieces of each reference: an article contains the text only if it holds the text's
-- first 5 characters as a piece, so an equality on the piece gives a handful of candidates, which the search
-- then checks whole (docs/decisions/0009). An equality keeps its plan when prepared, unlike a trigram scan or a
-- range. A trigger keeps the pieces whoever writes the articles (seed, ERP sync).
create table article_ref_grams (
  gram text not null,
  article_id integer not null references articles(id) on delete cascade,
  primary key (gram, article_id)
);
create index article_ref_grams_article on article_ref_grams (article_id);

create function article_ref_grams_sync() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if new.ref_norm is not distinct from old.ref_norm then
      return new;
    end if;
    delete from article_ref_grams where article_id = old.id;
  end if;
  insert into article_ref_grams (gram, article_id)
  select distinct substr(new.ref_norm, k, 5), new.id from generate_series(1, length(new.ref_norm) - 4) k
  on conflict do nothing;
  return new;
end $$;

create trigger articles_ref_grams after insert or update of ref_norm on articles
  for each row execute function article_ref_grams_sync();

insert into article_ref_grams (gram, article_id)
select distinct substr(a.ref_norm, k, 5), a.id from articles a cross join generate_series(1, length(a.ref_norm) - 4) k;

-- The trigram index of the normalised reference served only the old contains-search; the cart's look-up by
-- exact reference needs a plain b-tree.
drop index articles_ref_norm_trgm;
create index articles_ref_norm on articles (ref_norm);
