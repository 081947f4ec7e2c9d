import { documentCalls } from '@portal/contract/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../call';
import { documentKeys } from './document-keys';

/** The delivery modes of the grids' filter (rule DLVMODE eq). */
export function getDlvModesFilter() {
  return call(documentCalls.dlvModesFilter, {});
}

export const dlvModesFilterQueryOptions = () =>
  queryOptions({ queryKey: documentKeys.dlvModes(), queryFn: getDlvModesFilter, staleTime: 10 * 60_000 });

export function useDlvModesFilter(enabled = true) {
  return useQuery({ ...dlvModesFilterQueryOptions(), enabled });
}
