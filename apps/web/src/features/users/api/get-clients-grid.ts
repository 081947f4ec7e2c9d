import { clientCalls } from '@portal/contract/clients-calls';
import { queryOptions } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

/** A page of clients (jqGrid protocol). */
export const clientsGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: callKey(clientCalls.grid, { query: params }),
    queryFn: () => call(clientCalls.grid, { query: params }),
    staleTime: 10_000,
  });
