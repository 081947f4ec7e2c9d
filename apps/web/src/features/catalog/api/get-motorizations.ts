import { catalogCalls } from '@portal/contract/catalog-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The engines of a model. */
export const motorizationsQueryOptions = (brand: number, model: number) => {
  const query = { brand, model };
  return queryOptions({
    queryKey: callKey(catalogCalls.engines, { query }),
    queryFn: () => call(catalogCalls.engines, { query }),
    staleTime: 30 * 60_000,
  });
};

export function useMotorizations(brand: number | undefined, model: number | undefined) {
  return useQuery({
    ...motorizationsQueryOptions(brand ?? 0, model ?? 0),
    enabled: brand !== undefined && model !== undefined,
  });
}
