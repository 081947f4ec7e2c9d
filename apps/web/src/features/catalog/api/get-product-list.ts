import type { ProductListResponse } from '@portal/contract/catalog';
import type { LanguageKey } from '@portal/contract/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { catalogKeys } from './catalog-keys';

/** getlist: one record per article; getlist2: one record per article and fitting model (vehicle on each card). */
export type ProductListVariant = 'getlist' | 'getlist2';

export type ProductListParams = {
  lang: LanguageKey;
  pageIndex: number;
  pageSize: number;
  marca?: number;
  modelo?: number;
  motor?: number;
  familia?: string;
  filter?: string;
  order: 'asc' | 'desc';
  sort?: 'price';
  stock?: 'home' | 'any';
  novelty?: boolean;
  offer?: boolean;
  manufacturerrefOEM?: string;
  manufacturerrefEUROCODE?: string;
  searchbyreference?: string;
};

/** GET /api/product/getlist | getlist2: a page of the catalogue (prices and stock only for signed-in callers). */
export function getProductList(variant: ProductListVariant, params: ProductListParams): Promise<ProductListResponse> {
  return apiRequest<ProductListResponse>(`/api/product/${variant}`, { query: params });
}

export const productListQueryOptions = (variant: ProductListVariant, params: ProductListParams) =>
  queryOptions({
    queryKey: catalogKeys.list(variant, params),
    queryFn: () => getProductList(variant, params),
    staleTime: 30_000,
  });

/** The current page; the previous page stays on screen (as skeletons) while the next one loads. */
export function useProductList(variant: ProductListVariant, params: ProductListParams, enabled: boolean) {
  return useQuery({ ...productListQueryOptions(variant, params), enabled, placeholderData: keepPreviousData });
}
