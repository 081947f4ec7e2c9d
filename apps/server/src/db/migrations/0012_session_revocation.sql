-- Sessions (docs/decisions/0002).
-- Who used a refresh token (a digest of IP, user agent and client_id): the same client presenting it again within
-- the grace period gets the same new pair; anybody else, or later, is reuse.
alter table refresh_tokens add column used_by text;

-- The families of a user revoked lately, read with the caller on signed-in requests: their access tokens stop.
create index refresh_tokens_revoked on refresh_tokens (user_id, created_at) where revoked_at is not null;

-- Revoking a refresh token changes what a signed-in request knows of its user: announced as 'u:<user id>' (0014).
create or replace function principal_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    perform pg_notify('principal_changed', '*');
  elsif tg_table_name = 'clients' then
    perform pg_notify('principal_changed', 'c:' || coalesce(new.accountnum, old.accountnum));
  elsif tg_table_name in ('user_roles', 'refresh_tokens') then
    perform pg_notify('principal_changed', 'u:' || coalesce(new.user_id, old.user_id)::text);
  else
    perform pg_notify('principal_changed', 'u:' || coalesce(new.id, old.id)::text);
  end if;
  return null;
end $$;

create trigger refresh_tokens_principal_changed after update of revoked_at on refresh_tokens
  for each row when (old.revoked_at is null and new.revoked_at is not null) execute function principal_changed();
