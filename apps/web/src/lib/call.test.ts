import { refundCalls } from '@portal/contract/refund-calls';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { callKey, callUrl, invalidateCalls } from './call';

describe('callKey, invalidateCalls and callUrl', () => {
  it('keys each input of a call apart, and invalidates every input of the calls named, no other', async () => {
    const client = new QueryClient();
    const cartEs = callKey(refundCalls.cart, { query: { lang: 'es' } });
    const cartEn = callKey(refundCalls.cart, { query: { lang: 'en' } });
    const grid = callKey(refundCalls.grid, { query: { _search: false, page: 1 } });
    expect(cartEs).not.toEqual(cartEn);
    for (const key of [cartEs, cartEn, grid]) client.setQueryData(key, { any: 'answer' });
    invalidateCalls(client, refundCalls.cart);
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect([stale(cartEs), stale(cartEn), stale(grid)]).toEqual([true, true, false]);
  });

  it('puts the parameters in the path and the query after it', () => {
    expect(callUrl(refundCalls.addFiles, { query: { lineid: 7 } })).toBe('/api/inrefund/AddFilesToRefund?lineid=7');
    expect(callUrl(refundCalls.detail, { params: { id: 12 }, query: { lang: 'fr' } })).toBe(
      '/api/inrefund/getrefund/12?lang=fr',
    );
  });
});
