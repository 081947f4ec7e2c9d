import type { PutRolesRequest } from '@portal/contract/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { peopleKeys } from './people-keys';

/** POST /api/inuser/putuserroles/{id}. */
export function putUserRoles(id: string, body: PutRolesRequest): Promise<{ message: string }> {
  return apiRequest(`/api/inuser/putuserroles/${encodeURIComponent(id)}`, { method: 'POST', json: body });
}

export function usePutUserRolesMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutRolesRequest) => putUserRoles(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...peopleKeys.users, 'roles', id] }),
  });
}
