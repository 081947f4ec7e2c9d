import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { stockMessageKeys } from './rules-keys';

/** DELETE /api/instockmessages/deletefromstockmessages/{id} (asked for confirmation first). */
export function deleteStockMessage(id: number): Promise<{ message: string; id: number }> {
  return apiRequest(`/api/instockmessages/deletefromstockmessages/${id}`, { method: 'DELETE' });
}

export function useDeleteStockMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStockMessage,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: stockMessageKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: stockMessageKeys.lists() });
    },
  });
}
