import { clientCalls } from '@portal/contract/clients-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateClients } from './users-keys';

/** Deletes a client (refused with WARN_ClientHasHistory when it has history). */
export function deleteClient(id: string) {
  return call(clientCalls.remove, { params: { id } }, { silent: [400] });
}

export function useDeleteClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteClient, onSuccess: () => invalidateClients(queryClient) });
}
