import type { FilterOption } from '@portal/contract/grids';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { documentKeys } from './document-keys';

/** GET /api/insettings/GetAllStoresjqFilter: the stores of the grids' store filter (rule INVENTLOCATIONID eq). */
export function getStoresFilter(): Promise<FilterOption[]> {
  return apiRequest<FilterOption[]>('/api/insettings/GetAllStoresjqFilter');
}

export const storesFilterQueryOptions = () =>
  queryOptions({ queryKey: documentKeys.stores(), queryFn: getStoresFilter, staleTime: 10 * 60_000 });

export function useStoresFilter(enabled = true) {
  return useQuery({ ...storesFilterQueryOptions(), enabled });
}
