import type { ResponseOf } from '@portal/contract/endpoint';
import { logsCalls } from '@portal/contract/logs-calls';
import { queryOptions } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

export type DocumentLogRow = ResponseOf<typeof logsCalls.documentLogsGrid>['rows'][number];

/** The document download log, newest first (admins). */
export const documentLogsGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: callKey(logsCalls.documentLogsGrid, { query: params }),
    queryFn: () => call(logsCalls.documentLogsGrid, { query: params }),
    staleTime: 10_000,
  });
