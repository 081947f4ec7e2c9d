import { centsOf, centsOfNumber, formatCents } from '@portal/contract/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeVat } from '../modules/checkout/vat.ts';
import { testRows } from '../test/rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { lineAmountSql, vatSql } from './vat.sql.ts';
import { documentVat, VAT_RATE_DEFAULT_BP, vatCents } from './vat.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 240_000);
afterAll(() => t.close());

/** Bases whose exact VAT ends in half a cent at each rate (base × rate ≡ 5000 mod 10000), their neighbours, and more. */
function awkwardBases(rateBp: number): bigint[] {
  const out: bigint[] = [];
  for (let c = 1n; out.length < 40 && c < 1_000_000n; c++) if ((c * BigInt(rateBp)) % 10000n === 5000n) out.push(c);
  const around = out.flatMap((c) => [c - 1n, c, c + 1n, -c]);
  // A deterministic spread of larger amounts (a linear congruential walk), up to a million euros.
  let x = 12345n;
  for (let i = 0; i < 200; i++) {
    x = (x * 1103515245n + 12345n) % 100_000_000n;
    around.push(x);
  }
  return [0n, ...around];
}

describe('the VAT policy, one for checkout, documents and sync (decision 0071)', () => {
  it('rounds once to the cent, halves away from zero: 0.50 € at 21 % is 0.105 → 0.11, −0.50 € → −0.11', () => {
    expect(vatCents(50n, 2100)).toBe(11n);
    expect(vatCents(-50n, 2100)).toBe(-11n);
    expect(vatCents(49n, 2100)).toBe(10n); // 10.29
    expect(vatCents(1250n, 2100)).toBe(263n); // 262.5
    expect(VAT_RATE_DEFAULT_BP).toBe(2100);
  });

  for (const rateBp of [2100, 2300, 2000, 1000, 400, 0]) {
    it(`gives in SQL (the sync) what it gives in TypeScript (checkout, documents) at ${rateBp / 100} %`, async () => {
      const bases = awkwardBases(rateBp);
      const rows = await testRows<{ base: string; vat: string }>(
        t.database.db,
        sql`select b.base::text as base, ${vatSql(sql`b.base`, rateBp)}::text as vat
              from unnest(${`{${bases.map(formatCents).join(',')}}`}::numeric[]) as b(base)`,
      );
      expect(rows).toHaveLength(bases.length);
      for (const r of rows) expect(centsOf(r.vat)).toBe(vatCents(centsOf(r.base), rateBp));
    });
  }

  it('checkout and documents agree on a store of many lines: the VAT of the base, not the sum of the lines’ VAT', () => {
    // 300 lines of 0.05 €: each line's VAT would be 0.0105 → 0.01 (3.00 € in all); the base's is 15.00 × 21 % = 3.15.
    const lines = Array.from({ length: 300 }, () => ({
      amountCents: centsOfNumber(0.05),
      rateBp: 2100,
      erpVatCents: null,
    }));
    const doc = documentVat(lines);
    expect(doc.netCents).toBe(1500n);
    expect(doc.vatCents).toBe(315n);
    const checkout = storeVat(formatCents(doc.netCents), { vatRateBp: 2100, exemptReason: null });
    expect(centsOf(checkout.vatAmount)).toBe(doc.vatCents);
  });

  it('documents: each rate rounded once on its own base; the ERP’s line VAT summed when the ERP gave it', () => {
    const mixed = documentVat([
      { amountCents: 1250n, rateBp: 2100, erpVatCents: null },
      { amountCents: 1250n, rateBp: 2100, erpVatCents: null },
      { amountCents: 333n, rateBp: 1000, erpVatCents: null },
    ]);
    expect(mixed.byRate).toEqual([
      { rateBp: 1000, baseCents: 333n, vatCents: 33n },
      { rateBp: 2100, baseCents: 2500n, vatCents: 525n },
    ]);
    expect(mixed.vatCents).toBe(558n);
    const erp = documentVat([
      { amountCents: 1250n, rateBp: 2100, erpVatCents: 263n },
      { amountCents: 1250n, rateBp: 2100, erpVatCents: 263n },
    ]);
    expect(erp.vatCents).toBe(526n);
  });

  it('reads a document’s float8 amounts to exact cents (1.15 € × 100 is not 115 in floating point)', () => {
    expect(vatCents(centsOfNumber(1.15), 2100)).toBe(24n); // 24.15
    expect(vatCents(centsOfNumber(0.5), 2100)).toBe(11n);
  });
});

