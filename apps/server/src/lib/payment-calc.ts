import { centsOf, formatCents } from '@portal/contract/money';
import { PAYMENT_CALC_TYPES } from '@portal/contract/paymentmethods';

/** What a payment method's calculation type does to one store's order at checkout (decision 0042). */
export type PaymentCalc = {
  /** NOSYNC_PaymentmethodCalcType: 1 surcharge, 2 discount. */
  calcType: number;
  percentBp: number;
  /** Signed decimal text: positive a surcharge, negative a discount. */
  adjustment: string;
  /** The taxable base: the lines' net amount plus the adjustment. VAT is computed on it. */
  base: string;
};

/**
 * The surcharge or discount of a method on a store's net amount, in integer cents: `net × percent`, rounded once
 * half up (like the VAT, once per store: one web order, one invoice). Null when the method computes nothing.
 */
export function paymentCalc(netAmount: string, calcType: number, percentBp: number): PaymentCalc | null {
  if (calcType === PAYMENT_CALC_TYPES.none || percentBp === 0) return null;
  if (!Number.isInteger(percentBp) || percentBp < 0 || percentBp > 10000)
    throw new Error(`not a percentage: ${percentBp}`);
  const net = centsOf(netAmount);
  const magnitude = (net * BigInt(percentBp) + 5000n) / 10000n;
  const signed = calcType === PAYMENT_CALC_TYPES.discount ? -magnitude : magnitude;
  return { calcType, percentBp, adjustment: formatCents(signed), base: formatCents(net + signed) };
}
