import type { Option } from '@portal/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { catalogKeys } from './catalog-keys';

/** GET /api/product/getmotorizations?brand=&model=: the engines of a model. */
export function getMotorizations(brand: number, model: number): Promise<Option[]> {
  return apiRequest<Option[]>('/api/product/getmotorizations', { query: { brand, model } });
}

export const motorizationsQueryOptions = (brand: number, model: number) =>
  queryOptions({
    queryKey: catalogKeys.motorizations(brand, model),
    queryFn: () => getMotorizations(brand, model),
    staleTime: 30 * 60_000,
  });

export function useMotorizations(brand: number | undefined, model: number | undefined) {
  return useQuery({
    ...motorizationsQueryOptions(brand ?? 0, model ?? 0),
    enabled: brand !== undefined && model !== undefined,
  });
}
