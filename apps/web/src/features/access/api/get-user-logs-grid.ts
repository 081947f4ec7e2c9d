import type { UserLogRow } from '@portal/contract/access';
import type { GridResponse } from '@portal/contract/grids';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GridParams } from '@/lib/documents/grid-state';
import { accessKeys } from './access-keys';

/** GET /api/inuser/GetUserLogsJqGrid (admins): the sign-in log, newest first. */
export function getUserLogsGrid(params: GridParams): Promise<GridResponse<UserLogRow>> {
  return apiRequest<GridResponse<UserLogRow>>('/api/inuser/GetUserLogsJqGrid', { query: params });
}

export const userLogsGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: accessKeys.userLogs(params),
    queryFn: () => getUserLogsGrid(params),
    staleTime: 10_000,
  });
