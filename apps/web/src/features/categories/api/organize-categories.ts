import { categoryCalls } from '@portal/contract/categories-calls';
import type { OrganizeBody } from '@portal/contract/content-tree';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, invalidateCalls } from '@/lib/call';

/** The whole tree after a drag and drop; WARN_SaveERR is shown by the screen. */
export function organizeCategories(body: OrganizeBody) {
  return call(categoryCalls.organize, { body }, { silent: [400, 409] });
}

export function useOrganizeCategoriesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: organizeCategories,
    // Saved or refused, the tree is read again: it shows what the server keeps.
    onSettled: () => invalidateCalls(queryClient, categoryCalls.tree),
  });
}
