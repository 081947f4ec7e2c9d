import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { categoryKeys } from './content-keys';

/** DELETE /api/incategory/deletecategory/{id} (after confirmation); a 400 says why it cannot go. */
export function deleteCategory(id: number): Promise<{ message: string; id: number }> {
  return apiRequest(`/api/incategory/deletecategory/${id}`, { method: 'DELETE', silent: [400] });
}

export function useDeleteCategoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: (_r, id) => {
      queryClient.removeQueries({ queryKey: categoryKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: categoryKeys.trees() });
    },
  });
}
