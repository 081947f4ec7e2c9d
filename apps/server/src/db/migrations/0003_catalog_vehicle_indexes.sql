-- Vehicle searches without visiting every fitting article: the family travels with each fitment, and
-- articles per make are kept in reference order (docs/decisions/0009).
alter table fitments add column family_code text;
update fitments f set family_code = a.family_code from articles a where a.id = f.article_id;
alter table fitments alter column family_code set not null;
drop index fitments_model;
create index fitments_model on fitments (model_id, family_code, engine_id, article_id);

create table article_makes (
  make_id integer not null,
  article_id integer not null references articles(id) on delete cascade,
  family_code text not null,
  ref_jumasa text not null,
  primary key (make_id, article_id)
);
create index article_makes_family_ref on article_makes (make_id, family_code, ref_jumasa collate "C", article_id);
create index article_makes_ref on article_makes (make_id, ref_jumasa collate "C", article_id);
insert into article_makes (make_id, article_id, family_code, ref_jumasa)
select distinct f.make_id, f.article_id, a.family_code, a.ref_jumasa from fitments f join articles a on a.id = f.article_id;
