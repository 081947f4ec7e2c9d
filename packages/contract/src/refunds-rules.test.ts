import { describe, expect, it } from 'vitest';
import { returnableQuantity } from './refunds.ts';

describe('returnableQuantity', () => {
  it('is the delivered quantity less what other returns ask for', () => {
    expect(returnableQuantity(5, 0)).toBe(5);
    expect(returnableQuantity(5, 2)).toBe(3);
    expect(returnableQuantity(5, 5)).toBe(0);
  });

  it('counts whole units: a delivery of 2.5 returns at most 2, and 1 once 1 is asked for', () => {
    expect(returnableQuantity(2.5, 0)).toBe(2);
    expect(returnableQuantity(2.5, 1)).toBe(1);
    expect(returnableQuantity(0.5, 0)).toBe(0);
  });

  it('is never below 0 (more asked for than delivered, e.g. after the ERP corrected a delivery)', () => {
    expect(returnableQuantity(2, 3)).toBe(0);
    expect(returnableQuantity(0, 0)).toBe(0);
  });
});
