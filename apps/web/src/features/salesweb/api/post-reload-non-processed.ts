import type { reloadResponse } from '@portal/contract/sales';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { salesWebKeys } from './salesweb-keys';

export type ReloadResult = z.infer<typeof reloadResponse>;

/** POST /api/insalesweb/reloadNonProcessedCheckOut (admins): queue again the web orders not imported. */
export function postReloadNonProcessed(): Promise<ReloadResult> {
  return apiRequest<ReloadResult>('/api/insalesweb/reloadNonProcessedCheckOut', { method: 'POST' });
}

/** The reload; the web order lists refresh afterwards (their import state changes). */
export function useReloadNonProcessed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postReloadNonProcessed,
    onSuccess: () => client.invalidateQueries({ queryKey: salesWebKeys.lists() }),
  });
}
