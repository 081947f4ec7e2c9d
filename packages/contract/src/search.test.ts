import { describe, expect, it } from 'vitest';
import { jobRef } from './cart.ts';
import { documentSearchQuery, searchLink, searchStateKey, searchTerms } from './search.ts';

describe('searchTerms: what a query of the header’s box stands for (decision 0081)', () => {
  it('a number shown without its 41 is tried with it, one typed with it also without', () => {
    expect(searchTerms(' pv00012 ')).toEqual({ text: 'PV00012', prefixes: ['PV00012', '41PV00012'], ids: [] });
    expect(searchTerms('41fv9')).toEqual({ text: '41FV9', prefixes: ['41FV9', 'FV9'], ids: [] });
    expect(searchTerms('PV').prefixes).toEqual(['PV', '41PV']);
  });

  it('other texts are themselves: a reference, a number of another shape', () => {
    expect(searchTerms('PV-000').prefixes).toEqual(['PV-000']);
    expect(searchTerms('alb0001').prefixes).toEqual(['ALB0001']);
    expect(searchTerms('41RDL0001').prefixes).toEqual(['41RDL0001']);
    expect(searchTerms('mat 1234').text).toBe('MAT 1234');
  });

  it('digits name the numbered kinds, and with a leading 41 also the number without it', () => {
    expect(searchTerms('123').ids).toEqual([123]);
    expect(searchTerms('41123').ids).toEqual([41123, 123]);
    expect(searchTerms('41').ids).toEqual([41]);
    expect(searchTerms('00').ids).toEqual([]);
    expect(searchTerms('12345678901234567').ids).toEqual([]);
  });
});

describe('the query, the links and the states', () => {
  it('asks 2 to 40 characters once trimmed', () => {
    expect(documentSearchQuery.safeParse({ q: ' a ' }).error?.issues[0]?.message).toBe('WARN_SearchTooShort');
    expect(documentSearchQuery.safeParse({ q: 'x'.repeat(41) }).error?.issues[0]?.message).toBe('WARN_SearchTooLong');
    expect(documentSearchQuery.parse({ q: ' ab ' })).toEqual({ q: 'ab' });
  });

  it('opens each kind’s screen by the number it shows', () => {
    expect(searchLink('order', '41PV0000123')).toBe('/sales/PV0000123');
    expect(searchLink('invoice', 'FV-0000001')).toBe('/invoice/FV-0000001');
    expect(searchLink('weborder', '12')).toBe('/salesweb/12');
    expect(searchLink('packingslip', 'ALB0000001')).toBe('/packingslip/ALB0000001');
    expect(searchLink('refund', '7')).toBe('/allrefunds/7');
  });

  it('names the dictionary key of a state', () => {
    expect(searchStateKey('order', '3')).toBe('STATUS_Sales_3');
    expect(searchStateKey('weborder', 'pending')).toBe('UI_SalesWeb_SendingToStore');
    expect(searchStateKey('refund', 'processed')).toBe('UI_Refunds_Stage_processed');
    expect(searchStateKey('invoice', null)).toBeNull();
  });
});

describe('jobRef: a cart line’s job reference', () => {
  it('is trimmed, empty is none, at most 40 characters, no control characters', () => {
    expect(jobRef.parse('  1234 BCD ')).toBe('1234 BCD');
    expect(jobRef.parse('   ')).toBeNull();
    expect(jobRef.parse('x'.repeat(40))).toHaveLength(40);
    expect(jobRef.safeParse('x'.repeat(41)).error?.issues[0]?.message).toBe('WARN_JobRefTooLong');
    expect(jobRef.safeParse('OT\n1').error?.issues[0]?.message).toBe('WARN_JobRefInvalid');
  });
});
