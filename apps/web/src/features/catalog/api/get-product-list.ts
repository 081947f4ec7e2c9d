import { catalogCalls } from '@portal/contract/catalog-calls';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, callKey } from '@/lib/call';

/** getlist: one record per article; getlist2: one record per article and fitting model (vehicle on each card). */
const LIST_CALLS = { getlist: catalogCalls.list, getlist2: catalogCalls.list2 } as const;
export type ProductListVariant = keyof typeof LIST_CALLS;

/** A search as the call takes it (both variants take the same query). */
export type ProductListParams = z.input<typeof catalogCalls.list.query>;

/** A page of the catalogue (prices and stock only for signed-in callers). */
export const productListQueryOptions = (variant: ProductListVariant, query: ProductListParams) =>
  queryOptions({
    queryKey: callKey(LIST_CALLS[variant], { query }),
    queryFn: () => call(LIST_CALLS[variant], { query }),
    staleTime: 30_000,
  });

/** The current page; the previous page stays on screen (as skeletons) while the next one loads. */
export function useProductList(variant: ProductListVariant, params: ProductListParams, enabled: boolean) {
  return useQuery({ ...productListQueryOptions(variant, params), enabled, placeholderData: keepPreviousData });
}
