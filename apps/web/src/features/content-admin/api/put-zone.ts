import type { PutZoneBody } from '@portal/contract/content-tree';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { menuKeys, zoneKeys } from './content-keys';

/** POST /api/inmenu/putzone/{id}: creates (0) or updates a zone; a 400 is shown by the form. */
export function putZone(id: number, body: PutZoneBody): Promise<{ message: string; id: number }> {
  return apiRequest(`/api/inmenu/putzone/${id}`, { method: 'POST', json: body, silent: [400] });
}

export function usePutZoneMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PutZoneBody }) => putZone(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: zoneKeys.all }),
        queryClient.invalidateQueries({ queryKey: menuKeys.trees() }),
      ]),
  });
}
