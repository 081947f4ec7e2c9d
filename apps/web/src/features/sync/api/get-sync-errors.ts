import type { SyncError } from '@portal/contract/sync';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { syncKeys } from './sync-keys';

/** GET /api/insync/geterrors: the error queue. */
export function getSyncErrors(): Promise<SyncError[]> {
  return apiRequest<SyncError[]>('/api/insync/geterrors');
}

export function useSyncErrors() {
  return useQuery(queryOptions({ queryKey: syncKeys.errors(), queryFn: getSyncErrors }));
}
