-- The login log grid at a million rows (issue 14; measured with `npm run bench`): every sortable column
-- with the grid's tie-break (id) has an index to walk in either direction, and every text filter a trigram index,
-- so that a filter that matches nothing answers at once instead of reading the whole table.
create index user_logs_username_id on user_logs (username, id);
create index user_logs_client_id on user_logs (client_id, id);
create index user_logs_code_id on user_logs (message_cod, id);
create index user_logs_ip_id on user_logs (ipaddress, id);
create index user_logs_machine_id on user_logs (machinename, id);
create index user_logs_machine_trgm on user_logs using gin (machinename gin_trgm_ops);
create index user_logs_agent_trgm on user_logs using gin (useragent gin_trgm_ops);
create index user_logs_data_trgm on user_logs using gin (data gin_trgm_ops);

-- The article grid (issue 16; decision 0043): its NAMEALIAS (the normalised reference) filtered by a fragment, as
-- the reference and the description already are.
create index articles_ref_norm_trgm on articles using gin (ref_norm gin_trgm_ops);
