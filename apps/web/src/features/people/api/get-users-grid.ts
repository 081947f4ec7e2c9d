import type { GridResponse } from '@portal/contract/grids';
import type { UserGridRow } from '@portal/contract/people';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GridParams } from '@/lib/documents/grid-state';
import { peopleKeys } from './people-keys';

/** POST /api/inuser/GetUsersJqGrid: a page of the users the caller administers (jqGrid protocol in the body). */
export function getUsersGrid(params: GridParams): Promise<GridResponse<UserGridRow>> {
  return apiRequest<GridResponse<UserGridRow>>('/api/inuser/GetUsersJqGrid', { method: 'POST', json: params });
}

export const usersGridQueryOptions = (params: GridParams) =>
  queryOptions({ queryKey: peopleKeys.userList(params), queryFn: () => getUsersGrid(params), staleTime: 10_000 });
