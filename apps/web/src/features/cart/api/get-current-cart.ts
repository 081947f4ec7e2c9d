import type { CurrentCartResponse } from '@portal/contract/cart';
import type { LanguageKey } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { cartScreenKeys } from './cart-query-keys';

/** GET /api/incheckout/getcurrentcart: the lines of the current cart, their stores and the totals. */
export function getCurrentCart(lang: LanguageKey): Promise<CurrentCartResponse> {
  return apiRequest<CurrentCartResponse>('/api/incheckout/getcurrentcart', { query: { lang } });
}

export const currentCartQueryOptions = (lang: LanguageKey) =>
  queryOptions({ queryKey: cartScreenKeys.detail(lang), queryFn: () => getCurrentCart(lang) });

export function useCurrentCart(lang: LanguageKey, enabled: boolean) {
  return useQuery({ ...currentCartQueryOptions(lang), enabled });
}
