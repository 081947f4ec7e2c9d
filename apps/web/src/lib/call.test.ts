import { accountCalls } from '@portal/contract/account-calls';
import { commonCalls } from '@portal/contract/common';
import { refundCalls } from '@portal/contract/refunds-calls';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, callKey, callUrl, invalidateCalls, isKeyOf } from './call';
import { clearUserData, queryClient } from './query-client';

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

  it("tells a call's keys, whatever their input, from another call's", () => {
    const dictionary = callKey(commonCalls.dictionary, { params: { lang: 'pt' } });
    expect(isKeyOf(dictionary, commonCalls.dictionary)).toBe(true);
    expect(isKeyOf(callKey(commonCalls.dictionary), commonCalls.dictionary)).toBe(true);
    expect(isKeyOf(dictionary, commonCalls.languages)).toBe(false);
    expect(isKeyOf(callKey(accountCalls.user), commonCalls.webContext)).toBe(false);
  });
});

describe('clearUserData', () => {
  it('drops what a user saw and keeps the anonymous site data (web context, languages, dictionaries)', () => {
    const site = [
      callKey(commonCalls.webContext),
      callKey(commonCalls.languages),
      callKey(commonCalls.dictionary, { params: { lang: 'es' } }),
    ];
    const user = [callKey(accountCalls.user), callKey(refundCalls.cart, { query: { lang: 'es' } })];
    for (const key of [...site, ...user]) queryClient.setQueryData(key, { any: 'answer' });
    clearUserData();
    expect(site.map((key) => queryClient.getQueryData(key) !== undefined)).toEqual([true, true, true]);
    expect(user.map((key) => queryClient.getQueryData(key) !== undefined)).toEqual([false, false]);
  });
});

describe('call', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the body of a call that takes a form (POST /token) form encoded, and any other body as JSON', async () => {
    const sent: { url: string; method?: string; type?: string; body: string }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      sent.push({ url, method: init.method, type: headers['Content-Type'], body: String(init.body) });
      return new Response('{"message":"ok"}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await call(accountCalls.token, { body: { grant_type: 'password', username: 'buyer', password: 'a b&c' } });
    await call(accountCalls.forgotPassword, { body: { userName: 'buyer' } });
    expect(sent).toEqual([
      {
        url: '/token',
        method: 'POST',
        type: 'application/x-www-form-urlencoded',
        body: 'grant_type=password&username=buyer&password=a+b%26c',
      },
      {
        url: '/api/account/forgotpassword',
        method: 'POST',
        type: 'application/json',
        body: '{"userName":"buyer"}',
      },
    ]);
  });
});
