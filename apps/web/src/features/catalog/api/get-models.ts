import { catalogCalls } from '@portal/contract/catalog-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';

/** The models of a make. */
export const modelsQueryOptions = (brand: number) => {
  const query = { brand };
  return queryOptions({
    queryKey: callKey(catalogCalls.models, { query }),
    queryFn: () => call(catalogCalls.models, { query }),
    staleTime: 30 * 60_000,
  });
};

export function useModels(brand: number | undefined) {
  return useQuery({ ...modelsQueryOptions(brand ?? 0), enabled: brand !== undefined });
}
