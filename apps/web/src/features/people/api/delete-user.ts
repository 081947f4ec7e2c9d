import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { peopleKeys } from './people-keys';

/** DELETE /api/inuser/deleteuser/{id}. */
export function deleteUser(id: string): Promise<{ message: string }> {
  return apiRequest(`/api/inuser/deleteuser/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.users }),
  });
}
