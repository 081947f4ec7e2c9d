import { centsOf, formatCents } from '@portal/contract/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vatCents } from '../../lib/vat.ts';
import { chargeDescription, type ResolvedLocation } from './checkout-snapshot.ts';
import { storeVat } from './vat.ts';

describe('VAT in integer cents (decision 0019)', () => {
  it('rounds once, half up, to the cent', () => {
    expect(vatCents(27183n, 2100)).toBe(5708n); // 5708.43
    expect(vatCents(50n, 2100)).toBe(11n); // 10.5 → 11
    expect(vatCents(12345n, 2300)).toBe(2839n); // 2839.35
    expect(vatCents(12345n, 0)).toBe(0n);
    expect(storeVat('271.83', { vatRateBp: 2100, exemptReason: null })).toEqual({
      vatRateBp: 2100,
      vatAmount: '57.08',
      totalAmount: '328.91',
    });
    expect(() => vatCents(100n, 2100.5)).toThrow();
    expect(() => vatCents(100n, -1)).toThrow();
  });

  it('adds up: per store base + VAT = total, the stores add up to the charge, VAT within half a cent', () => {
    const line = fc.record({ cents: fc.bigInt({ min: 0n, max: 10_000_000n }), qty: fc.integer({ min: 1, max: 9999 }) });
    const store = fc.array(line, { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(fc.array(store, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 10000 }), (stores, bp) => {
        let charged = 0n;
        let bases = 0n;
        let vats = 0n;
        for (const lines of stores) {
          const base = lines.reduce((a, l) => a + centsOf(formatCents(l.cents)) * BigInt(l.qty), 0n);
          const v = storeVat(formatCents(base), { vatRateBp: bp, exemptReason: null });
          const vat = centsOf(v.vatAmount);
          // −5000 < VAT × 10000 − base × rate ≤ 5000: the exact VAT rounded to the nearest cent, halves up.
          const error = vat * 10000n - base * BigInt(bp);
          expect(error > -5000n && error <= 5000n).toBe(true);
          expect(centsOf(v.totalAmount)).toBe(base + vat);
          charged += centsOf(v.totalAmount);
          bases += base;
          vats += vat;
        }
        expect(charged).toBe(bases + vats);
      }),
    );
  });

  it('describes the charge for the payment page within 125 characters', () => {
    const loc = (storeId: string, net: string): ResolvedLocation =>
      ({ storeId, netAmount: net, ...storeVat(net, { vatRateBp: 2100, exemptReason: null }) }) as ResolvedLocation;
    expect(chargeDescription([loc('MAD01', '271.83')])).toBe('MAD01: base 271,83, IVA 57,08, total 328,91 EUR');
    const many = chargeDescription(['MAD01', 'BCN01', 'VLC01', 'SVQ01'].map((id) => loc(id, '1000.00')));
    expect(many).toBe('4 almacenes: base 4000,00, IVA 840,00, total 4840,00 EUR');
    expect(many.length).toBeLessThanOrEqual(125);
  });
});
