/**
 * The ids the portal's own ERPs give the documents they make, in the shape of decision 0012 (41 + two letters + seven
 * digits, shown without the 41): the built-in ERP (db/erp-adapter.ts, and the seed's refunds) and the demo ERP's
 * ids-only side of the CLI (modules/integration/demo-erp-client.ts) number them alike.
 */
const numbered =
  (letters: string) =>
  (n: number): string =>
    `41${letters}${String(n).padStart(7, '0')}`;

/** SALESID of a web order's sales order: 41 + PW + the web order id. */
export const webSalesId = numbered('PW');
/** RETURNSALESTABLEID of a refund's return order: 41 + RD + the refund id. */
export const returnSalesId = numbered('RD');
/** The credit note of a refund's return order: 41 + AB + the refund id. */
export const creditNoteId = numbered('AB');
