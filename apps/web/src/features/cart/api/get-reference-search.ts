import { catalogCalls } from '@portal/contract/catalog-calls';
import type { LanguageKey } from '@portal/contract/constants';
import { LIMITS } from '@portal/contract/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The cart's search by reference: the catalogue's getlist, pages of 8 (pageIndex from 0). */
export const referenceSearchQueryOptions = (reference: string, pageIndex: number, lang: LanguageKey) => {
  const query = { searchbyreference: reference, pageSize: LIMITS.cartSearchPageSize, pageIndex, lang, order: 'asc' };
  return queryOptions({
    queryKey: callKey(catalogCalls.list, { query }),
    queryFn: () => call(catalogCalls.list, { query }),
    staleTime: 30_000,
  });
};

export function useReferenceSearch(reference: string, pageIndex: number, lang: LanguageKey, enabled: boolean) {
  return useQuery({
    ...referenceSearchQueryOptions(reference, pageIndex, lang),
    enabled,
    placeholderData: keepPreviousData,
  });
}
