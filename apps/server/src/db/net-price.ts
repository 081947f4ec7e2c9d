import { type SQL, sql } from 'drizzle-orm';

/**
 * The client's net price (preciocliente) of the article aliased `alias`, as text: the agreed price of the
 * article, else the list price less the client's discount for the family, to the cent.
 */
export function netPriceSql(clientId: string, alias: 'p' | 'a'): SQL {
  const a = sql.raw(alias);
  return sql`(select coalesce(cap.net_price, round(${a}.pv1d::numeric * (100 - coalesce(d.discount_pct, 0)) / 100, 2))::text
           from (select 1) one
           left join client_article_prices cap on cap.client_accountnum = ${clientId} and cap.article_id = ${a}.id
           left join client_family_discounts d on d.client_accountnum = ${clientId} and d.family_code = ${a}.family_code)`;
}
