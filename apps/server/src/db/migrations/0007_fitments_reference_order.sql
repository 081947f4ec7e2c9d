-- A model (or engine) search walks the model's fitments in reference order and stops at the page, so that it
-- reads only the articles it shows (docs/decisions/0009): the reference travels with each fitment, as the
-- family does since 0003.
alter table fitments add column ref_jumasa text;
update fitments f set ref_jumasa = a.ref_jumasa from articles a where a.id = f.article_id;
alter table fitments alter column ref_jumasa set not null;
drop index fitments_model;
create index fitments_model on fitments (model_id, family_code, ref_jumasa collate "C", article_id) include (engine_id);
