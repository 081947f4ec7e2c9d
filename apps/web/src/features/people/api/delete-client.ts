import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { peopleKeys } from './people-keys';

/** DELETE /api/inclient/deleteclient/{id} (refused with WARN_ClientHasHistory when it has history). */
export function deleteClient(id: string): Promise<{ message: string }> {
  return apiRequest(`/api/inclient/deleteclient/${encodeURIComponent(id)}`, { method: 'DELETE', silent: [400] });
}

export function useDeleteClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.clients }),
  });
}
