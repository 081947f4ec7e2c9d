import { catalogCalls } from '@portal/contract/catalog-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, callKey } from '@/lib/call';

/** The language of the texts, and the vehicle the article was found for (its fitments first). */
export type ProductDetailParams = z.input<typeof catalogCalls.detail.query>;

/** Images, fitments and related products of one article. */
export const productQueryOptions = (id: number, query: ProductDetailParams) =>
  queryOptions({
    queryKey: callKey(catalogCalls.detail, { params: { id }, query }),
    queryFn: () => call(catalogCalls.detail, { params: { id }, query }),
  });

export function useProduct(id: number | undefined, params: ProductDetailParams) {
  return useQuery({ ...productQueryOptions(id ?? 0, params), enabled: id !== undefined });
}
