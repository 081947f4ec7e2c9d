import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { menuKeys } from './content-keys';

/** DELETE /api/inmenu/deletemenu/{id} (after confirmation); a 400 says why it cannot go. */
export function deleteMenu(id: number): Promise<{ message: string; id: number }> {
  return apiRequest(`/api/inmenu/deletemenu/${id}`, { method: 'DELETE', silent: [400] });
}

export function useDeleteMenuMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMenu,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuKeys.all }),
  });
}
