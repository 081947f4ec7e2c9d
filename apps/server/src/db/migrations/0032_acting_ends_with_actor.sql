-- Acting sessions end with their actor (issue 22; decision 0052). Whatever ends a user's sessions (a forced logout, a
-- password reset or change, a ban, a blocked client) moves users.token_version; the acting sessions that user opened as
-- customers end with it, here, in one place, whoever made the change. Revoking them announces the change (0012).
create or replace function end_acting_sessions_of_actor() returns trigger language plpgsql as $$
begin
  update refresh_tokens set revoked_at = now() where acting_user_id = new.id and revoked_at is null;
  return null;
end $$;

create trigger users_end_acting_sessions after update of token_version on users
  for each row when (old.token_version is distinct from new.token_version) execute function end_acting_sessions_of_actor();
