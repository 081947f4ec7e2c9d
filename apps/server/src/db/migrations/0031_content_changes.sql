-- Every change to what the posts area keeps in memory (the admins' posts grid, the dashboard's news, events and
-- menus) is announced on the channel content_changed, whoever makes it (a route, another instance, the seed, an
-- operator's SQL), when its transaction commits. Each server instance listens and forgets what it kept
-- (docs/decisions/0051). One notification per statement, whatever the number of rows; the payload names the table.
create function content_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('content_changed', tg_table_name);
  return null;
end $$;

create trigger posts_content_changed after insert or update or delete or truncate on posts
  for each statement execute function content_changed();
create trigger post_texts_content_changed after insert or update or delete or truncate on post_texts
  for each statement execute function content_changed();
create trigger menus_content_changed after insert or update or delete or truncate on menus
  for each statement execute function content_changed();
create trigger zones_content_changed after insert or update or delete or truncate on zones
  for each statement execute function content_changed();
-- An image a post shows that is changed or removed; a new image changes nothing shown yet.
create trigger images_content_changed after update or delete or truncate on images
  for each statement execute function content_changed();
