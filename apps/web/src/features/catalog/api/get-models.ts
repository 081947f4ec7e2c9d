import type { Option } from '@portal/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { catalogKeys } from './catalog-keys';

/** GET /api/product/getmodels?brand=: the models of a make. */
export function getModels(brand: number): Promise<Option[]> {
  return apiRequest<Option[]>('/api/product/getmodels', { query: { brand } });
}

export const modelsQueryOptions = (brand: number) =>
  queryOptions({ queryKey: catalogKeys.models(brand), queryFn: () => getModels(brand), staleTime: 30 * 60_000 });

export function useModels(brand: number | undefined) {
  return useQuery({ ...modelsQueryOptions(brand ?? 0), enabled: brand !== undefined });
}
