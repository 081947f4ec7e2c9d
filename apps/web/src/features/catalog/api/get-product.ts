import type { ProductDetail } from '@portal/contract/catalog';
import type { LanguageKey } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { catalogKeys } from './catalog-keys';

export type ProductDetailParams = { lang: LanguageKey; modelid?: number; marca?: number; modelo?: number };

/** GET /api/product/getproduct/{id}: images, fitments and related products of one article. */
export function getProduct(id: number, params: ProductDetailParams): Promise<ProductDetail> {
  return apiRequest<ProductDetail>(`/api/product/getproduct/${id}`, { query: params });
}

export const productQueryOptions = (id: number, params: ProductDetailParams) =>
  queryOptions({ queryKey: catalogKeys.detail(id, params), queryFn: () => getProduct(id, params) });

export function useProduct(id: number | undefined, params: ProductDetailParams) {
  return useQuery({ ...productQueryOptions(id ?? 0, params), enabled: id !== undefined });
}
