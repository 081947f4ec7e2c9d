/**
 * The VAT policy (decisions 0019, 0071), one for the checkout, the PDF and Excel documents and the sync:
 * - a rate is an integer in basis points (2100 = 21 %), so that no fractional percentage reaches an amount;
 * - VAT is computed in integer cents on a base in cents and rounded once, to the cent, half away from zero (half up
 *   for the positive amounts the portal sells): `(base × rate + 5000) div 10000`;
 * - it is rounded once per document and rate (a store's web order, an order, a delivery note), never per line and
 *   summed: a line's VAT, where one is shown, is the same function on the line's amount, for information.
 * `vatSql` (lib/vat.sql.ts) is its twin where SQL must compute it (the sync's appliers); `round(numeric, 2)` of PostgreSQL rounds half
 * away from zero, as `vatCents` does. The rate when none is known (orders and delivery notes of the ERP, which leaves VAT
 * to the invoice, and the sync's invoices) is `VAT_RATE_DEFAULT_BP`, Spain's general rate, the default of
 * `clients.vat_rate_bp` (migration 0015).
 */
export const VAT_RATE_DEFAULT_BP = 2100;
/** The default rate as a percentage, the way the ERP's documents store a line's rate (`vat_pct`): 21. */
export const DEFAULT_VAT_PCT = VAT_RATE_DEFAULT_BP / 100;

/** The VAT of a base in integer cents at a rate in basis points, rounded once to the cent (half away from zero). */
export function vatCents(baseCents: bigint, rateBp: number): bigint {
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10000) throw new Error(`not a VAT rate: ${rateBp}`);
  const exact = (baseCents < 0n ? -baseCents : baseCents) * BigInt(rateBp);
  const rounded = (exact + 5000n) / 10000n;
  return baseCents < 0n ? -rounded : rounded;
}

/** A rate in basis points from a percentage as the ERP stores it (21, 10.5): the nearest basis point. */
export const rateBpOfPercent = (pct: number): number => Math.round(pct * 100);

/** One line of a document as the totals need it: its amount in cents, its rate, the VAT the ERP gave it (or null). */
export type VatLine = { amountCents: bigint; rateBp: number; erpVatCents: bigint | null };

/**
 * A document's totals per rate: the base of each rate and its VAT. When the ERP gave each line its VAT (invoices:
 * their total is the invoice's SUMTAX), the ERP's figures are summed; otherwise the VAT of each rate is rounded once
 * on its base, as an invoice of the document would.
 */
export function documentVat(lines: readonly VatLine[]): {
  byRate: { rateBp: number; baseCents: bigint; vatCents: bigint }[];
  netCents: bigint;
  vatCents: bigint;
} {
  const erpVat = lines.some((l) => l.erpVatCents !== null);
  const byRate = new Map<number, { base: bigint; erp: bigint }>();
  for (const l of lines) {
    const entry = byRate.get(l.rateBp) ?? { base: 0n, erp: 0n };
    entry.base += l.amountCents;
    entry.erp += l.erpVatCents ?? 0n;
    byRate.set(l.rateBp, entry);
  }
  const rows = [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rateBp, e]) => ({ rateBp, baseCents: e.base, vatCents: erpVat ? e.erp : vatCents(e.base, rateBp) }));
  return {
    byRate: rows,
    netCents: rows.reduce((s, r) => s + r.baseCents, 0n),
    vatCents: rows.reduce((s, r) => s + r.vatCents, 0n),
  };
}
