import type { GridResponse } from '@portal/contract/grids';
import type { UserGridRow } from '@portal/contract/people';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GridParams } from '@/lib/documents/grid-state';
import { peopleKeys } from './people-keys';

/** GET /api/inuser/GetUsersByClientJqGrid/{id}: a page of one client's users. */
export function getUsersByClientGrid(clientId: string, params: GridParams): Promise<GridResponse<UserGridRow>> {
  return apiRequest<GridResponse<UserGridRow>>(`/api/inuser/GetUsersByClientJqGrid/${encodeURIComponent(clientId)}`, {
    query: params,
  });
}

export const usersByClientGridQueryOptions = (clientId: string) => (params: GridParams) =>
  queryOptions({
    queryKey: peopleKeys.userList(params, clientId),
    queryFn: () => getUsersByClientGrid(clientId, params),
    staleTime: 10_000,
  });
