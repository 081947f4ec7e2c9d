import { userCalls } from '@portal/contract/users-calls';
import { queryOptions } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

/** A page of one client's users. */
export const usersByClientGridQueryOptions = (clientId: string) => (params: GridParams) =>
  queryOptions({
    queryKey: callKey(userCalls.byClientGrid, { params: { id: clientId }, query: params }),
    queryFn: () => call(userCalls.byClientGrid, { params: { id: clientId }, query: params }),
    staleTime: 10_000,
  });
