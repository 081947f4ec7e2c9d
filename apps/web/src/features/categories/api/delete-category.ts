import { categoryCalls } from '@portal/contract/categories-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, invalidateCalls } from '@/lib/call';
import { categoryKeys } from './categories-keys';

/** Deletes a category (after confirmation); a 400 says why it cannot go. */
export function deleteCategory(id: number) {
  return call(categoryCalls.remove, { params: { id } }, { silent: [400] });
}

export function useDeleteCategoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: (_r, id) => {
      queryClient.removeQueries({ queryKey: categoryKeys.detail(id) });
      return invalidateCalls(queryClient, categoryCalls.tree);
    },
  });
}
