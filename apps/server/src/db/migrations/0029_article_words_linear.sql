-- The search words of changed articles (migration 0010), kept in time linear in the statement's size. The old
-- version joined the two transition tables inside each statement, and the planner walked the new rows once per old
-- row: 2,173 articles updated in one statement took 5 s, 43,000 took more than ten minutes. Now the changed rows are
-- matched once, on their own (a merge or hash join), and only then joined to the words. Found when migration 0030
-- set a flag on 43,000 articles of the large catalogue.
create or replace function article_words_changed() returns trigger language plpgsql as $$
begin
  with c as materialized (
    select o.id, o.search_text as old_text, o.ref_jumasa as old_ref
      from old_rows o join new_rows n on n.id = o.id
     where (n.search_text, n.ref_jumasa) is distinct from (o.search_text, o.ref_jumasa))
  delete from article_words aw
  using c cross join lateral search_text_words(c.old_text) w
  where aw.word = w and aw.ref_jumasa = c.old_ref and aw.article_id = c.id;

  with c as materialized (
    select n.id, n.search_text as new_text, n.ref_jumasa as new_ref, n.search_text is distinct from o.search_text as text_changed
      from old_rows o join new_rows n on n.id = o.id
     where (n.search_text, n.ref_jumasa) is distinct from (o.search_text, o.ref_jumasa)),
  added as (
    insert into article_words (word, ref_jumasa, article_id)
    select w, c.new_ref, c.id from c cross join lateral search_text_words(c.new_text) w
    where char_length(w) > 1
    on conflict do nothing)
  insert into search_words (word)
  select distinct w from c cross join lateral search_text_words(c.new_text) w
  where c.text_changed
  on conflict do nothing;
  return null;
end $$;
