import { describe, expect, it } from 'vitest';
import { correctQuantity, QUANTITY } from './quantity.ts';

describe('correctQuantity', () => {
  it('keeps a whole number in range as it is', () => {
    expect(correctQuantity(' 12 ', 1)).toEqual({ value: 12, correction: null });
    expect(correctQuantity(String(QUANTITY.max), 1)).toEqual({ value: QUANTITY.max, correction: null });
  });

  it('says why it changed 0, "abc", 2.5 and 100000', () => {
    expect(correctQuantity('0', 4)).toEqual({ value: 1, correction: 'min' });
    expect(correctQuantity('-3', 4)).toEqual({ value: 1, correction: 'min' });
    expect(correctQuantity('abc', 4)).toEqual({ value: 4, correction: 'notNumber' });
    expect(correctQuantity('', 4)).toEqual({ value: 4, correction: 'notNumber' });
    expect(correctQuantity('2.5', 4)).toEqual({ value: 3, correction: 'whole' });
    expect(correctQuantity('2,5', 4)).toEqual({ value: 3, correction: 'whole' });
    expect(correctQuantity('100000', 4)).toEqual({ value: 9999, correction: 'max' });
  });
});
