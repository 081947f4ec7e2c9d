-- The article grid of /setting/article (issue 16; decision 0043): GetArticlesJqGrid over the whole catalogue sorts
-- by reference (articles_ref_jumasa), name or search alias, and filters any of them by a fragment (`cn`, `bw`).
create index articles_description_order on articles (description, id);
create index articles_ref_norm_order on articles (ref_norm, id);
create index articles_ref_jumasa_trgm on articles using gin (ref_jumasa gin_trgm_ops);
create index articles_description_trgm on articles using gin (description gin_trgm_ops);
