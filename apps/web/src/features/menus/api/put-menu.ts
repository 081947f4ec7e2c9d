import type { PutMenuBody } from '@portal/contract/content-tree';
import { menuTreeCalls } from '@portal/contract/menus-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateMenus } from './menus-keys';

/** Creates (0) or updates a menu; a 400 is shown by the form. */
export function putMenu(id: number, body: PutMenuBody) {
  return call(menuTreeCalls.put, { params: { id }, body }, { silent: [400] });
}

export function usePutMenuMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PutMenuBody }) => putMenu(id, body),
    onSuccess: () => invalidateMenus(queryClient),
  });
}
