import { syncCalls } from '@portal/contract/sync';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { syncKeys } from './sync-keys';

/** The messages of a run. */
export function getRunMessages(id: number) {
  return call(syncCalls.runMessages, { params: { id } });
}

export function useRunMessages(id: number, running: boolean) {
  return useQuery(
    queryOptions({
      queryKey: syncKeys.messages(id),
      queryFn: () => getRunMessages(id),
      refetchInterval: running ? 1000 : false,
    }),
  );
}
