import type { FilterOption } from '@portal/contract/grids';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { documentKeys } from './document-keys';

/** GET /api/insettings/GetAllDlvModesjqFilter: the delivery modes of the grids' filter (rule DLVMODE eq). */
export function getDlvModesFilter(): Promise<FilterOption[]> {
  return apiRequest<FilterOption[]>('/api/insettings/GetAllDlvModesjqFilter');
}

export const dlvModesFilterQueryOptions = () =>
  queryOptions({ queryKey: documentKeys.dlvModes(), queryFn: getDlvModesFilter, staleTime: 10 * 60_000 });

export function useDlvModesFilter(enabled = true) {
  return useQuery({ ...dlvModesFilterQueryOptions(), enabled });
}
