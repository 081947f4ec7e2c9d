-- Every change to what a signed-in request knows of its caller (the user, the user's client, the user's roles)
-- is announced on the channel principal_changed, whoever makes it (the app, the ERP sync, an operator's SQL),
-- when its transaction commits. Each server instance listens and forgets what it had cached of that caller
-- (docs/decisions/0014). Payloads: 'u:<user id>', 'c:<client account>', '*' (all).
create function principal_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    perform pg_notify('principal_changed', '*');
  elsif tg_table_name = 'clients' then
    perform pg_notify('principal_changed', 'c:' || coalesce(new.accountnum, old.accountnum));
  elsif tg_table_name = 'user_roles' then
    perform pg_notify('principal_changed', 'u:' || coalesce(new.user_id, old.user_id)::text);
  else
    perform pg_notify('principal_changed', 'u:' || coalesce(new.id, old.id)::text);
  end if;
  return null;
end $$;

create trigger users_principal_changed after update or delete on users
  for each row execute function principal_changed();
create trigger clients_principal_changed after update or delete on clients
  for each row execute function principal_changed();
create trigger user_roles_principal_changed after insert or update or delete on user_roles
  for each row execute function principal_changed();
create trigger users_principal_truncated after truncate on users
  for each statement execute function principal_changed();
create trigger clients_principal_truncated after truncate on clients
  for each statement execute function principal_changed();
create trigger user_roles_principal_truncated after truncate on user_roles
  for each statement execute function principal_changed();
