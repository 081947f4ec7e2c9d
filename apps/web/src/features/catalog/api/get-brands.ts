import type { Option } from '@portal/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { catalogKeys } from './catalog-keys';

/** GET /api/product/getbrands/: vehicle makes. */
export function getBrands(): Promise<Option[]> {
  return apiRequest<Option[]>('/api/product/getbrands/');
}

export const brandsQueryOptions = () =>
  queryOptions({ queryKey: catalogKeys.brands(), queryFn: getBrands, staleTime: 30 * 60_000 });

export function useBrands() {
  return useQuery(brandsQueryOptions());
}
