import type { LanguageKey } from '@portal/contract/constants';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The name a reader of `lang` sees of a store, delivery mode or payment method aliased `alias` (decision 0091): the
 * admins' name in that language (`name_i18n`, migration 0052), else the ERP's `name`. `lang` is the request's
 * language, or a column when each row has its reader (a user's language in a mail). Every read that shows one of
 * these names straight from SQL selects it through here; lists cached by a service carry `name_i18n` and pick with
 * the contract's `erpNameIn`, the same rule.
 */
export function erpNameSql(alias: string, lang: LanguageKey | SQL): SQL {
  const a = sql.raw(alias);
  const key = typeof lang === 'string' ? sql`${lang}::text` : lang;
  return sql`coalesce(nullif(${a}.name_i18n ->> ${key}, ''), ${a}.name)`;
}
