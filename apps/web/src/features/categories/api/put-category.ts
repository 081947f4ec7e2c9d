import { categoryCalls } from '@portal/contract/categories-calls';
import type { PutCategoryBody } from '@portal/contract/content-tree';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateCategories } from './categories-keys';

/** Creates (0) or updates a category; a 400 is shown by the form. */
export function putCategory(id: number, body: PutCategoryBody) {
  return call(categoryCalls.put, { params: { id }, body }, { silent: [400] });
}

export function usePutCategoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PutCategoryBody }) => putCategory(id, body),
    onSuccess: () => invalidateCategories(queryClient),
  });
}
