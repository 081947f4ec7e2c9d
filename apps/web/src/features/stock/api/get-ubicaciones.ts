import { stockMessageCalls } from '@portal/contract/stock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { stockMessageKeys } from './stock-keys';

/** The stores, as origin and destination options. */
export function getUbicaciones() {
  return call(stockMessageCalls.stores, {});
}

export const ubicacionesQueryOptions = () =>
  queryOptions({ queryKey: stockMessageKeys.stores(), queryFn: getUbicaciones, staleTime: 5 * 60_000 });

export function useUbicaciones() {
  return useQuery(ubicacionesQueryOptions());
}
