import { syncCalls } from '@portal/contract/sync';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { syncKeys } from './sync-keys';

/** The error queue. */
export function getSyncErrors() {
  return call(syncCalls.errors, {});
}

export function useSyncErrors() {
  return useQuery(queryOptions({ queryKey: syncKeys.errors(), queryFn: getSyncErrors }));
}
