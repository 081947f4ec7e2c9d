import type { OrganizeMenusBody } from '@portal/contract/content-tree';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { menuKeys } from './content-keys';

/** POST /api/inmenu/organizemenus/: one language's menus after a drag and drop; WARN_SaveERR is shown by the screen. */
export function organizeMenus(body: OrganizeMenusBody): Promise<{ message: string; version: number }> {
  return apiRequest('/api/inmenu/organizemenus/', { method: 'POST', json: body, silent: [400, 409] });
}

export function useOrganizeMenusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: organizeMenus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: menuKeys.all }),
  });
}
