import type { SyncProcName } from '@portal/contract/sync';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { syncKeys } from './sync-keys';

type Queued = { message: string; runs: { id: number }[] };

/** POST /api/insync/run: one procedure. */
export const postSyncRun = (procName: SyncProcName) =>
  apiRequest<Queued>('/api/insync/run', { method: 'POST', json: { procName } });
/** POST /api/insync/syncall: every procedure. */
export const postSyncAll = () => apiRequest<Queued>('/api/insync/syncall', { method: 'POST' });
/** POST /api/insync/deleteTable: a table's documents before the validation year (after confirmation). */
export const postDeleteTable = (iType: number, ivalue: number) =>
  apiRequest<{ message: string; deleted: number; validationYear: number }>('/api/insync/deleteTable', {
    method: 'POST',
    json: { iType, ivalue },
  });
/** POST /api/insync/retryerror/{id}: a queued change applied again. */
export const postRetryError = (id: number) =>
  apiRequest<{ message: string; resolved: boolean; error: string | null }>(`/api/insync/retryerror/${id}`, {
    method: 'POST',
  });

/** Every sync action refreshes the whole screen (procedures, log, errors). */
export function useSyncAction<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: syncKeys.all }) });
}
