import { type SQL, sql } from 'drizzle-orm';

// The money rules' SQL twins (issue 24: SQL builders are *.sql.ts): the VAT policy of lib/vat.ts where SQL must
// compute it (the sync's appliers, the seed), and a document line's net amount.

/** The SQL twin of `vatCents`: the VAT of a `numeric` base in euros at a rate in basis points, in euros. */
export const vatSql = (base: SQL, rateBp: SQL | number): SQL =>
  sql`round((${base})::numeric * (${typeof rateBp === 'number' ? sql`${rateBp}::int` : rateBp}) / 10000, 2)`;

/**
 * A document line's net amount (the ERP's rule when it gives none): price × quantity less the line's discount, a
 * percentage, rounded once to the cent, half away from zero: `round(price × quantity × (1 − discount / 100), 2)` on
 * `numeric` operands (exact: `discount / 100` has four decimals, the products are exact, `round` rounds halves away
 * from zero). The one home of the rule (issue 24): the sync's order, delivery note and invoice lines and the valued
 * delivery note. Its arguments are SQL as the caller holds them (a null discount makes a null amount: coalesce it
 * where the ERP may leave it out). There is no TypeScript twin: no amount of a line is computed outside SQL.
 */
export const lineAmountSql = (price: SQL, quantity: SQL, discountPct: SQL): SQL =>
  sql`round((${price}) * (${quantity}) * (1 - (${discountPct}) / 100), 2)`;
