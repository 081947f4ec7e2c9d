import type { ProductListResponse } from '@portal/contract/catalog';
import type { LanguageKey } from '@portal/contract/constants';
import { LIMITS } from '@portal/contract/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { cartScreenKeys } from './cart-query-keys';

/** GET /api/product/getlist?searchbyreference=: the cart's search by reference, pages of 8 (pageIndex from 0). */
export function getReferenceSearch(reference: string, pageIndex: number, lang: LanguageKey) {
  return apiRequest<ProductListResponse>('/api/product/getlist', {
    query: { searchbyreference: reference, pageSize: LIMITS.cartSearchPageSize, pageIndex, lang, order: 'asc' },
  });
}

export const referenceSearchQueryOptions = (reference: string, pageIndex: number, lang: LanguageKey) =>
  queryOptions({
    queryKey: cartScreenKeys.referenceSearch(reference, pageIndex, lang),
    queryFn: () => getReferenceSearch(reference, pageIndex, lang),
    staleTime: 30_000,
  });

export function useReferenceSearch(reference: string, pageIndex: number, lang: LanguageKey, enabled: boolean) {
  return useQuery({
    ...referenceSearchQueryOptions(reference, pageIndex, lang),
    enabled,
    placeholderData: keepPreviousData,
  });
}
