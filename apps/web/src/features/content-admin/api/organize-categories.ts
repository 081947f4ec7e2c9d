import type { OrganizeBody } from '@portal/contract/content-tree';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { categoryKeys } from './content-keys';

/** POST /api/incategory/organizecategories/: the whole tree after a drag and drop; WARN_SaveERR is shown by the screen. */
export function organizeCategories(body: OrganizeBody): Promise<{ message: string; version: number }> {
  return apiRequest('/api/incategory/organizecategories/', { method: 'POST', json: body, silent: [400, 409] });
}

export function useOrganizeCategoriesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: organizeCategories,
    // Saved or refused, the tree is read again: it shows what the server keeps.
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoryKeys.trees() }),
  });
}
