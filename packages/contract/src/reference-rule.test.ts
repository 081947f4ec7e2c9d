import { describe, expect, it } from 'vitest';
import { addByReferenceRequest } from './cart.ts';
import { isReferenceTooShort, productListQuery } from './catalog.ts';

describe('the reference minimum length (one rule, counted after normalising)', () => {
  it('does not count case, spaces, dashes, dots, underscores or slashes', () => {
    expect(isReferenceTooShort('AB-CD')).toBe(true);
    expect(isReferenceTooShort(' a.b c/d_ ')).toBe(true);
    expect(isReferenceTooShort('')).toBe(true);
    expect(isReferenceTooShort('ABCDE')).toBe(false);
    expect(isReferenceTooShort('BOS.159-1016')).toBe(false);
  });

  it('is the rule of add-by-reference: "AB-CD" is refused with WARN_REFCodeShort, "AB-CDE" accepted', () => {
    const short = addByReferenceRequest.safeParse({ ref_jumasa: 'AB-CD', quantity: 1 });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('WARN_REFCodeShort');
    expect(addByReferenceRequest.safeParse({ ref_jumasa: 'AB-CDE', quantity: 1 }).success).toBe(true);
  });

  it('is the rule of the catalogue reference search', () => {
    const short = productListQuery.safeParse({ searchbyreference: 'AB-CD' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('WARN_REFCodeShort');
    expect(productListQuery.safeParse({ searchbyreference: 'AB-CDE' }).success).toBe(true);
  });
});
