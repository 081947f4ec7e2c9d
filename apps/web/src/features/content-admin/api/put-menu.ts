import type { PutMenuBody } from '@portal/contract/content-tree';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { menuKeys } from './content-keys';

/** POST /api/inmenu/putmenu/{id}: creates (0) or updates a menu; a 400 is shown by the form. */
export function putMenu(id: number, body: PutMenuBody): Promise<{ message: string; id: number }> {
  return apiRequest(`/api/inmenu/putmenu/${id}`, { method: 'POST', json: body, silent: [400] });
}

export function usePutMenuMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PutMenuBody }) => putMenu(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuKeys.all }),
  });
}
