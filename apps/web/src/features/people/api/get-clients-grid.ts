import type { GridResponse } from '@portal/contract/grids';
import type { ClientGridRow } from '@portal/contract/people';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GridParams } from '@/lib/documents/grid-state';
import { peopleKeys } from './people-keys';

/** GET /api/inclient/GetClientesJqGrid: a page of clients (jqGrid protocol). */
export function getClientsGrid(params: GridParams): Promise<GridResponse<ClientGridRow>> {
  return apiRequest<GridResponse<ClientGridRow>>('/api/inclient/GetClientesJqGrid', { query: params });
}

export const clientsGridQueryOptions = (params: GridParams) =>
  queryOptions({ queryKey: peopleKeys.clientList(params), queryFn: () => getClientsGrid(params), staleTime: 10_000 });