/** Hundredths (cents, hundredths of a unit or of a percent) as decimal text: 1250n is "12.50". */
const hundredths = formatCents;

/**
 * The line amount in cents, exactly: price p cents × quantity q hundredths × (10000 − d) / 10000 with d the discount
 * in hundredths of a percent, that is p × q × (10000 − d) / 10^6 cents, rounded half away from zero.
 */
function lineAmountCents(p: bigint, q: bigint, d: bigint): bigint {
  const n = p * q * (10000n - d);
  const rounded = ((n < 0n ? -n : n) + 500_000n) / 1_000_000n;
  return n < 0n ? -rounded : rounded;
}

/** Lines (price, quantity, discount in hundredths) whose exact amount ends in half a cent, and a spread of others. */
function awkwardLines(): [bigint, bigint, bigint][] {
  const out: [bigint, bigint, bigint][] = [];
  let x = 987654321n;
  const next = (mod: bigint) => {
    x = (x * 1103515245n + 12345n) % 2147483648n;
    return x % mod;
  };
  const discounts = [0n, 500n, 1000n, 1250n, 3333n, 5000n, 9999n, 10000n, 250n, 1n];
  while (out.length < 1500) {
    const p = next(500_000n) + 1n;
    const q = next(100_000n) + 1n;
    const d = discounts[Number(next(BigInt(discounts.length)))]!;
    if ((p * q * (10000n - d)) % 1_000_000n === 500_000n) out.push([p, q, d], [p + 1n, q, d], [-p, q, d]);
  }
  for (let i = 0; i < 1500; i++) out.push([next(10_000_000n) - 100_000n, next(1_000_000n), next(10001n)]);
  return out;
}

describe('the line amount, one rule for the sync and the documents (issue 24)', () => {
  it('rounds the discounted amount once to the cent, halves away from zero, as the three copies it replaces did', async () => {
    const lines = awkwardLines();
    const halves = lines.filter(([p, q, d]) => [500_000n, -500_000n].includes((p * q * (10000n - d)) % 1_000_000n));
    expect(halves.length).toBeGreaterThanOrEqual(1000);
    const array = (i: 0 | 1 | 2) => `{${lines.map((l) => hundredths(l[i])).join(',')}}`;
    const rows = await testRows<{
      price: string;
      quantity: string;
      discount: string;
      amount: string;
      copies: string[];
    }>(
      t.database.db,
      sql`select l.price::text as price, l.quantity::text as quantity, l.discount::text as discount,
                 ${lineAmountSql(sql`l.price`, sql`l.quantity`, sql`l.discount`)}::text as amount,
                 array[round(l.price * l.quantity * (1 - coalesce(l.discount, 0) / 100), 2)::numeric(14,2)::text,
                       round(l.quantity * l.price * (1 - l.discount / 100), 2)::text] as copies
            from unnest(${array(0)}::numeric(12,2)[], ${array(1)}::numeric(12,2)[], ${array(2)}::numeric(5,2)[])
                   as l(price, quantity, discount)`,
    );
    expect(rows).toHaveLength(lines.length);
    for (const r of rows) {
      const cents = lineAmountCents(centsOf(r.price), centsOf(r.quantity), centsOf(r.discount));
      expect(centsOf(r.amount)).toBe(cents);
      expect(r.copies.map(centsOf)).toEqual([cents, cents]);
    }
  });

  it('gives 10.00 × 1.5 less 12.5 % as 13.13 (13.125 rounded up) and −13.13 for a negative price', async () => {
    const [r] = await testRows<{ up: string; down: string; none: string | null }>(
      t.database.db,
      sql`select ${lineAmountSql(sql`10.00::numeric`, sql`1.50::numeric`, sql`12.50::numeric`)}::text as up,
                 ${lineAmountSql(sql`-10.00::numeric`, sql`1.50::numeric`, sql`12.50::numeric`)}::text as down,
                 ${lineAmountSql(sql`10.00::numeric`, sql`1.50::numeric`, sql`null::numeric`)}::text as none`,
    );
    expect(r).toEqual({ up: '13.13', down: '-13.13', none: null });
  });
});
