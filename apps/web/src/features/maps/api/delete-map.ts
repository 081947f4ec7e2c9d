import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mapKeys } from './map-keys';

/** DELETE /api/inmap/deletemap/{id}. */
export function deleteMap(id: number): Promise<{ message: string; id_mapoint: number }> {
  return apiRequest(`/api/inmap/deletemap/${id}`, { method: 'DELETE' });
}

export function useDeleteMapMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMap,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: mapKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: mapKeys.lists() });
    },
  });
}
