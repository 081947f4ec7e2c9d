import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { menuKeys, zoneKeys } from './content-keys';

/** DELETE /api/inmenu/deletezone/{id} (after confirmation); a zone with menus is refused (400). */
export function deleteZone(id: number): Promise<{ message: string; id: number }> {
  return apiRequest(`/api/inmenu/deletezone/${id}`, { method: 'DELETE', silent: [400] });
}

export function useDeleteZoneMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteZone,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: zoneKeys.all }),
        queryClient.invalidateQueries({ queryKey: menuKeys.trees() }),
      ]),
  });
}
