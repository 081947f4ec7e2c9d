import type { PutUserAdminRequest } from '@portal/contract/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { peopleKeys } from './people-keys';

type Saved = { data: { id: string }; message: string };

/** POST /api/inuser/putuseradmin/{id}: creates (all-zero id) or updates a user; a 400 is shown by the form. */
export function putUserAdmin(id: string, body: PutUserAdminRequest): Promise<Saved> {
  return apiRequest<Saved>(`/api/inuser/putuseradmin/${encodeURIComponent(id)}`, {
    method: 'POST',
    json: body,
    silent: [400],
  });
}

export function usePutUserAdminMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PutUserAdminRequest }) => putUserAdmin(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.users }),
  });
}
