import { type SyncProcName, syncCalls } from '@portal/contract/sync';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateSync } from './sync-keys';

/** One procedure. */
export const postSyncRun = (procName: SyncProcName) => call(syncCalls.run, { body: { procName } });
/** Every procedure. */
export const postSyncAll = () => call(syncCalls.runAll, {});
/** A table's documents before the validation year (after confirmation). */
export const postDeleteTable = (iType: number, ivalue: number) =>
  call(syncCalls.deleteTable, { body: { iType, ivalue } });
/** A queued change applied again. */
export const postRetryError = (id: number) => call(syncCalls.retryError, { params: { id } });

/** Every sync action refreshes the whole screen (procedures, log, errors). */
export function useSyncAction<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateSync(client) });
}
