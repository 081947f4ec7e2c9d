import { logsCalls } from '@portal/contract/logs-calls';
import { queryOptions } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

/** The sign-in log, newest first (admins). */
export const userLogsGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: callKey(logsCalls.userLogsGrid, { query: params }),
    queryFn: () => call(logsCalls.userLogsGrid, { query: params }),
    staleTime: 10_000,
  });
