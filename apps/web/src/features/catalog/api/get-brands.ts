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

/** The makes, asked only once `wanted` (a screen that may never show them does not ask). */
export function useBrands(wanted: boolean) {
  return useQuery({ ...brandsQueryOptions(), enabled: wanted });
}
