/**
 * Money (DESIGN §4, decision 0071): euros are `numeric(12,2)` in the database and decimal text or integer cents in
 * the server, never floating point where an amount is computed. This module is the one place that turns one into the
 * other; the server's VAT (lib/vat.ts), payment surcharges (lib/payment-calc.ts), cart, checkout, payment page and
 * documents use it, and the web where it adds amounts up itself (a list's total).
 */

/** Euro amounts to integer cents from their decimal text, never through floating point. */
export function centsOf(amount: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) throw new Error(`not a money amount: ${amount}`);
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -cents : cents;
}

/** Integer cents to decimal text with two decimals ("-0.07", "33.80"). */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * An amount read as a number (a `numeric(12,2)` column read as float8) to integer cents: its two decimals are exact
 * in text, so it goes through `toFixed(2)`, not through a multiplication that floating point can miss by one.
 */
export const centsOfNumber = (amount: number): bigint => centsOf(amount.toFixed(2));

/** Integer cents to a number of euros with two decimals (what the documents and JSON answers carry). */
export const euros = (cents: bigint): number => Number(formatCents(cents));
