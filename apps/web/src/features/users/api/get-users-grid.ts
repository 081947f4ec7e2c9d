import { userCalls } from '@portal/contract/users-calls';
import { queryOptions } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

/** A page of the users the caller administers (jqGrid protocol in the body). */
export const usersGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: callKey(userCalls.grid, { body: params }),
    queryFn: () => call(userCalls.grid, { body: params }),
    staleTime: 10_000,
  });
