import { describe, expect, it } from 'vitest';
import { centsOf, centsOfNumber, euros, formatCents } from './money.ts';

describe('money: decimal text and integer cents', () => {
  it('reads and writes negative amounts and one decimal', () => {
    expect(centsOf('-0.07')).toBe(-7n);
    expect(centsOf(' 1.5 ')).toBe(150n);
    expect(formatCents(-7n)).toBe('-0.07');
    expect(formatCents(0n)).toBe('0.00');
    expect(() => centsOf('1.005')).toThrow();
  });

  it('takes a float8-read amount to its exact cents (1.15 * 100 is 114.99999999999999 in floating point)', () => {
    expect(1.15 * 100).not.toBe(115);
    expect(centsOfNumber(1.15)).toBe(115n);
    expect(centsOfNumber(0.29)).toBe(29n);
    expect(centsOfNumber(1234567.89)).toBe(123456789n);
    expect(euros(115n)).toBe(1.15);
  });
});
