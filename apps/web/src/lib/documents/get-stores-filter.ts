import { documentCalls } from '@portal/contract/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../call';
import { documentKeys } from './document-keys';

/** The stores of the grids' store filter (rule INVENTLOCATIONID eq). */
export function getStoresFilter() {
  return call(documentCalls.storesFilter, {});
}

export const storesFilterQueryOptions = () =>
  queryOptions({ queryKey: documentKeys.stores(), queryFn: getStoresFilter, staleTime: 10 * 60_000 });

export function useStoresFilter(enabled = true) {
  return useQuery({ ...storesFilterQueryOptions(), enabled });
}
