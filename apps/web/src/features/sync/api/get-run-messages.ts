import type { SyncRunMessage } from '@portal/contract/sync';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { syncKeys } from './sync-keys';

/** GET /api/insync/getrunmessages/{id}: the messages of a run. */
export function getRunMessages(id: number): Promise<SyncRunMessage[]> {
  return apiRequest<SyncRunMessage[]>(`/api/insync/getrunmessages/${id}`);
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
