-- Names of what comes from the ERP, per language (issue 25 "Languages"; decision 0091).
--
-- `name` stays the ERP's, written by the sync and the feeds. `name_i18n` holds the admins' names by language,
-- {"pt": "…", "en": "…", "fr": "…", "es": "…"}, each optional; a language absent reads the ERP's name. No sync or
-- feed statement names the column, so a sync run never touches it.
alter table stores
  add column name_i18n jsonb not null default '{}'::jsonb
    constraint stores_name_i18n_object check (jsonb_typeof(name_i18n) = 'object');
alter table delivery_modes
  add column name_i18n jsonb not null default '{}'::jsonb
    constraint delivery_modes_name_i18n_object check (jsonb_typeof(name_i18n) = 'object');
alter table payment_methods
  add column name_i18n jsonb not null default '{}'::jsonb
    constraint payment_methods_name_i18n_object check (jsonb_typeof(name_i18n) = 'object');
