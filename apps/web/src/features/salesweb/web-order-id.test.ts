import { describe, expect, it } from 'vitest';
import { readWebOrderId } from './web-order-id';

describe('web order id in the URL', () => {
  it('accepts positive whole numbers only', () => {
    expect(readWebOrderId('42')).toBe(42);
    expect(readWebOrderId('0')).toBeUndefined();
    expect(readWebOrderId('-3')).toBeUndefined();
    expect(readWebOrderId('4.5')).toBeUndefined();
    expect(readWebOrderId('12abc')).toBeUndefined();
    expect(readWebOrderId('')).toBeUndefined();
    expect(readWebOrderId(undefined)).toBeUndefined();
  });
});
