import type { PutCategoryBody } from '@portal/contract/content-tree';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { categoryKeys } from './content-keys';

/** POST /api/incategory/putcategory/{id}: creates (0) or updates a category; a 400 is shown by the form. */
export function putCategory(id: number, body: PutCategoryBody): Promise<{ message: string; id: number }> {
  return apiRequest(`/api/incategory/putcategory/${id}`, { method: 'POST', json: body, silent: [400] });
}

export function usePutCategoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PutCategoryBody }) => putCategory(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
