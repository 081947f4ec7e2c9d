/** The quantity of a cart line or of an article being added: a whole number from 1 to 9999. */
export const QUANTITY = { min: 1, max: 9999 } as const;

/** Why a typed quantity was changed: not a number, below the minimum, above the maximum, not whole. */
export type QuantityCorrection = 'notNumber' | 'min' | 'max' | 'whole';

/**
 * What a typed quantity becomes, and why when it is not what was typed: text that is not a number goes back
 * to `previous`, a fraction is rounded ("2,5" and "2.5" are 3), and the result is kept within 1..9999. The
 * web shows the correction next to the field; the server refuses anything but a whole number in range.
 */
export function correctQuantity(
  typed: string,
  previous: number,
): { value: number; correction: QuantityCorrection | null } {
  const text = typed.trim().replace(',', '.');
  const n = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(n)) return { value: previous, correction: 'notNumber' };
  const whole = Math.round(n);
  if (whole < QUANTITY.min) return { value: QUANTITY.min, correction: 'min' };
  if (whole > QUANTITY.max) return { value: QUANTITY.max, correction: 'max' };
  return { value: whole, correction: whole === n ? null : 'whole' };
}
