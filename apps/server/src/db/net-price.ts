import { type SQL, sql } from 'drizzle-orm';

/**
 * The list price (pv1d, numeric) of the article aliased `alias`: its row of `article_prices` (migration 0049,
 * decision 0078), read through the primary key, for the rows that are answered only.
 */
export function listPriceSql(alias: 'p' | 'a'): SQL {
  return sql`(select ap.pv1d from article_prices ap where ap.article_id = ${sql.raw(alias)}.id)`;
}

/**
 * The client's net price (preciocliente) of the article aliased `alias`, as text: the agreed price of the
 * article, else the list price less the client's discount for the family, to the cent. `listPrice`: the article's
 * list price when the statement has joined it already (else it is read here).
 */
export function netPriceSql(clientId: string, alias: 'p' | 'a', listPrice?: SQL): SQL {
  const a = sql.raw(alias);
  const pv1d = listPrice ?? sql`ap.pv1d`;
  const prices = listPrice ? sql`` : sql`left join article_prices ap on ap.article_id = ${a}.id`;
  return sql`(select coalesce(cap.net_price, round(${pv1d}::numeric * (100 - coalesce(d.discount_pct, 0)) / 100, 2))::text
           from (select 1) one
           ${prices}
           left join client_article_prices cap on cap.client_accountnum = ${clientId} and cap.article_id = ${a}.id
           left join client_family_discounts d on d.client_accountnum = ${clientId} and d.family_code = ${a}.family_code)`;
}
