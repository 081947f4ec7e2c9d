import type { OrganizeMenusBody } from '@portal/contract/content-tree';
import { menuTreeCalls } from '@portal/contract/menus-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateMenus } from './menus-keys';

/** One language's menus after a drag and drop; WARN_SaveERR is shown by the screen. */
export function organizeMenus(body: OrganizeMenusBody) {
  return call(menuTreeCalls.organize, { body }, { silent: [400, 409] });
}

export function useOrganizeMenusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: organizeMenus,
    onSettled: () => invalidateMenus(queryClient),
  });
}
