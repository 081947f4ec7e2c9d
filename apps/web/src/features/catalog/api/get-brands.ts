import { catalogCalls } from '@portal/contract/catalog-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** Vehicle makes. */
export const brandsQueryOptions = () =>
  queryOptions({
    queryKey: callKey(catalogCalls.brands),
    queryFn: () => call(catalogCalls.brands, {}),
    staleTime: 30 * 60_000,
  });

export function useBrands() {
  return useQuery(brandsQueryOptions());
}
