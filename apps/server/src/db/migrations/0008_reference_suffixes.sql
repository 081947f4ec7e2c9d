-- Reference search (searchbyreference, at least 5 characters, matching anywhere in the reference) as a
-- b-tree range: a reference contains the text exactly when one of its suffixes starts with it, and the
-- text has at least 5 characters, so the suffixes of 5 characters and more are enough (docs/decisions/0009).
-- A trigger keeps them whoever writes the articles (seed, ERP sync).
create table article_ref_suffixes (
  suffix text collate "C" not null,
  article_id integer not null references articles(id) on delete cascade,
  primary key (suffix, article_id)
);
create index article_ref_suffixes_article on article_ref_suffixes (article_id);

create function article_ref_suffixes_sync() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if new.ref_norm is not distinct from old.ref_norm then
      return new;
    end if;
    delete from article_ref_suffixes where article_id = old.id;
  end if;
  insert into article_ref_suffixes (suffix, article_id)
  select distinct substr(new.ref_norm, k), new.id from generate_series(1, length(new.ref_norm) - 4) k
  on conflict do nothing;
  return new;
end $$;

create trigger articles_ref_suffixes after insert or update of ref_norm on articles
  for each row execute function article_ref_suffixes_sync();

insert into article_ref_suffixes (suffix, article_id)
select distinct substr(a.ref_norm, k), a.id from articles a cross join generate_series(1, length(a.ref_norm) - 4) k;

-- The trigram index of the normalised reference served only the old contains-search; the cart's look-up by
-- exact reference needs a plain b-tree.
drop index articles_ref_norm_trgm;
create index articles_ref_norm on articles (ref_norm);
