import { accessCalls } from '@portal/contract/access-calls';
import type { ResponseOf } from '@portal/contract/endpoint';
import { queryOptions } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

export type DocumentLogRow = ResponseOf<typeof accessCalls.documentLogsGrid>['rows'][number];

/** The document download log, newest first (admins). */
export const documentLogsGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: callKey(accessCalls.documentLogsGrid, { query: params }),
    queryFn: () => call(accessCalls.documentLogsGrid, { query: params }),
    staleTime: 10_000,
  });
