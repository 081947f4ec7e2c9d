import { centsOf, formatCents } from '@portal/contract/money';
import { vatCents } from '../../lib/vat.ts';

/** A client's tax treatment (migration 0015, docs/decisions/0019). */
export type TaxTreatment = { vatRateBp: number; exemptReason: string | null };

/** What one store's web order owes: base, VAT and total, decimal text; the rate in basis points. */
export type StoreVat = { vatRateBp: number; vatAmount: string; totalAmount: string };

/**
 * Base (decimal text, the store's net amount) → its VAT and total at the client's rate: the VAT policy of lib/vat.ts,
 * once per store, since each store is one web order and one invoice in the ERP (docs/decisions/0019).
 */
export function storeVat(netAmount: string, tax: TaxTreatment): StoreVat {
  const base = centsOf(netAmount);
  const vat = vatCents(base, tax.vatRateBp);
  return { vatRateBp: tax.vatRateBp, vatAmount: formatCents(vat), totalAmount: formatCents(base + vat) };
}
