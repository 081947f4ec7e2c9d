import { menuTreeCalls } from '@portal/contract/menus-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateMenus } from './menus-keys';

/** Deletes a menu (after confirmation); a 400 says why it cannot go. */
export function deleteMenu(id: number) {
  return call(menuTreeCalls.remove, { params: { id } }, { silent: [400] });
}

export function useDeleteMenuMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMenu,
    onSuccess: () => invalidateMenus(queryClient),
  });
}
