import { centsOf, formatCents } from '../../lib/money.ts';

/** A client's tax treatment (migration 0015, docs/decisions/0019). */
export type TaxTreatment = { vatRateBp: number; exemptReason: string | null };

/** What one store's web order owes: base, VAT and total, decimal text; the rate in basis points. */
export type StoreVat = { vatRateBp: number; vatAmount: string; totalAmount: string };

/**
 * The VAT of a base in integer cents at a rate in basis points, rounded once (half up) to the cent: once per store,
 * since each store is one web order and one invoice in the ERP (docs/decisions/0019).
 */
export function vatCents(baseCents: bigint, rateBp: number): bigint {
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10000) throw new Error(`not a VAT rate: ${rateBp}`);
  if (baseCents < 0n) throw new Error('a negative base');
  return (baseCents * BigInt(rateBp) + 5000n) / 10000n;
}

/** Base (decimal text, the store's net amount) → its VAT and total at the client's rate. */
export function storeVat(netAmount: string, tax: TaxTreatment): StoreVat {
  const base = centsOf(netAmount);
  const vat = vatCents(base, tax.vatRateBp);
  return { vatRateBp: tax.vatRateBp, vatAmount: formatCents(vat), totalAmount: formatCents(base + vat) };
}
